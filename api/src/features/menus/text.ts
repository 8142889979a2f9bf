/**
 * The text of a menu PDF, read on the server's side so a phone shows the menu as text without
 * downloading pdf.js. pdf.js itself runs in the file worker (pdf-text.ts), never in the server.
 */
import type { Database } from 'bun:sqlite'
import type { MenuSection } from '../../shared/menu-text'
import type { FileStore } from '../../files/file-store'
import { SlotWaitError } from '../../files/decode-slots'
import { FileJobBudgetError, FileWorkerStoppedError } from '../../files/worker-client'
import { menusWithoutText, setMenuSections } from './store'

/**
 * The sections of a stored file, [] when it cannot be read (the drawn PDF may still work). For an
 * 'upload', reading it over the worker's time or memory budget (FileJobBudgetError), its worker
 * stopped meanwhile (FileWorkerStoppedError), or no worker free in time (SlotWaitError, a burst of
 * uploads) throws: the upload is refused, never saved without its text. For a file stored earlier
 * that gives [] like any other trouble.
 */
export async function sectionsOfStoredFile(files: FileStore, name: string, use: 'upload' | 'stored' = 'stored'): Promise<MenuSection[]> {
  try {
    const path = files.pathOf(name)
    return (await Bun.file(path).exists()) ? ((await files.worker.run('menuText', { path })) ?? []) : []
  } catch (error) {
    if (use === 'upload' && (error instanceof FileJobBudgetError || error instanceof FileWorkerStoppedError || error instanceof SlotWaitError)) throw error
    console.error(`Could not read the menu file ${name}:`, error)
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
