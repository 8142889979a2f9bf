/**
 * Every file worker job has a time and a memory budget, and a PDF a page budget (files/worker-client.ts,
 * files/job-budgets.ts): a job over one is stopped, its worker killed and refused with the reason, and
 * the next job gets a fresh worker. The PDFs are built to be expensive: small on the wire, ruinous to read.
 */
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { loadConfig } from '../src/config'
import { Semaphore, SlotWaitError } from '../src/files/decode-slots'
import { residentBytes } from '../src/files/job-budgets'
import { MAX_PDF_PAGES } from '../src/files/model'
import { FileJobBudgetError, FileWorker, FileWorkerStoppedError, type FileWorkerOptions } from '../src/files/worker-client'
import { inflatingPdf, manyPagesPdf } from './hostile-pdfs'

const dir = mkdtempSync(join(tmpdir(), 'job-budgets-'))
const workers: FileWorker[] = []
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()))
})
// bun test runs many files in one process: its exit comes long after this file, or never for an interrupted run.
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function workerWith(budgets: Partial<FileWorkerOptions>): FileWorker {
  const worker = new FileWorker({ idleMs: 10_000, jobSeconds: 60, memoryMb: 4096, slots: new Semaphore(2), ...budgets })
  workers.push(worker)
  return worker
}

async function file(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name)
  await Bun.write(path, bytes)
  return path
}

const failureOf = (job: Promise<unknown>) =>
  job.then(
    () => null,
    (error: unknown) => error,
  )

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A small picture job, to show the worker serves again after one was stopped. */
async function pictureJob(worker: FileWorker, name: string) {
  return runPicture(worker, name, await smallPicture(name))
}

async function smallPicture(name: string): Promise<string> {
  const input = join(dir, `${name}.jpg`)
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a6' } })
    .jpeg()
    .toFile(input)
  return input
}

const runPicture = (worker: FileWorker, name: string, input: string) => worker.run('image', { input, output: join(dir, `${name}-out.jpg`), type: 'image/jpeg' })

describe('file worker job budgets', () => {
  test('a PDF whose text takes more processor time than the budget is stopped at the budget, its worker killed, and the next job gets a new worker', async () => {
    // 2 s, not 1: the next job's new worker starts within its clock backstop (3 × the budget) on a loaded machine.
    const worker = workerWith({ jobSeconds: 2 })
    // 32 KB: 100 pages sharing one content stream of 5,000 lines; reading its text takes pdf.js some 20 s.
    const path = await file('slow.pdf', manyPagesPdf(100, 5000))
    const started = performance.now()
    const job = worker.run('menuText', { path })
    const pid = await waitForPid(worker)
    // Timed from its worker being there: starting one on a loaded machine (a full test run) takes seconds of its own.
    const running = performance.now()
    const error = await failureOf(job)
    const took = performance.now() - started
    expect(error).toBeInstanceOf(FileJobBudgetError)
    expect((error as FileJobBudgetError).budget).toBe('time')
    // Its budget is processor time: a worker using two threads spends two seconds of it in under two by the clock.
    expect(took).toBeGreaterThanOrEqual(800)
    // At the latest the clock's backstop (3 × the budget from the job's sending: a loaded machine gives the
    // worker less than its share of the processor, and a new worker seconds to be ready) stops it, never
    // the 20 s the reading would take.
    expect(performance.now() - running).toBeLessThan(10_000)
    expect(alive(pid)).toBe(false)

    expect((await pictureJob(worker, 'after-time')).width).toBe(64)
    expect(worker.started).toBe(2)
  }, 20_000)

  test('the time budget is processor time: a job whose worker is held up (a busy machine) is not stopped for the clock alone', async () => {
    // A 2 s budget, so the clock's backstop (3 × the budget) leaves the job 3.5 s to finish once it runs again:
    // with a 1 s budget, a loaded machine (a full test run) took longer than the 1.5 s left and the backstop fired.
    const worker = workerWith({ jobSeconds: 2 })
    // A worker already started, so what is left of the job once it runs again is a few milliseconds of work.
    await pictureJob(worker, 'warm-up')
    const input = await smallPicture('held-up')
    const pid = await waitForPid(worker)
    const job = runPicture(worker, 'held-up', input)
    // By the clock the job is held past its 2 s budget, using none of it.
    process.kill(pid, 'SIGSTOP')
    await Bun.sleep(2500)
    process.kill(pid, 'SIGCONT')
    expect((await job).width).toBe(64)
    expect(worker.started).toBe(1)
  }, 20_000)

  test('a PDF whose Flate stream inflates past the memory budget is stopped by that budget, its worker killed, and the next job gets a new worker', async () => {
    const worker = workerWith({ memoryMb: 300 })
    // 600 KB on the wire, 600 MB once inflated: unchecked, the worker passed 1.3 GB.
    const path = await file('inflating.pdf', inflatingPdf(600))
    const job = worker.run('menuText', { path })
    const pid = await waitForPid(worker)
    const error = await failureOf(job)
    // How far past its budget a worker gets before it is stopped depends on how busy the machine is: that
    // figure is `npm run bench -- --only=worker-budgets`'s. Here: the memory budget, not the job's end, stopped it.
    expect(error).toBeInstanceOf(FileJobBudgetError)
    expect((error as FileJobBudgetError).budget).toBe('memory')
    expect((error as Error).message).toContain('300 MB')
    expect(alive(pid)).toBe(false)

    expect((await pictureJob(worker, 'after-memory')).width).toBe(64)
    expect(worker.started).toBe(2)
  }, 20_000)

  test(`a PDF of more than ${MAX_PDF_PAGES} pages is refused when it is checked, without reading its pages; ${MAX_PDF_PAGES} are accepted`, async () => {
    // Ten seconds of processor time: reading 20,000 pages would take far more, so passing proves they were not read.
    const worker = workerWith({ jobSeconds: 10 })
    const many = await worker.run('pdf', { input: await file('many.pdf', manyPagesPdf(20_000)) })
    expect(many.problem).toBe('too-many-pages')
    expect((await worker.run('pdf', { input: await file('over.pdf', manyPagesPdf(MAX_PDF_PAGES + 1)) })).problem).toBe('too-many-pages')
    expect((await worker.run('pdf', { input: await file('most.pdf', manyPagesPdf(MAX_PDF_PAGES)) })).problem).toBeNull()
    // The test's own limit: past the job's ten seconds by the clock's backstop (three times), as a machine busy with the browser tests needs.
  }, 45_000)

  test(`the text of a stored PDF of more pages is read from its first ${MAX_PDF_PAGES} only`, async () => {
    // Within ten seconds of processor time (the whole 20,000 pages would be over it, and refused).
    const worker = workerWith({ jobSeconds: 10 })
    const sections = await worker.run('menuText', { path: await file('stored-long.pdf', manyPagesPdf(20_000)) })
    expect(sections).not.toBeNull()
    // As above: ten seconds of processor time may take thirty by the clock beside the browser tests.
  }, 45_000)

  test('stop() ends a worker busy with a job at once: the job fails, and no job after it starts a worker', async () => {
    const worker = workerWith({ jobSeconds: 600 })
    const job = worker.run('menuText', { path: await file('hang.pdf', manyPagesPdf(100, 5000)) })
    const pid = await waitForPid(worker)
    // pdf.js loaded (about 80 MB): the worker is at work on the pages.
    while ((residentBytes(pid) ?? 0) < 120 * 1024 * 1024) await Bun.sleep(10)
    const started = performance.now()
    await worker.stop()
    expect(performance.now() - started).toBeLessThan(1000)
    expect(alive(pid)).toBe(false)
    expect(await failureOf(job)).toBeInstanceOf(FileWorkerStoppedError)
    expect(await failureOf(pictureJob(worker, 'after-stop'))).toBeInstanceOf(FileWorkerStoppedError)
    expect(worker.started).toBe(1)
  }, 20_000)
})

test('an upload that waits longer than firstWaitMs behind another is given up (SlotWaitError) without running; the demo content waits its turn', async () => {
  const first = new Semaphore(1)
  const worker = workerWith({ jobSeconds: 600, first, firstWaitMs: 300 })
  const slow = worker.run('menuText', { path: await file('queue-hog.pdf', manyPagesPdf(100, 5000)) })
  await waitForPid(worker)
  const started = performance.now()
  const waited = await failureOf(pictureJob(worker, 'behind-hog'))
  expect(waited).toBeInstanceOf(SlotWaitError)
  expect(performance.now() - started).toBeLessThan(3000)
  expect(first.queued).toBe(0)
  const demo = worker.run('demoImage', {
    caption: 'Patient',
    palette: { sky: '#9bd', far: '#576', near: '#354', accent: '#fd8' },
    width: 64,
    height: 48,
    seed: 1,
  })
  // Twice the upload's wait, on purpose: what is checked is that nothing gives the demo job up.
  await Bun.sleep(600)
  expect(first.queued).toBe(1)
  await worker.stop()
  expect(await failureOf(slow)).toBeInstanceOf(FileWorkerStoppedError)
  expect(await failureOf(demo)).toBeInstanceOf(FileWorkerStoppedError)
}, 20_000)

test('the budgets are read from FILE_JOB_SECONDS, PICTURE_JOB_SECONDS and FILE_WORKER_MEMORY_MB: 20 s, 10 s and 512 MB unless set', () => {
  const defaults = loadConfig({ DATA_DIR: '/tmp/unused-budgets-test' })
  expect([defaults.fileJobSeconds, defaults.pictureJobSeconds, defaults.fileWorkerMemoryMb]).toEqual([20, 10, 512])
  const set = loadConfig({ DATA_DIR: '/tmp/unused-budgets-test', FILE_JOB_SECONDS: '5', PICTURE_JOB_SECONDS: '3', FILE_WORKER_MEMORY_MB: '300' })
  expect([set.fileJobSeconds, set.pictureJobSeconds, set.fileWorkerMemoryMb]).toEqual([5, 3, 300])
  expect(() => loadConfig({ DATA_DIR: '/tmp/unused-budgets-test', FILE_WORKER_MEMORY_MB: 'lots' })).toThrow('FILE_WORKER_MEMORY_MB')
})

async function waitForPid(worker: FileWorker): Promise<number> {
  while (worker.pid === undefined) await Bun.sleep(5)
  return worker.pid
}
