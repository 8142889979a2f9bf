/**
 * The server's side of a file worker (worker-main.ts): a child process, started when the first job
 * comes and stopped once it has had nothing to do for `idleMs`, so the memory a decode takes is given
 * back to the system whole. A child process rather than a Worker thread: a thread's memory is the
 * server's own. Jobs go at most DECODE_SLOTS at a time (decode-slots.ts); the rest wait in order.
 *
 * Every job has budgets (job-budgets.ts): a time and the worker's resident memory. A job over either
 * has its worker killed (SIGKILL: pdf.js or libvips busy in one long call cannot be asked to stop), is
 * rejected with FileJobBudgetError, and the next job starts a fresh worker.
 */
import { join } from 'node:path'
import { decodeSlots, type Semaphore } from './decode-slots'
import { FileJobBudgetError, processorSeconds, residentBytes, type FileJobBudgets } from './job-budgets'
import type { FileJobInput, FileJobKind, FileJobOutput, FileJobReply } from './worker-jobs'

export { FileJobBudgetError, type FileJobBudgets }

/** The worker ended (crashed, was killed, the server is stopping) while it had this job: the job is lost; the next one starts a new worker. */
export class FileWorkerStoppedError extends Error {}

interface PendingJob {
  child: Bun.Subprocess
  resolve: (output: unknown) => void
  reject: (error: Error) => void
  /** Why the worker was killed, when this job's budget was the reason. */
  overBudget?: FileJobBudgetError
  /** The worker's processor seconds when the job was sent (null where /proc cannot be read). */
  cpuAtStart: number | null
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

/**
 * How often a busy worker's resident memory is read. A Flate stream inflates at about 700 MB a second:
 * a worker is stopped within some 35 MB of its limit.
 */
const MEMORY_POLL_MS = 50
/**
 * A job's time budget is processor time (job-budgets.ts); this many times it by the clock is a backstop
 * for a job that uses none (a worker stopped, or waiting on a disk that does not answer).
 */
const WALL_CLOCK_FACTOR = 3

/** Workers alive in this process: ended with it, whichever way it exits. */
const alive = new Set<Bun.Subprocess>()
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL')
})

export interface FileWorkerOptions extends FileJobBudgets {
  /** How long the worker waits for more work before it exits. */
  idleMs: number
  /** Decode slots every job of this worker takes (shared between workers, so together they stay within it). */
  slots?: Semaphore
  /** A slot taken before the decode slot (uploads take theirs first, so a waiting upload never holds a decode slot a picture copy could use). */
  first?: Semaphore
  /**
   * How long an upload's job may wait for the `first` slot before it is refused (SlotWaitError): one
   * account sending hostile files one after another must not hold every other upload for minutes.
   * The demo content made at first start waits as long as it takes.
   */
  firstWaitMs?: number
}

/** Jobs made for the demo content at first start: never refused for waiting. */
const UNHURRIED: readonly FileJobKind[] = ['demoImage', 'demoMenu']

export class FileWorker {
  private child: Bun.Subprocess | null = null
  private readonly pending = new Map<number, PendingJob>()
  private nextId = 1
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  private budgetWatch: ReturnType<typeof setInterval> | undefined
  private starts = 0
  private closed = false
  private readonly slots: Semaphore

  constructor(private readonly options: FileWorkerOptions) {
    this.slots = options.slots ?? decodeSlots
  }

  /** The worker's process id while one runs (for tests and monitoring). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** How many workers were started so far. */
  get started(): number {
    return this.starts
  }

  /**
   * Runs a job in the worker once its slots are free. Rejects with FileJobBudgetError if it goes over a
   * budget, FileWorkerStoppedError if the worker dies meanwhile or has been stopped.
   */
  run<K extends FileJobKind>(kind: K, input: FileJobInput<K>): Promise<FileJobOutput<K>> {
    const job = () => this.slots.run(() => this.send(kind, input)) as Promise<FileJobOutput<K>>
    const maxWaitMs = UNHURRIED.includes(kind) ? undefined : this.options.firstWaitMs
    return this.options.first ? this.options.first.run(job, maxWaitMs) : job()
  }

  /** Stops the worker now, for good (a server shutdown): jobs running get FileWorkerStoppedError, and so do any sent later. */
  async stop(): Promise<void> {
    this.closed = true
    clearTimeout(this.idleTimer)
    const child = this.child
    this.child = null
    if (!child) return
    child.kill('SIGKILL')
    await child.exited
  }

  private send(kind: FileJobKind, input: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new FileWorkerStoppedError('The file worker has been stopped: the server is shutting down.'))
    clearTimeout(this.idleTimer)
    const child = this.child ?? this.spawn()
    const id = this.nextId++
    let timer: ReturnType<typeof setTimeout> | undefined
    return new Promise((resolve, reject) => {
      this.pending.set(id, { child, resolve, reject, cpuAtStart: processorSeconds(child.pid) })
      // While it has work the worker keeps this process alive (a script awaiting a job); idle, it does not.
      child.ref()
      child.send({ id, kind, input })
      const wallMs = this.options.jobSeconds * 1000 * WALL_CLOCK_FACTOR
      timer = setTimeout(() => this.overBudget(child, [id], new FileJobBudgetError('time', this.options.jobSeconds)), wallMs)
      this.watchBudgets()
    }).finally(() => {
      clearTimeout(timer)
      this.pending.delete(id)
      if (this.pending.size === 0) this.becomeIdle()
    })
  }

  /**
   * While jobs run, reads the worker's resident memory and processor time: over the memory budget every
   * job it had is stopped; a job that has had its time budget of processor time since it was sent is too.
   */
  private watchBudgets(): void {
    if (this.budgetWatch) return
    this.budgetWatch = setInterval(() => {
      const child = this.child
      if (!child || this.pending.size === 0) return this.unwatchBudgets()
      const jobs = [...this.pending].filter(([, job]) => job.child === child)
      const cpu = processorSeconds(child.pid)
      const overTime = jobs.filter(([, job]) => cpu !== null && job.cpuAtStart !== null && cpu - job.cpuAtStart > this.options.jobSeconds)
      if (overTime.length)
        return this.overBudget(
          child,
          overTime.map(([id]) => id),
          new FileJobBudgetError('time', this.options.jobSeconds),
        )
      const resident = residentBytes(child.pid)
      if (resident === null || resident <= this.options.memoryMb * 1024 * 1024) return
      this.overBudget(
        child,
        jobs.map(([id]) => id),
        new FileJobBudgetError('memory', this.options.memoryMb),
      )
    }, MEMORY_POLL_MS)
    this.budgetWatch.unref()
  }

  private unwatchBudgets(): void {
    clearInterval(this.budgetWatch)
    this.budgetWatch = undefined
  }

  /** Kills a worker whose job went over a budget: those jobs get `error` once it has exited, the next job a new worker. */
  private overBudget(child: Bun.Subprocess, ids: number[], error: FileJobBudgetError): void {
    for (const id of ids) {
      const job = this.pending.get(id)
      if (job && job.child === child) job.overBudget ??= error
    }
    if (this.child === child) this.child = null
    console.error(JSON.stringify({ level: 'error', msg: 'file job over budget, worker stopped', budget: error.budget, limit: error.limit }))
    child.kill('SIGKILL')
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
    if (!job || job.overBudget) return
    if (reply.ok) job.resolve(reply.output)
    else job.reject(new Error(reply.error))
  }

  private exited(child: Bun.Subprocess, code: number | null, signal: number | string | null): void {
    alive.delete(child)
    if (this.child === child) this.child = null
    const lost = [...this.pending.values()].filter((job) => job.child === child)
    if (lost.length === 0) return
    const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`
    if (lost.some((job) => !job.overBudget) && !this.closed) {
      console.error(JSON.stringify({ level: 'error', msg: 'file worker stopped during a job', how, jobs: lost.length }))
    }
    for (const job of lost) job.reject(job.overBudget ?? new FileWorkerStoppedError(`The file worker ${how} while working on this file.`))
  }

  private becomeIdle(): void {
    this.unwatchBudgets()
    this.child?.unref()
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => {
      if (this.pending.size > 0 || !this.child) return
      const child = this.child
      this.child = null
      child.kill()
    }, this.options.idleMs)
    this.idleTimer.unref()
  }
}
