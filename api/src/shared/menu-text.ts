/**
 * Rebuilds a menu's structure from the text pdf.js finds in its PDF, so a phone can show it as real
 * text (headings, items, prices) instead of a drawing whose letters are 7 px tall. Pure: the input is
 * what `page.getTextContent()` gives (plus which fonts are bold), no pdf.js needed here. The lines and
 * columns are found in menu-lines.ts; here they become sections, dishes and prices.
 */
import { clean, rowsOfPages, type MenuTextItem, type MenuTextPage, type Row } from './menu-lines'

export type { MenuTextItem, MenuTextPage } from './menu-lines'

export interface MenuItem {
  name: string
  description?: string
  price?: string
}

export interface MenuSection {
  /** Null for items before the first heading. */
  heading: string | null
  /** 1 for the most prominent headings (the menu's title), 2 for the next size down, and so on. */
  level: number
  /** Short lines that belong to the section rather than to one item ("Served from noon"). */
  notes: string[]
  items: MenuItem[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((p, q) => p - q)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0
}
const sameStyle = (p: Row, q: Row) => p.font === q.font && Math.abs(p.size - q.size) <= p.size * 0.05 && p.bold === q.bold
const mostly = (rows: Row[], test: (row: Row) => boolean) => rows.filter(test).length * 2 > rows.length

const styleOf = (row: Row) => `${row.font}|${Math.round(row.size * 2) / 2}`
/** Fewer lines than would be the dishes' names (a few priced lines may have none above them). */
const rareBeside = (count: number, priced: Row[]) => !priced.length || count < Math.max(2, priced.length * 0.6)
const nearBelow = (row: Row, next: Row | undefined) => !!next && next.page === row.page && row.y - next.y <= Math.max(row.size, next.size) * 1.45

/**
 * Whether a line's style can be a heading's: never one that carries a price. With prices on the
 * description lines, the dishes' names are bigger than the priced lines and carry none, so a heading's
 * style must also be rarer than the dishes, or show it is no dish's name another way: a line of it has
 * two priced lines under it before the next line at the dishes' size (a name has one), or no line of it
 * has the next line close under it (a name has its description there).
 */
function headingStyleTest(rows: Row[], priced: Row[], itemSize: number): (row: Row) => boolean {
  const pricedStyles = new Set(priced.map(styleOf))
  const unpriced = new Map<string, { count: number; overSeveral: boolean; apart: boolean }>()
  rows.forEach((row, index) => {
    if (row.price !== null) return
    const style = unpriced.get(styleOf(row)) ?? { count: 0, overSeveral: false, apart: true }
    unpriced.set(styleOf(row), style)
    style.count++
    if (nearBelow(row, rows[index + 1])) style.apart = false
    if (style.overSeveral || row.size < itemSize * 0.95) return
    let pricedUnder = 0
    for (let next = index + 1; next < rows.length && pricedUnder < 2; next++) {
      if (rows[next]!.price !== null) pricedUnder++
      else if (rows[next]!.size >= itemSize * 0.95) break
    }
    style.overSeveral = pricedUnder >= 2
  })
  return (row) => {
    const style = unpriced.get(styleOf(row))
    return !!style && !pricedStyles.has(styleOf(row)) && (rareBeside(style.count, priced) || style.overSeveral || style.apart)
  }
}

/** Turns the text of a menu's pages into sections of items with their prices, in reading order. */
export function menuSectionsFromText(pages: MenuTextPage[]): MenuSection[] {
  const rows = rowsOfPages(pages)
  if (!rows.length) return []
  // Item lines set the body style: the lines with prices if there are any, otherwise the commonest size.
  const priced = rows.filter((row) => row.price !== null && row.text)
  const body = priced.length ? priced : rows
  const itemSize = median(body.flatMap((row) => Array<number>(Math.max(1, row.text.length)).fill(row.size)))
  const itemsBold = mostly(body, (row) => row.bold)
  const itemsCaps = mostly(body, (row) => row.caps)
  const headingStyle = headingStyleTest(rows, priced, itemSize)
  const rareCaps = rareBeside(rows.filter((row) => row.price === null && row.caps).length, priced)
  const isHeading = (row: Row) =>
    row.price === null &&
    /\p{L}/u.test(row.text) &&
    row.text.length <= 80 &&
    ((headingStyle(row) && (row.size >= itemSize * 1.15 || (row.size >= itemSize * 0.95 && row.bold && !itemsBold))) ||
      (row.caps && !itemsCaps && rareCaps && row.size >= itemSize * 0.95))
  // Heading levels by size: the biggest is 1. Headings at body size (bold or capitals) come last.
  const headingSizes = [...new Set(rows.filter(isHeading).map((row) => Math.round(row.size * 2) / 2))].sort((p, q) => q - p)
  const levelOf = (row: Row) => Math.min(headingSizes.indexOf(Math.round(row.size * 2) / 2) + 1, 3)
  const widest = Math.max(...rows.filter((row) => !isHeading(row)).map((row) => row.right - row.x))
  /** Whether a line close under the open item starts the next one, rather than going on with this one. */
  const startsNewItem = (row: Row, item: MenuItem, first: Row, previous: Row | null) => {
    // A second price: this is the next dish (prices on the dishes' first lines, one per line).
    if (row.price !== null && item.price !== undefined) return true
    if (!sameStyle(row, first) || row.x > first.x + row.size) return false
    // In the style of the dish's first line: the next dish, unless the name wrapped (a full line above, no price or description yet).
    if (item.price !== undefined || item.description !== undefined) return true
    return !previous || previous.right - previous.x < widest * 0.75
  }

  const sections: MenuSection[] = []
  let section: MenuSection | null = null
  let item: MenuItem | null = null
  let itemFirst: Row | null = null
  let previous: Row | null = null
  const current = () => {
    if (!section) {
      section = { heading: null, level: 1, notes: [], items: [] }
      sections.push(section)
    }
    return section
  }

  for (const row of rows) {
    const gap = previous && previous.page === row.page ? previous.y - row.y : Infinity
    if (isHeading(row)) {
      const last: MenuSection | null = section
      // A heading wrapped onto a second line continues the first.
      if (last && previous && isHeading(previous) && last.items.length === 0 && last.notes.length === 0 && sameStyle(previous, row) && gap <= row.size * 1.6) {
        last.heading = clean(`${last.heading ?? ''} ${row.text}`)
      } else {
        section = { heading: row.text, level: levelOf(row), notes: [], items: [] }
        sections.push(section)
      }
      item = itemFirst = null
      previous = row
      continue
    }
    const nearPrevious = gap <= Math.max(row.size, previous?.size ?? 0) * 1.45
    const startsItem = !item || !itemFirst || !nearPrevious || startsNewItem(row, item, itemFirst, previous)
    if (!row.text && row.price !== null) {
      // A price on its own line: the dish above it, if that has none yet.
      if (item && item.price === undefined) item.price = row.price
      previous = row
      continue
    }
    if (startsItem) {
      // A small line with no dish open is about the whole section.
      if (row.price === null && row.size < itemSize * 0.95 && (!item || !nearPrevious)) {
        current().notes.push(row.text)
        item = itemFirst = null
        previous = row
        continue
      }
      item = { name: row.text }
      if (row.price !== null) item.price = row.price
      current().items.push(item)
      itemFirst = row
    } else if (item) {
      // A name wrapped onto the next line (before any price or description); anything else describes the dish.
      const wrappedName = sameStyle(row, itemFirst!) && row.x <= itemFirst!.x + row.size && item.price === undefined && item.description === undefined
      if (wrappedName) item.name = clean(`${item.name} ${row.text}`)
      else item.description = clean(`${item.description ?? ''} ${row.text}`)
      if (row.price !== null) item.price = row.price
    }
    previous = row
  }
  return sections.filter((s) => s.heading || s.items.length || s.notes.length)
}

/**
 * True when the text is worth showing instead of the drawing: a price, or a few dishes. A scanned menu
 * has no text at all, or only a title or a footer line.
 */
export function hasMenuText(sections: MenuSection[]): boolean {
  const items = sections.flatMap((section) => section.items)
  return items.some((item) => item.price !== undefined) || items.length >= 3
}

/** What the reading needs of a pdf.js page (a type only: pdf.js itself stays in its lazy chunk). */
export interface TextPageSource {
  getTextContent(): Promise<{ items: unknown[] }>
  getOperatorList(): Promise<unknown>
  commonObjs: { has(name: string): boolean; get(name: string): unknown }
}

/**
 * The text items of one pdf.js page, with its bold fonts. pdf.js only says which font is bold once it
 * has loaded the fonts, which the operator list does (and drawing the page later reuses it).
 */
export async function readMenuTextPage(page: TextPageSource): Promise<MenuTextPage> {
  const content = await page.getTextContent()
  const items = content.items.filter((item): item is MenuTextItem => typeof (item as MenuTextItem).str === 'string')
  const boldFonts = new Set<string>()
  if (items.length) {
    await page.getOperatorList()
    for (const name of new Set(items.map((item) => item.fontName ?? ''))) {
      if (!name || !page.commonObjs.has(name)) continue
      const font = page.commonObjs.get(name) as { bold?: boolean; black?: boolean; name?: string } | null
      if (font && (font.bold || font.black || /bold|black|heavy|semibold|demi/i.test(font.name ?? ''))) boldFonts.add(name)
    }
  }
  return { items, boldFonts }
}
