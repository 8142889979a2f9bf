/**
 * pdf.js, loaded only by the menu pages through `import('../lib/pdf')`: public pages never download it.
 * The worker is a separate file Vite emits next to this chunk.
 */
import { GlobalWorkerOptions, getDocument as pdfGetDocument, PDFWorker, type PDFPageProxy } from 'pdfjs-dist'
import { hasMenuText, menuSectionsFromText, readMenuTextPage, type MenuSection, type MenuTextPage } from '../../../api/src/shared/menu-text'

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
  text: MenuTextPage
}

export interface MenuDocument {
  pages: MenuPage[]
  /** The menu as headings, dishes and prices; null when the PDF has no usable text (a scan). */
  sections: MenuSection[] | null
}

/**
 * Opens a menu PDF and reads it: its pages (to draw) and its text rebuilt as sections (to show as
 * HTML on a phone). Works on the bytes saved on the device, so offline too. `destroy` frees the worker's copy.
 */
export function readMenuDocument(bytes: Uint8Array): { promise: Promise<MenuDocument>; destroy(): Promise<void> } {
  // pdf.js hands the buffer to its worker, so it gets a copy: `bytes` stays usable for the next read.
  const task = getDocument(bytes.slice())
  const promise = task.promise.then(async (doc) => {
    const pages: MenuPage[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: 1 })
      const text = await readMenuTextPage(page).catch((error: unknown) => {
        console.error('Could not read the text of a menu page:', error)
        return { items: [] }
      })
      pages.push({ page, width: viewport.width, height: viewport.height, text })
    }
    const sections = menuSectionsFromText(pages.map((page) => page.text))
    return { pages, sections: hasMenuText(sections) ? sections : null }
  })
  return { promise, destroy: () => task.destroy() }
}

export type { PDFPageProxy, RenderTask } from 'pdfjs-dist'
