import type { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { HttpError } from './errors'

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/
/** Replies are kept this long, then pruned; the offline outbox never waits longer than this to replay. */
export const IDEMPOTENCY_RETENTION_DAYS = 7

async function fingerprint(request: Request, body: unknown): Promise<string> {
  const hash = createHash('sha256')
  hash.update(`${request.method} ${new URL(request.url).pathname}\n`)
  const visit = async (value: unknown): Promise<void> => {
    if (value instanceof Blob) {
      hash.update(`blob:${value.size}:`)
      hash.update(new Uint8Array(await value.arrayBuffer()))
    } else if (Array.isArray(value)) {
      hash.update('[')
      for (const item of value) await visit(item)
      hash.update(']')
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value).sort()) {
        hash.update(`${JSON.stringify(key)}:`)
        await visit((value as Record<string, unknown>)[key])
      }
    } else {
      hash.update(JSON.stringify(value ?? null))
    }
  }
  await visit(body)
  return hash.digest('hex')
}

export interface Idempotency {
  /** The stored reply when this key was already used for the same request. */
  replay(): { status: number; body: unknown } | null
  /** Runs the change in one transaction with the record of its reply. */
  commit<T>(change: () => T, status?: number): T
}

export async function idempotencyFor(db: Database, request: Request, body: unknown): Promise<Idempotency> {
  const key = request.headers.get('idempotency-key')
  const run = <T>(change: () => T, status = 200): T => {
    try {
      return db.transaction(() => {
        const reply = change()
        if (key) {
          db.query('INSERT INTO idempotency_keys (key, request_hash, status, body) VALUES (?, ?, ?, ?)').run(key, requestHash!, status, JSON.stringify(reply))
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
  const requestHash = await fingerprint(request, body)
  return {
    replay() {
      const stored = db.query('SELECT request_hash, status, body FROM idempotency_keys WHERE key = ?').get(key) as
        | { request_hash: string; status: number; body: string }
        | null
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
