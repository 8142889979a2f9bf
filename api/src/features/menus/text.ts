/**
 * The text of a menu PDF, read on the server's side so a phone shows the menu as text without
 * downloading pdf.js. pdf.js itself runs in the file worker (pdf-text.ts), never in the server.
 */
import type { Database } from 'bun:sqlite'
import type { MenuSection } from '../../shared/menu-text'
import type { FileStore } from '../../files/file-store'
import { FileJobBudgetError } from '../../files/worker-client'
import { menusWithoutText, setMenuSections } from './store'

/**
 * The sections of a stored file, [] when it cannot be read (the drawn PDF may still work). Reading it
 * over the worker's time or memory budget throws FileJobBudgetError when `overBudget` is 'throw' (an
 * upload is then refused); for a file stored earlier it gives [] like any other trouble.
 */
export async function sectionsOfStoredFile(files: FileStore, name: string, overBudget: 'throw' | 'no text' = 'no text'): Promise<MenuSection[]> {
  try {
    const path = files.pathOf(name)
    return (await Bun.file(path).exists()) ? ((await files.worker.run('menuText', { path })) ?? []) : []
  } catch (error) {
    if (error instanceof FileJobBudgetError && overBudget === 'throw') throw error
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
