import type { Database } from 'bun:sqlite'
import { isPageKey } from '../../shared/rules/pages'

/** One query for the newest time of a kind of row a page shows. */
interface Newest {
  sql: string
  params: (string | number)[]
}

const newest = (sql: string, ...params: (string | number)[]): Newest => ({ sql, params })
const OPENING_TIMES = newest('SELECT max(updated_at) AS at FROM opening_times')
const EXCEPTIONS = newest('SELECT max(created_at) AS at FROM holidays')
const EVENTS = newest('SELECT max(updated_at) AS at FROM events')
const ATTRACTIONS = newest('SELECT max(updated_at) AS at FROM attractions')
const gallery = (type: string) => newest('SELECT max(created_at) AS at FROM gallery_images WHERE type = ?', type)
const menu = (businessId: number) => newest('SELECT max(created_at) AS at FROM menus WHERE business_id = ?', businessId)
/** A page's own words and hero (the pages feature), kept by its module's name in lower case ('Home' → 'home'). */
const words = (module: string) => newest('SELECT max(updated_at) AS at FROM page_content WHERE page = ?', module.toLowerCase())
/** The venue's details as staff last changed them (names, phone, address): every page shows them. Its first seed is no change. */
const VENUE_DETAILS = newest("SELECT max(at) AS at FROM activity WHERE kind = 'venue'")

interface PageData {
  rows: Newest[]
  /**
   * The activity kinds whose deletions change the page: a deleted row leaves no newer row behind, but
   * its entry in the activity trail (written in the same transaction) has the time.
   */
  deletions: string[]
}

/** What each public page module shows, by its path (/menu/menu1 is business 1's menu): its own data, then its words and the venue's details. */
function dataShownBy(module: string, path: string): PageData | null {
  const own = ownDataOf(module, path)
  if (own === null) return null
  // A menu page has no words of its own: only the pages feature's pages do.
  const ownWords = isPageKey(module.toLowerCase()) ? [words(module)] : []
  return { rows: [...own.rows, ...ownWords, VENUE_DETAILS], deletions: own.deletions }
}

function ownDataOf(module: string, path: string): PageData | null {
  switch (module) {
    case 'Home':
      return { rows: [OPENING_TIMES, EXCEPTIONS, gallery('generic')], deletions: ['holiday', 'gallery'] }
    case 'Contact':
      return { rows: [OPENING_TIMES, EXCEPTIONS], deletions: ['holiday'] }
    case 'Eat':
      return { rows: [gallery('cafe'), menu(2)], deletions: ['gallery'] }
    case 'Drink':
      return { rows: [gallery('stables'), menu(1)], deletions: ['gallery'] }
    case 'Stay':
      return { rows: [gallery('rooms')], deletions: ['gallery'] }
    case 'Events':
      return { rows: [EVENTS, gallery('events')], deletions: ['event', 'gallery'] }
    case 'Around':
      return { rows: [ATTRACTIONS], deletions: ['attraction'] }
    case 'About':
      return { rows: [], deletions: [] }
    case 'Menu': {
      const businessId = Number(/^\/menu\/menu(\d+)$/.exec(path)?.[1])
      return Number.isInteger(businessId) ? { rows: [menu(businessId)], deletions: [] } : null
    }
    default:
      return null
  }
}

/** When what a page shows last changed (ISO 8601), or null for a page that shows no stored data. */
export function pageLastChanged(db: Database, module: string, path: string): string | null {
  const shown = dataShownBy(module, path)
  if (!shown) return null
  const times = shown.rows.map(({ sql, params }) => (db.query(sql).get(...params) as { at: string | null }).at)
  if (shown.deletions.length > 0) {
    const marks = shown.deletions.map(() => '?').join(', ')
    const deleted = db.query(`SELECT max(at) AS at FROM activity WHERE action = 'delete' AND kind IN (${marks})`).get(...shown.deletions) as {
      at: string | null
    }
    times.push(deleted.at)
  }
  const known = times.filter((time): time is string => Boolean(time))
  return known.sort().at(-1) ?? null
}
