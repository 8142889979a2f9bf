import type { Database } from 'bun:sqlite'
import type { PageItem, PageKey } from './model'

export interface PageRow {
  page: PageKey
  title: string
  small_heading: string
  intro: string
  picture: string
  picture_description: string
  focal_x: number
  focal_y: number
  body: string
  /** JSON: PageItem[]. */
  items: string
  /** JSON: the page's words (PAGE_WORDS); null until given. */
  words: string | null
  updated_at: string
}

/** A page's fields as the routes and the seed hand them over (items as a list). */
export type PageFields = Omit<PageRow, 'page' | 'items' | 'words' | 'updated_at'> & { items: PageItem[]; words?: Record<string, string> }

const COLUMNS = 'page, title, small_heading, intro, picture, picture_description, focal_x, focal_y, body, items, words, updated_at'

export const findPage = (db: Database, page: string): PageRow | null =>
  db.query<PageRow, [string]>(`SELECT ${COLUMNS} FROM page_content WHERE page = ?`).get(page)

export const listPages = (db: Database): PageRow[] => db.query<PageRow, []>(`SELECT ${COLUMNS} FROM page_content`).all()

const values = (fields: PageFields) =>
  [
    fields.title,
    fields.small_heading,
    fields.intro,
    fields.picture,
    fields.picture_description,
    fields.focal_x,
    fields.focal_y,
    fields.body,
    JSON.stringify(fields.items),
    fields.words ? JSON.stringify(fields.words) : null,
  ] as const

/** Adds a page's content unless it has some already (the seed never overwrites staff's words). */
export function insertPageIfMissing(db: Database, page: PageKey, fields: PageFields, at: string): void {
  db.query(`INSERT OR IGNORE INTO page_content (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(page, ...values(fields), at)
}

/** Gives the demo venue's words to a page that never had any (a database from before words existed). */
export function fillMissingWords(db: Database, page: PageKey, words: Record<string, string>, items: PageItem[] | null): void {
  if (items)
    db.query("UPDATE page_content SET words = ?, items = ? WHERE page = ? AND words IS NULL AND items = '[]'").run(
      JSON.stringify(words),
      JSON.stringify(items),
      page,
    )
  db.query('UPDATE page_content SET words = ? WHERE page = ? AND words IS NULL').run(JSON.stringify(words), page)
}

/** Saves a page's content (words left as they are when the edit has none), adding its row when it had none yet (a server started without the demo content). */
export function savePage(db: Database, page: PageKey, fields: PageFields, at: string): void {
  db.query(
    `INSERT INTO page_content (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (page) DO UPDATE SET title = excluded.title, small_heading = excluded.small_heading, intro = excluded.intro, picture = excluded.picture,
       picture_description = excluded.picture_description, focal_x = excluded.focal_x, focal_y = excluded.focal_y, body = excluded.body,
       items = excluded.items, words = COALESCE(excluded.words, page_content.words), updated_at = excluded.updated_at`,
  ).run(page, ...values(fields), at)
}

/** An uploaded picture's file as the variant planner needs it, or null when no such file is recorded. */
export const uploadedFile = (db: Database, name: string): { name: string; width: number | null; height: number | null; animated: number } | null =>
  db
    .query<{ name: string; width: number | null; height: number | null; animated: number }, [string]>(
      'SELECT name, width, height, animated FROM files WHERE name = ?',
    )
    .get(name)

/**
 * Records which uploaded pictures `page` shows now (its hero), and returns those it showed before and
 * no longer does: the caller releases them once the change is committed (a file another page still
 * shows stays, by its foreign key).
 */
export function syncPagePictures(db: Database, page: PageKey, names: string[]): string[] {
  const before = db
    .query<{ name: string }, [string]>('SELECT name FROM page_pictures WHERE page = ?')
    .all(page)
    .map((row) => row.name)
  db.query('DELETE FROM page_pictures WHERE page = ?').run(page)
  for (const name of new Set(names)) db.query('INSERT INTO page_pictures (page, name) VALUES (?, ?)').run(page, name)
  return before.filter((name) => !names.includes(name))
}
