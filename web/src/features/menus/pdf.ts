/**
 * pdf.js, loaded only by the menu pages through `import('./pdf')`: public pages never download it.
 * The worker is a separate file Vite emits next to this chunk.
 */
import { GlobalWorkerOptions, getDocument as pdfGetDocument, PDFWorker, type PDFPageProxy } from 'pdfjs-dist'

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString()

let worker: PDFWorker | null = null

/**
 * Opens a PDF from its bytes. One worker serves every menu for the life of the page, so a menu
 * opened again after the signal drops does not need to fetch the worker script again.
 */
function getDocument(data: Uint8Array) {
  if (!worker || worker.destroyed) worker = new PDFWorker()
  return pdfGetDocument({ data, worker, isEvalSupported: false })
}

export interface MenuPage {
  page: PDFPageProxy
  /** Size at scale 1 (PDF points), for the box before the page is drawn. */
  width: number
  height: number
  /** The page's words in one line, for screen readers (the text view comes from the server). */
  text: string
}

export interface MenuDocument {
  pages: MenuPage[]
}

/**
 * Opens a menu PDF to draw its pages. The menu as text is read on the server (GET /api/get-menu's
 * `sections`), so this is only loaded when the drawing is shown. Works on the bytes saved on the
 * device, so offline too. `destroy` frees the worker's copy.
 */
export function readMenuDocument(bytes: Uint8Array): { promise: Promise<MenuDocument>; destroy(): Promise<void> } {
  // pdf.js hands the buffer to its worker, so it gets a copy: `bytes` stays usable for the next read.
  const task = getDocument(bytes.slice())
  const promise = task.promise.then(async (doc) => {
    const pages: MenuPage[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: 1 })
      const text = await page
        .getTextContent()
        .then((content) =>
          content.items
            .map((item) => ('str' in item ? item.str : ''))
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim(),
        )
        .catch(() => '')
      pages.push({ page, width: viewport.width, height: viewport.height, text })
    }
    return { pages }
  })
  return { promise, destroy: () => task.destroy() }
}

export type { PDFPageProxy, RenderTask } from 'pdfjs-dist'
