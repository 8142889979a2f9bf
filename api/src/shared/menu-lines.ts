/**
 * The geometry half of reading a menu from pdf.js text items: pieces of text on one baseline become
 * lines, lines are cut into columns, and each column's part of a line becomes a row with its price
 * (if it ends in one) and its style. menu-text.ts makes sections and dishes of the rows.
 */

/** One pdf.js text item: `transform` is [a, b, c, d, x, y] in PDF points, y growing upwards. */
export interface MenuTextItem {
  str: string
  transform: number[]
  height: number
  width?: number
  fontName?: string
}

export interface MenuTextPage {
  items: MenuTextItem[]
  /** The fonts of this page that are bold (pdf.js loaded names, e.g. "g_d0_f1"). */
  boldFonts?: ReadonlySet<string>
}

/** £8.50, 8.50, €8,50, 8,50 €, $12, 12 — and several with a separator: "£4.60 / £2.40". */
const ONE_PRICE = String.raw`(?:[£$€]\s?\d{1,4}(?:[.,]\d{2})?|\d{1,4}[.,]\d{2}(?:\s?€)?|\d{1,3})`
const PRICE = new RegExp(String.raw`^${ONE_PRICE}(?:\s*(?:/|\||or|-|–)\s*${ONE_PRICE})*$`)
/** A price at the end of a run, after the name: needs a currency sign or two decimals, so "Porter 4.8%" or "for 2" stay names. */
const TRAILING_PRICE = /^(.*?)(?:\s*[.·…_]{2,}\s*|\s+)((?:[£$€]\s?\d{1,4}(?:[.,]\d{2})?|\d{1,4}[.,]\d{2}))$/
const isBlank = (text: string) => !/\S/.test(text)
export const clean = (text: string) => text.replace(/\s+/g, ' ').trim()

interface Piece {
  text: string
  x: number
  right: number
  y: number
  size: number
  bold: boolean
  font: string
}

interface Run extends Piece {
  price: boolean
}

interface Line {
  y: number
  runs: Run[]
  /** The page it is on, for the spacing between lines (which only means something on one page). */
  page: number
}

export interface Row {
  text: string
  price: string | null
  x: number
  right: number
  y: number
  size: number
  bold: boolean
  caps: boolean
  font: string
  page: number
}

function piecesOf(page: MenuTextPage): Piece[] {
  const pieces: Piece[] = []
  for (const item of page.items) {
    if (isBlank(item.str)) continue
    const [a = 0, b = 0, , , x = 0, y = 0] = item.transform
    const size = item.height || Math.hypot(a, b)
    if (!(size > 0)) continue
    // Text rotated away from the horizontal (a stamp, a side label) is left out of the lines.
    if (Math.abs(b) > Math.abs(a) * 0.1) continue
    const width = item.width ?? item.str.length * size * 0.5
    pieces.push({ text: item.str, x, right: x + width, y, size, bold: Boolean(item.fontName && page.boldFonts?.has(item.fontName)), font: item.fontName ?? '' })
  }
  return pieces
}

/** Pieces on one baseline, left to right, joined into runs where the gap is no wider than a few spaces. */
function linesOf(pieces: Piece[], page: number): Line[] {
  const sorted = [...pieces].sort((p, q) => q.y - p.y || p.x - q.x)
  const groups: Piece[][] = []
  for (const piece of sorted) {
    const last = groups.at(-1)
    if (last && Math.abs(last[0]!.y - piece.y) <= Math.min(last[0]!.size, piece.size) * 0.35) last.push(piece)
    else groups.push([piece])
  }
  return groups.map((group) => {
    group.sort((p, q) => p.x - q.x)
    const runs: Run[] = []
    for (const piece of group) {
      const last = runs.at(-1)
      if (last && piece.x - last.right <= Math.max(last.size, piece.size) * 0.9) {
        const gap = piece.x - last.right > Math.max(last.size, piece.size) * 0.12 && !/\s$/.test(last.text) && !/^\s/.test(piece.text) ? ' ' : ''
        last.text += gap + piece.text
        last.right = Math.max(last.right, piece.right)
        last.size = Math.max(last.size, piece.size)
        last.bold &&= piece.bold
      } else runs.push({ ...piece, price: false })
    }
    for (const run of runs) run.price = PRICE.test(clean(run.text))
    return { y: group[0]!.y, runs, page }
  })
}

/**
 * Where the page's columns start: left edges shared by several lines that also have other text to their
 * left on the same line (a single column with right-aligned prices has none; an indented description
 * has nothing beside it).
 */
function columnStarts(lines: Line[]): number[] {
  const candidates: { x: number; beside: number }[] = []
  for (const line of lines) {
    const words = line.runs.filter((run) => !run.price)
    for (const [index, run] of words.entries()) {
      if (index === 0) continue
      const near = candidates.find((c) => Math.abs(c.x - run.x) <= run.size)
      if (near) near.beside++
      else candidates.push({ x: run.x, beside: 1 })
    }
  }
  const starts = candidates.filter((c) => c.beside >= 2).map((c) => c.x)
  return [Math.min(...lines.flatMap((line) => line.runs.map((run) => run.x))), ...starts].sort((p, q) => p - q)
}

/** The rows of a page in reading order: band by band (a line across the columns ends a band), column by column. */
function rowsOf(lines: Line[]): Row[] {
  if (!lines.length) return []
  const starts = columnStarts(lines)
  const columnOf = (x: number) => {
    let column = 0
    for (const [index, start] of starts.entries()) if (x >= start - 2) column = index
    return column
  }
  const rows: Row[] = []
  let band: Row[][] = starts.map(() => [])
  const flush = () => {
    for (const column of band) rows.push(...column)
    band = starts.map(() => [])
  }
  for (const line of lines) {
    const parts: Run[][] = starts.map(() => [])
    let spans = false
    for (const run of line.runs) {
      const first = columnOf(run.x)
      if (!run.price && columnOf(run.right) > first && line.runs.length === 1 && starts.length > 1) spans = true
      parts[first]!.push(run)
    }
    if (spans) {
      flush()
      rows.push(rowOf(line, line.runs))
      continue
    }
    for (const [column, runs] of parts.entries()) if (runs.length) band[column]!.push(rowOf(line, runs))
  }
  flush()
  return rows
}

function rowOf(line: Line, runs: Run[]): Row {
  let price: string | null = null
  let words = runs
  const last = runs.at(-1)!
  if (last.price && runs.length > 1) {
    price = clean(last.text)
    words = runs.slice(0, -1)
  }
  let text = clean(words.map((run) => run.text).join(' '))
  if (price === null) {
    const trailing = TRAILING_PRICE.exec(text)
    if (trailing && /\p{L}/u.test(trailing[1]!)) {
      text = clean(trailing[1]!)
      price = trailing[2]!
    } else if (runs.length === 1 && last.price) {
      // A price alone on its line (under its dish).
      price = clean(last.text)
      text = ''
    }
  }
  text = text.replace(/\s*[.·…_]{3,}$/, '')
  const styled = words.length ? words : runs
  const main = styled.reduce((best, run) => (clean(run.text).length > clean(best.text).length ? run : best))
  const letters = text.replace(/[^\p{L}]/gu, '')
  return {
    text,
    price,
    x: runs[0]!.x,
    right: styled.at(-1)!.right,
    y: line.y,
    size: main.size,
    bold: main.bold,
    caps: letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase(),
    font: main.font,
    page: line.page,
  }
}

/** Every row of the menu's pages, in reading order, without empty ones. */
export function rowsOfPages(pages: MenuTextPage[]): Row[] {
  return pages.flatMap((page, index) => rowsOf(linesOf(piecesOf(page), index))).filter((row) => row.text || row.price)
}
