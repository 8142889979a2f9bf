/**
 * When the server last took a request. Work nobody waits for (the variant queue's background work,
 * files/variants.ts) waits for a quiet moment: on a two-core server, an AVIF encode beside a burst of
 * visitors slows every reply, and the file worker doing it is a second process resident beside the server.
 */
export class Traffic {
  private last = -Infinity

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A request came in. */
  note(): void {
    this.last = this.now()
  }

  /** How long until no request has come for `quietMs` (0: quiet now). */
  busyFor(quietMs: number): number {
    return Math.max(0, this.last + quietMs - this.now())
  }
}
