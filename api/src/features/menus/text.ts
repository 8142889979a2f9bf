/**
 * The text of a menu PDF, read on the server so a phone shows the menu as text without downloading
 * pdf.js. The legacy build of pdf.js runs under Bun without a worker thread (it falls back to a "fake"
 * worker in this thread); the reconstruction is the pure function in shared/menu-text.ts.
 */
import type { Database } from 'bun:sqlite'
import { hasMenuText, menuSectionsFromText, readMenuTextPage, type MenuSection, type MenuTextPage } from '../../shared/menu-text'
import type { FileStore } from '../../files/file-store'
import { menusWithoutText, setMenuSections } from './store'

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
    for (let n = 1; n <= doc.numPages; n++) {
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

/** The sections of a stored file, [] when it cannot be read (the drawn PDF may still work). */
export async function sectionsOfStoredFile(files: FileStore, name: string): Promise<MenuSection[]> {
  try {
    const file = Bun.file(files.pathOf(name))
    return (await file.exists()) ? await extractMenuSections(await file.bytes()) : []
  } catch (error) {
    if (!(error instanceof InvalidPdfError)) console.error(`Could not read the menu file ${name}:`, error)
    return []
  }
}

/**
 * Reads the text of menus stored before the server did (their `sections` is NULL), one at a time, in
 * the background: start-up does not wait for it, and GET reads a missing one itself meanwhile.
 */
export async function fillMissingMenuText(db: Database, files: FileStore): Promise<number> {
  let filled = 0
  for (const row of menusWithoutText(db)) {
    setMenuSections(db, row.id, await sectionsOfStoredFile(files, row.pdf))
    filled++
  }
  return filled
}
