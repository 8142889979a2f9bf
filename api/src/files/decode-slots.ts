/**
 * How many images (or PDFs) are decoded at once. A decode holds the whole picture in memory: twenty
 * staff uploads of 8.7 MB photos decoded side by side took the server to 590 MB. Two at a time keeps
 * both cores busy and memory to a couple of pictures; the rest wait their turn, in order.
 */
export const DECODE_SLOTS = 2

export class Semaphore {
  private active = 0
  private most = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly slots: number) {}

  /** Runs `work` once a slot is free, and frees it however the work ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve))
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
 * Re-encoding an upload at full size is the dearest job: the whole picture is decoded (a PNG or an
 * animation is held whole while it is encoded again), where a variant is decoded already shrunk. One
 * at a time; the other decode slot stays free for variants.
 */
export const FULL_SIZE_SLOTS = 1
export const fullSizeSlots = new Semaphore(FULL_SIZE_SLOTS)
