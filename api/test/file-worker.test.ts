/**
 * The file worker (files/worker-client.ts): a child process that decodes and encodes pictures, started
 * when a job comes, gone once idle, replaced after a crash; jobs never run more than the slots allow.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { Semaphore } from '../src/files/decode-slots'
import { FileWorker, FileWorkerStoppedError } from '../src/files/worker-client'

const dir = mkdtempSync(join(tmpdir(), 'file-worker-'))
const workers: FileWorker[] = []

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()))
})

process.on('exit', () => rmSync(dir, { recursive: true, force: true }))

function workerFor(idleMs: number, slots = new Semaphore(2), first?: Semaphore): FileWorker {
  const worker = new FileWorker({ idleMs, jobSeconds: 60, memoryMb: 4096, slots, first })
  workers.push(worker)
  return worker
}

async function jpeg(name: string, width = 64, height = 48): Promise<string> {
  const path = join(dir, name)
  await sharp({ create: { width, height, channels: 3, background: '#6a8' } })
    .jpeg()
    .toFile(path)
  return path
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await Bun.sleep(20)
  }
  return true
}

describe('the file worker', () => {
  test('starts for a job, exits once idle, and starts again for the next job', async () => {
    const worker = workerFor(300)
    const input = await jpeg('idle.jpg')
    const made = await worker.run('image', { input, output: join(dir, 'idle-out.jpg'), type: 'image/jpeg' })
    expect(made).toMatchObject({ width: 64, height: 48, animated: false })
    const pid = worker.pid!
    expect(alive(pid)).toBe(true)
    expect(await until(() => !alive(pid) && worker.pid === undefined, 5000)).toBe(true)

    const again = await worker.run('image', { input, output: join(dir, 'idle-out2.jpg'), type: 'image/jpeg' })
    expect(again.width).toBe(64)
    expect(worker.started).toBe(2)
    expect(worker.pid).not.toBe(pid)
  }, 20_000)

  test('runs with glibc held to two malloc arenas and picture buffers mapped on their own (more arenas kept 390 MB resident)', async () => {
    const worker = workerFor(10_000)
    await worker.run('image', { input: await jpeg('arenas.jpg'), output: join(dir, 'arenas-out.jpg'), type: 'image/jpeg' })
    const environ = readFileSync(`/proc/${worker.pid}/environ`, 'utf8').split('\0')
    expect(environ).toContain('MALLOC_ARENA_MAX=2')
    expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072')
  }, 20_000)

  test('a worker killed mid-job: that job fails with a clear error, the next one works', async () => {
    const worker = workerFor(10_000)
    const big = await jpeg('big.jpg', 6000, 4000)
    const job = worker.run('derived', { input: big, output: join(dir, 'big.avif'), format: 'avif', width: 3000, height: 2000 })
    expect(await until(() => worker.pid !== undefined, 5000)).toBe(true)
    process.kill(worker.pid!, 'SIGKILL')
    const error = await job.then(
      () => null,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(FileWorkerStoppedError)
    expect((error as Error).message).toContain('file worker')

    const small = await jpeg('after-crash.jpg')
    expect((await worker.run('image', { input: small, output: join(dir, 'after-crash-out.jpg'), type: 'image/jpeg' })).width).toBe(64)
    expect(worker.started).toBe(2)
  }, 30_000)

  test('no image: the job fails with the decoder’s reason, and the worker carries on', async () => {
    const worker = workerFor(10_000)
    const junk = join(dir, 'junk.jpg')
    await Bun.write(junk, crypto.getRandomValues(new Uint8Array(2048)))
    await expect(worker.run('image', { input: junk, output: join(dir, 'junk-out.jpg'), type: 'image/jpeg' })).rejects.toThrow()
    const good = await jpeg('good.jpg')
    expect((await worker.run('image', { input: good, output: join(dir, 'good-out.jpg'), type: 'image/jpeg' })).width).toBe(64)
    expect(worker.started).toBe(1)
  }, 20_000)

  test('twelve jobs at once never run more than the slots allow, and all finish', async () => {
    const slots = new Semaphore(2)
    const worker = workerFor(10_000, slots)
    const input = await jpeg('many.jpg', 800, 600)
    let most = 0
    const watch = setInterval(() => {
      most = Math.max(most, slots.busy)
    }, 1)
    const jobs = Array.from({ length: 12 }, (_, i) =>
      worker.run('derived', { input, output: join(dir, `many-${i}.webp`), format: 'webp', width: 400, height: 300 }),
    )
    const results = await Promise.all(jobs)
    clearInterval(watch)
    expect(results).toHaveLength(12)
    expect(results.every((result) => result.bytes > 0)).toBe(true)
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(2)
  }, 30_000)

  test('uploads go one at a time in their worker, while picture copies use the other slot in theirs; all finish', async () => {
    const slots = new Semaphore(2)
    const fullSize = new Semaphore(1)
    const worker = workerFor(10_000, slots, fullSize)
    const pictures = workerFor(10_000, slots)
    const input = await jpeg('full-size.jpg', 800, 600)
    const uploads = Array.from({ length: 3 }, (_, i) => worker.run('image', { input, output: join(dir, `full-size-${i}.jpg`), type: 'image/jpeg' }))
    const variants = Array.from({ length: 3 }, (_, i) =>
      pictures.run('derived', { input, output: join(dir, `beside-${i}.webp`), format: 'webp', width: 400, height: 300 }),
    )
    const [made, derived] = await Promise.all([Promise.all(uploads), Promise.all(variants)])
    expect(made.map((image) => image.width)).toEqual([800, 800, 800])
    expect(derived.every((variant) => variant.bytes > 0)).toBe(true)
    expect(fullSize.peak).toBe(1)
    // A re-encode waiting for its turn holds no decode slot: a variant ran beside the one at work.
    expect(slots.peak).toBe(2)
  }, 30_000)
})
