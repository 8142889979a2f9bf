/**
 * The file worker: a child process the server starts when a picture or PDF needs decoding
 * (worker-client.ts) and stops when it has been idle a while. It answers jobs (worker-jobs.ts) over
 * Bun's IPC channel, at most DECODE_SLOTS at a time, and loads each library only for the job that needs it.
 * The process starts at api/src/file-worker.ts, which hands serveFileJobs the handlers: the ones here
 * for uploads, and those the features and the demo seed register for their own jobs.
 */
import { DECODE_SLOTS, Semaphore } from './decode-slots'
import type { FileJobKind, FileJobReply, FileJobRequest, FileJobs } from './worker-jobs'

export type FileJobHandlers = { [K in FileJobKind]: (input: FileJobs[K]['input']) => Promise<FileJobs[K]['output']> }

/** The jobs of uploaded files themselves. */
export const uploadJobHandlers: Pick<FileJobHandlers, 'image' | 'pdf' | 'derived' | 'appIcon'> = {
  image: async (input) => (await import('./decoding')).reencodeImage(input),
  pdf: async (input) => (await import('./decoding')).checkPdf(input),
  derived: async (input) => (await import('./decoding')).encodeDerived(input),
  appIcon: async ({ logo, output, size, purpose, background }) => {
    const png = await (await import('./app-icons')).drawAppIcon(await Bun.file(logo).bytes(), { size, purpose }, background)
    return { bytes: await Bun.write(output, png) }
  },
}

// The server sends at most DECODE_SLOTS jobs at once already; this keeps the bound true for any sender.
const slots = new Semaphore(DECODE_SLOTS)

async function answer(handlers: FileJobHandlers, request: FileJobRequest): Promise<FileJobReply> {
  try {
    const handler = handlers[request.kind] as (input: unknown) => Promise<unknown>
    if (!handler) throw new Error(`unknown job '${String(request.kind)}'`)
    return { id: request.id, ok: true, output: await slots.run(() => handler(request.input)) }
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) }
  } finally {
    // The JavaScript heap here is tiny, so the collector seldom runs on its own, while the buffers a
    // job leaves (an encoded picture, a PDF) are large: collected once the worker has nothing running.
    if (slots.busy === 0) Bun.gc(true)
  }
}

/** Answers the server's jobs with `handlers` until the server goes. */
export function serveFileJobs(handlers: FileJobHandlers): void {
  process.on('message', (request: FileJobRequest) => {
    void answer(handlers, request).then((reply) => process.send?.(reply))
  })

  // Never outlive the server: the channel closes when it exits, however it exits (a SIGKILL included).
  process.on('disconnect', () => process.exit(0))
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0)
  }, 1000).unref()
}
