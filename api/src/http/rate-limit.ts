import { HttpError } from './errors'

/**
 * Counts events per key in a sliding window, in memory (one server process). Used for failed logins
 * and contact messages; a restart forgets the counts, which only ever errs towards letting people in.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>()
  /** When keys nobody has used for a whole window are next forgotten (each key is otherwise tidied only when it is used again). */
  private nextSweep: number

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweep = now() + windowMs
  }

  /** Keys with hits still counted (a burst from many addresses must not grow this for ever). */
  get trackedKeys(): number {
    return this.hits.size
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs
    const times = (this.hits.get(key) ?? []).filter((t) => t > since)
    if (times.length) this.hits.set(key, times)
    else this.hits.delete(key)
    return times
  }

  /** Seconds until the key may try again; 0 when it may now. */
  retryAfter(key: string): number {
    const times = this.recent(key)
    if (times.length < this.limit) return 0
    return Math.max(1, Math.ceil((times[times.length - this.limit]! + this.windowMs - this.now()) / 1000))
  }

  record(key: string): void {
    this.sweepOnceAWindow()
    const times = this.recent(key)
    times.push(this.now())
    this.hits.set(key, times)
  }

  /** At most once a window, a pass over every key: cheap beside the window's records, and memory stays bounded by one window's keys. */
  private sweepOnceAWindow(): void {
    const now = this.now()
    if (now < this.nextSweep) return
    this.nextSweep = now + this.windowMs
    const since = now - this.windowMs
    for (const [key, times] of this.hits) if ((times[times.length - 1] ?? 0) <= since) this.hits.delete(key)
  }

  reset(key: string): void {
    this.hits.delete(key)
  }

  /** Throws 429 with Retry-After when any of the keys is over its limit. */
  assertAllowed(keys: string[], message: string): void {
    const wait = Math.max(0, ...keys.map((k) => this.retryAfter(k)))
    if (wait > 0) throw new HttpError(429, message, { 'retry-after': String(wait) })
  }
}
