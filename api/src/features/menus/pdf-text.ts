/**
 * Reading a menu PDF's text with pdf.js: runs only in the file worker (api/src/file-worker.ts), so pdf.js
 * (about 80 MB resident) never loads into the server. The legacy build of pdf.js runs under Bun without
 * a worker thread (it falls back to a "fake" worker in this thread); the reconstruction is the pure
 * function in shared/menu-text.ts.
 */
import { MAX_PDF_PAGES } from '../../files/model'
import { hasMenuText, menuSectionsFromText, readMenuTextPage, type MenuSection, type MenuTextPage } from '../../shared/menu-text'

/** A PDF that pdf.js cannot open at all (not a PDF, or damaged beyond reading). */
export class InvalidPdfError extends Error {}

/**
 * The menu's sections, [] when it has no usable text (a scan, or only a title). Throws InvalidPdfError
 * when the bytes are not a PDF pdf.js can open; any other trouble reading the text gives [].
 */
export async function extractMenuSections(bytes: Uint8Array): Promise<MenuSection[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  // pdf.js takes ownership of the buffer it is given: it gets a copy.
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0, useSystemFonts: false, disableFontFace: true })
  let doc
  try {
    doc = await task.promise
  } catch (error) {
    await task.destroy().catch(() => undefined)
    throw new InvalidPdfError((error as Error)?.message ?? 'Not a PDF')
  }
  try {
    const pages: MenuTextPage[] = []
    // Uploads of more pages are refused; a file stored before that rule has only its first pages read.
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PDF_PAGES); n++) {
      const page = await doc.getPage(n)
      pages.push(await readMenuTextPage(page).catch(() => ({ items: [] })))
      page.cleanup()
    }
    const sections = menuSectionsFromText(pages)
    return hasMenuText(sections) ? sections : []
  } catch (error) {
    console.error('Could not read the text of a menu PDF:', error)
    return []
  } finally {
    await task.destroy().catch(() => undefined)
  }
}

/** The worker's `menuText` job: a stored file's sections, or null when it is no PDF pdf.js can open. */
export async function menuSectionsOfFile(path: string): Promise<MenuSection[] | null> {
  try {
    return await extractMenuSections(await Bun.file(path).bytes())
  } catch (error) {
    if (error instanceof InvalidPdfError) return null
    throw error
  }
}
