import type { Database } from 'bun:sqlite'
import { createHmac } from 'node:crypto'
import { HttpError } from './errors'

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/
/** Replies are kept this long, then pruned; the offline outbox never waits longer than this to replay. */
export const IDEMPOTENCY_RETENTION_DAYS = 7

/** Text to hash as is, queued between the values it separates. */
class Literal {
  constructor(readonly text: string) {}
}

/**
 * Hashes the method, path and body, keyed with the token-signing secret (kept out of the database and
 * its backups): a body may hold a password, and a plain hash of it in a backup could be cracked by
 * guessing. (A new secret makes stored keys answer 422 instead of replaying; they expire in a week.)
 * Walks the body with its own stack rather than recursion: a body
 * nested a hundred thousand levels deep is valid JSON, and must get a reply rather than a stack overflow.
 */
async function fingerprint(request: Request, body: unknown, secret: string): Promise<string> {
  const hash = createHmac('sha256', secret)
  hash.update(`${request.method} ${new URL(request.url).pathname}\n`)
  const pending: unknown[] = [body]
  while (pending.length > 0) {
    const value = pending.pop()
    if (value instanceof Literal) {
      hash.update(value.text)
    } else if (value instanceof Blob) {
      hash.update(`blob:${value.size}:`)
      // Chunk by chunk: an upload is a File read from disk (upload-spool.ts), and twenty of 8 MB at once would otherwise all be read into memory here.
      for await (const chunk of value.stream()) hash.update(chunk)
    } else if (Array.isArray(value)) {
      hash.update('[')
      pending.push(new Literal(']'))
      for (let i = value.length - 1; i >= 0; i--) pending.push(value[i])
    } else if (value && typeof value === 'object') {
      const keys = Object.keys(value).sort()
      for (let i = keys.length - 1; i >= 0; i--) {
        pending.push((value as Record<string, unknown>)[keys[i]!])
        pending.push(new Literal(`${JSON.stringify(keys[i])}:`))
      }
    } else {
      hash.update(JSON.stringify(value ?? null))
    }
  }
  return hash.digest('hex')
}

export interface Idempotency {
  /** The stored reply when this key was already used for the same request. */
  replay(): { status: number; body: unknown } | null
  /** Runs the change in one transaction with the record of its reply. */
  commit<T>(change: () => T, status?: number): T
}

/**
 * The Idempotency-Key of a request, within its caller's own space (`caller` is `staff:<account id>` or
 * `anonymous` for visitors), so nobody can claim a key before someone else uses it, or be handed another
 * caller's stored reply. Method and path are bound to the key through the request hash: the same
 * caller reusing a key for another request gets 422 rather than a reply meant for something else.
 */
export async function idempotencyFor(
  db: Database,
  secret: string,
  request: Request,
  body: unknown,
  caller: string,
  /** Runs first inside the change's transaction and throws to refuse it: whatever was true when the request began may not be now. */
  stillAllowed: () => void = () => undefined,
): Promise<Idempotency> {
  const key = request.headers.get('idempotency-key')
  const scope = caller
  const run = <T>(change: () => T, status = 200): T => {
    try {
      return db.transaction(() => {
        stillAllowed()
        const reply = change()
        if (key) {
          db.query('INSERT INTO idempotency_keys (scope, key, request_hash, status, body) VALUES (?, ?, ?, ?, ?)').run(
            scope,
            key,
            requestHash!,
            status,
            JSON.stringify(reply),
          )
        }
        return reply
      })()
    } catch (error) {
      // Two identical requests raced: the first committed, this one was rolled back whole.
      if (key && String(error).includes('idempotency_keys.key')) {
        throw new HttpError(409, 'A request with this Idempotency-Key was already applied.')
      }
      throw error
    }
  }
  if (key === null) return { replay: () => null, commit: run }
  if (!KEY.test(key)) throw new HttpError(400, 'Idempotency-Key must be 8 to 200 letters, digits or -_.:')
  const requestHash = await fingerprint(request, body, secret)
  return {
    replay() {
      const stored = db.query('SELECT request_hash, status, body FROM idempotency_keys WHERE scope = ? AND key = ?').get(scope, key) as {
        request_hash: string
        status: number
        body: string
      } | null
      if (!stored) return null
      if (stored.request_hash !== requestHash) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.')
      }
      return { status: stored.status, body: JSON.parse(stored.body) }
    },
    commit: run,
  }
}

export function pruneIdempotencyKeys(db: Database, now = new Date()): number {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString()
  return db.query('DELETE FROM idempotency_keys WHERE created_at < ?').run(cutoff).changes
}
