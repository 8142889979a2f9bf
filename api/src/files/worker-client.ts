/**
 * The server's side of the file worker (worker-main.ts): a child process, started when the first job
 * comes and stopped once it has had nothing to do for `idleMs`, so the memory a decode takes is given
 * back to the system whole. A child process rather than a Worker thread: a thread's memory is the
 * server's own. Jobs go at most DECODE_SLOTS at a time (decode-slots.ts); the rest wait in order.
 */
import { join } from 'node:path'
import { decodeSlots, fullSizeSlots, type Semaphore } from './decode-slots'
import type { FileJobInput, FileJobKind, FileJobOutput, FileJobReply } from './worker-jobs'

/** The worker ended (crashed, was killed) while it had this job: the job is lost, the next one starts a new worker. */
export class FileWorkerStoppedError extends Error {}

interface PendingJob {
  child: Bun.Subprocess
  resolve: (output: unknown) => void
  reject: (error: Error) => void
}

/** The worker process's entry: it registers the job handlers (the files layer's, the features') and serves them. */
const MAIN = join(import.meta.dir, '..', 'file-worker.ts')

/**
 * libvips allocates with glibc's malloc, which gives each thread that allocates its own arena (up to
 * 8 per core) and hands little of it back: two large decodes left the worker at 390 MB resident, and
 * making variants one after another it kept growing. Two arenas, and blocks over 128 KB (picture
 * buffers) mapped on their own so that freeing one gives it back to the system at once.
 */
const WORKER_MALLOC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

/** Workers alive in this process: ended with it, whichever way it exits. */
const alive = new Set<Bun.Subprocess>()
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL')
})

export class FileWorker {
  private child: Bun.Subprocess | null = null
  private readonly pending = new Map<number, PendingJob>()
  private nextId = 1
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  private starts = 0

  constructor(
    private readonly idleMs: number,
    private readonly slots: Semaphore = decodeSlots,
    private readonly fullSize: Semaphore = fullSizeSlots,
  ) {}

  /** The worker's process id while one runs (for tests and monitoring). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** How many workers were started so far. */
  get started(): number {
    return this.starts
  }

  /**
   * Runs a job in the worker once a decode slot is free (and, for an upload's full-size re-encode, the
   * full-size slot: it is taken first, so a waiting re-encode never holds a decode slot a variant could
   * use). Rejects with FileWorkerStoppedError if the worker dies meanwhile.
   */
  run<K extends FileJobKind>(kind: K, input: FileJobInput<K>): Promise<FileJobOutput<K>> {
    const job = () => this.slots.run(() => this.send(kind, input)) as Promise<FileJobOutput<K>>
    return kind === 'image' ? this.fullSize.run(job) : job()
  }

  /** Stops the worker now (a server shutdown); jobs still running get FileWorkerStoppedError. */
  async stop(): Promise<void> {
    clearTimeout(this.idleTimer)
    const child = this.child
    this.child = null
    if (!child) return
    child.kill()
    await child.exited
  }

  private send(kind: FileJobKind, input: unknown): Promise<unknown> {
    clearTimeout(this.idleTimer)
    const child = this.child ?? this.spawn()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { child, resolve, reject })
      // While it has work the worker keeps this process alive (a script awaiting a job); idle, it does not.
      child.ref()
      child.send({ id, kind, input })
    }).finally(() => {
      this.pending.delete(id)
      if (this.pending.size === 0) this.becomeIdle()
    })
  }

  private spawn(): Bun.Subprocess {
    const child = Bun.spawn([process.execPath, MAIN], {
      env: { ...process.env, ...WORKER_MALLOC },
      stdio: ['ignore', 'inherit', 'inherit'],
      serialization: 'advanced',
      ipc: (reply: FileJobReply) => this.receive(reply),
      onExit: (proc, code, signal) => this.exited(proc, code, signal),
    })
    alive.add(child)
    this.child = child
    this.starts++
    return child
  }

  private receive(reply: FileJobReply): void {
    const job = this.pending.get(reply.id)
    if (!job) return
    if (reply.ok) job.resolve(reply.output)
    else job.reject(new Error(reply.error))
  }

  private exited(child: Bun.Subprocess, code: number | null, signal: number | string | null): void {
    alive.delete(child)
    if (this.child === child) this.child = null
    const lost = [...this.pending.values()].filter((job) => job.child === child)
    if (lost.length === 0) return
    const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`
    console.error(JSON.stringify({ level: 'error', msg: 'file worker stopped during a job', how, jobs: lost.length }))
    for (const job of lost) job.reject(new FileWorkerStoppedError(`The file worker ${how} while working on this file.`))
  }

  private becomeIdle(): void {
    this.child?.unref()
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => {
      if (this.pending.size > 0 || !this.child) return
      const child = this.child
      this.child = null
      child.kill()
    }, this.idleMs)
    this.idleTimer.unref()
  }
}
