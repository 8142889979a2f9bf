/**
 * How many images (or PDFs) are decoded at once. A decode holds the whole picture in memory: twenty
 * staff uploads of 8.7 MB photos decoded side by side took the server to 590 MB. Two at a time keeps
 * both cores busy and memory to a couple of pictures; the rest wait their turn, in order.
 */
export const DECODE_SLOTS = 2

/** A job waited its whole `maxWaitMs` for a slot and was given up before it started. */
export class SlotWaitError extends Error {
  constructor(readonly waitedMs: number) {
    super(`No slot came free within ${Math.round(waitedMs / 1000)} s.`)
  }
}

export class Semaphore {
  private active = 0
  private most = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly slots: number) {}

  /**
   * Runs `work` once a slot is free, and frees it however the work ends. With `maxWaitMs`, a job still
   * waiting after that long leaves the line and rejects with SlotWaitError (it never ran).
   */
  async run<T>(work: () => Promise<T>, maxWaitMs?: number): Promise<T> {
    if (this.active >= this.slots) await this.wait(maxWaitMs)
    else this.most = Math.max(this.most, ++this.active)
    try {
      return await work()
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot jump the queue.
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }

  private wait(maxWaitMs: number | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer)
        resolve()
      }
      this.waiting.push(turn)
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              const index = this.waiting.indexOf(turn)
              if (index < 0) return
              this.waiting.splice(index, 1)
              reject(new SlotWaitError(maxWaitMs))
            }, maxWaitMs)
    })
  }

  /** Jobs waiting for a slot now (for tests and monitoring). */
  get queued(): number {
    return this.waiting.length
  }

  /** Decodes running now (for tests and monitoring). */
  get busy(): number {
    return this.active
  }

  /** The most decodes that ran at once since the last `resetPeak()` (what bounds memory; for tests). */
  get peak(): number {
    return this.most
  }

  resetPeak(): void {
    this.most = this.active
  }
}

/** The one limiter every upload and variant decode goes through. */
export const decodeSlots = new Semaphore(DECODE_SLOTS)

/**
 * Upload jobs (re-encoding an image at full size, checking and reading a PDF, the demo seed) run one at
 * a time in a worker of their own and take this slot before a decode slot: the dearest job (a whole
 * picture held while it is encoded again, a PDF of unknown cost) never holds more than one decode slot,
 * so a picture copy a visitor asks for always has one, in the other worker.
 */
export const UPLOAD_SLOTS = 1
export const uploadSlots = new Semaphore(UPLOAD_SLOTS)
