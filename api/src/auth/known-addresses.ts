import type { Database } from 'bun:sqlite'
import type { KnownAddressStore } from './login-throttle'

/** The login throttle's known addresses in the database (migration 009). */
export function knownAddressStore(db: Database): KnownAddressStore {
  return {
    load(since) {
      return db
        .query<{ username: string; address: string; at: number }, [number]>(
          'SELECT username, address, last_login_at AS at FROM login_known_addresses WHERE last_login_at >= ?',
        )
        .all(since)
    },
    remember(username, address, at) {
      db.run(
        'INSERT INTO login_known_addresses (username, address, last_login_at) VALUES (?, ?, ?) ON CONFLICT (username, address) DO UPDATE SET last_login_at = excluded.last_login_at',
        [username, address, at],
      )
    },
    forget(username) {
      db.run('DELETE FROM login_known_addresses WHERE username = ?', [username])
    },
  }
}

/** Deletes addresses no member has logged in from since `before` (ms); how many went. The retention sweep runs it. */
export function pruneKnownAddresses(db: Database, before: number): number {
  return db.query('DELETE FROM login_known_addresses WHERE last_login_at < ?').run(before).changes
}
