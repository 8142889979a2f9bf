import type { Database } from 'bun:sqlite'
import type { KnownAddressStore } from './login-throttle'

/** The login throttle's known addresses in the database (migration 009): older than `since` are forgotten as they are read. */
export function knownAddressStore(db: Database): KnownAddressStore {
  return {
    load(since) {
      db.run('DELETE FROM login_known_addresses WHERE last_login_at < ?', [since])
      return db.query<{ username: string; address: string; at: number }, []>('SELECT username, address, last_login_at AS at FROM login_known_addresses').all()
    },
    remember(username, address, at) {
      db.run(
        'INSERT INTO login_known_addresses (username, address, last_login_at) VALUES (?, ?, ?) ON CONFLICT (username, address) DO UPDATE SET last_login_at = excluded.last_login_at',
        [username, address, at],
      )
    },
  }
}
