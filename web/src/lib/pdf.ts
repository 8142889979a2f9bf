/**
 * pdf.js, loaded only by the menu pages through `import('../lib/pdf')`: public pages never download it.
 * The worker is a separate file Vite emits next to this chunk.
 */
import { GlobalWorkerOptions, getDocument as pdfGetDocument, PDFWorker } from 'pdfjs-dist'

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString()

let worker: PDFWorker | null = null

/**
 * Opens a PDF from its bytes. One worker serves every menu for the life of the page, so a menu
 * opened again after the signal drops does not need to fetch the worker script again.
 */
export function getDocument(data: Uint8Array) {
  if (!worker || worker.destroyed) worker = new PDFWorker()
  return pdfGetDocument({ data, worker, isEvalSupported: false })
}

export type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist'
