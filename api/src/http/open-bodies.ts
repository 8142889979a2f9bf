/**
 * Requests with a body that one address (an IPv6 address by its /64) may have open at once. A body
 * held open is memory held: a thousand sockets that each declared a large body and sent all but its
 * last byte took the server past a gigabyte. Past the cap a request is refused at once (429, before
 * anything is read); a request leaves the count when the app has answered it, however that went.
 */
export class OpenBodies {
  private readonly open = new Map<string, number>()

  constructor(readonly perAddress: number) {}

  /** Counts a request in, or returns false when its address already has `perAddress` open. */
  enter(key: string): boolean {
    const count = this.open.get(key) ?? 0
    if (count >= this.perAddress) return false
    this.open.set(key, count + 1)
    return true
  }

  leave(key: string): void {
    const count = (this.open.get(key) ?? 1) - 1
    if (count > 0) this.open.set(key, count)
    else this.open.delete(key)
  }

  /** Addresses with a request open now (none once every request has been answered). */
  get addresses(): number {
    return this.open.size
  }
}

export const TOO_MANY_OPEN_BODIES = 'Too many requests from your address are still sending. Please wait for them to finish and try again.'
