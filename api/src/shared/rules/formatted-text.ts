// Formatted text staff write (a page's body): a Markdown subset parsed into the safe tree of
// formatted-text-tree.ts. Pure; imported by the API and the staff screens only (its parser, marked, must
// never reach the public bundle: web/e2e/bundle.test.ts checks). Public pages receive the finished tree.
import { Lexer, type Token, type Tokens } from 'marked'
import { FORMATTED_TEXT_LIMITS } from './field-limits'
import type { FormattedBlock, FormattedInline, FormattedTree } from './formatted-text-tree'

export type FormattedTextResult = { ok: true; tree: FormattedTree } | { ok: false; error: string }

/** Thrown inside the conversion to stop at the first refused part; turned into `{ ok: false }` below. */
class Refused extends Error {}

const ALLOWED_SCHEMES = new Set(['https:', 'http:', 'mailto:', 'tel:'])
const LINK_RULE = 'links may start only with https:, http:, mailto:, tel: or a single "/" for a page of this site'
const count = (n: number) => n.toLocaleString('en-GB')

/**
 * A link's address, or why it is refused. A site path must be a single "/" then no second "/" or "\"
 * (browsers read "//host" and "/\host" as another site); anything with a scheme must use an allowed one.
 */
export function linkProblem(href: string): string | null {
  if (href.length > FORMATTED_TEXT_LIMITS.link) return `The link "${href.slice(0, 40)}…" is too long: at most ${count(FORMATTED_TEXT_LIMITS.link)} characters.`
  if (href.startsWith('/')) return /^\/(?![/\\])[^\s\\]*$/.test(href) ? null : `The link "${href}" is not allowed: ${LINK_RULE}.`
  if (!URL.canParse(href)) return `The link "${href}" is not allowed: ${LINK_RULE}.`
  const url = new URL(href)
  if (!ALLOWED_SCHEMES.has(url.protocol)) return `The link "${href}" is not allowed (${url.protocol} links are refused): ${LINK_RULE}.`
  if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname === '') return `The link "${href}" has no site name after ${url.protocol}//.`
  if (url.protocol !== 'https:' && url.protocol !== 'http:' && url.pathname === '') return `The link "${href}" has nothing after ${url.protocol}.`
  return null
}

/** The few character references staff may type (&amp; for "&", numeric ones); others stay as typed. */
function decodeReferences(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return named[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole
  })
}

function refuseHtml(raw: string): never {
  throw new Refused(`HTML is not allowed in page text (found "${raw.trim().slice(0, 40)}"): use the formatting buttons for bold, italic, lists and links.`)
}

function inlineOf(tokens: Token[] | undefined, depth: number): FormattedInline[] {
  if (depth > FORMATTED_TEXT_LIMITS.inlineDepth)
    throw new Refused(`Formatting is nested too deep: at most ${FORMATTED_TEXT_LIMITS.inlineDepth} levels (bold in italics in a link…).`)
  const out: FormattedInline[] = []
  for (const node of (tokens ?? []).flatMap((token) => inlineNodes(token, depth))) {
    const last = out.at(-1)
    if (node.type === 'text' && last?.type === 'text') last.text += node.text
    else out.push(node)
  }
  return out
}

/** One parser token as our nodes: none, one, or its children when it needs no node of its own (struck-out text). */
function inlineNodes(token: Token, depth: number): FormattedInline[] {
  switch (token.type) {
    case 'text':
      return 'tokens' in token && token.tokens ? inlineOf(token.tokens, depth) : [{ type: 'text', text: decodeReferences(token.text) }]
    case 'escape':
      return [{ type: 'text', text: token.text }]
    case 'codespan':
      return [{ type: 'text', text: decodeReferences(token.text) }]
    case 'strong':
    case 'em':
      return [{ type: token.type, children: inlineOf(token.tokens, depth + 1) }]
    case 'del':
      return inlineOf(token.tokens, depth + 1)
    case 'br':
      return [{ type: 'br' }]
    case 'link': {
      const href = decodeReferences((token as Tokens.Link).href).trim()
      const problem = linkProblem(href)
      if (problem) throw new Refused(problem)
      return [{ type: 'link', href, children: inlineOf(token.tokens, depth + 1) }]
    }
    case 'html':
      return refuseHtml(token.raw)
    case 'image':
      throw new Refused(`Pictures cannot go in the text ("${token.raw.slice(0, 40)}"): use the page's hero picture or a list item's picture.`)
    default:
      throw new Refused(`This formatting is not supported: "${token.raw.slice(0, 40)}".`)
  }
}

function blocksOf(tokens: Token[], depth: number): FormattedBlock[] {
  if (depth > FORMATTED_TEXT_LIMITS.depth) throw new Refused(`Lists and quotes are nested too deep: at most ${FORMATTED_TEXT_LIMITS.depth} levels.`)
  return tokens.flatMap((token) => blockNodes(token, depth))
}

/**
 * One block token as our blocks. "#" and "####"… headings become the nearest allowed level (## or ###: the
 * hero holds the page's one main heading); a code block or a lone text line reads as a paragraph.
 */
function blockNodes(token: Token, depth: number): FormattedBlock[] {
  switch (token.type) {
    case 'space':
    case 'def':
    case 'hr':
      return []
    case 'heading':
      return [{ type: 'heading', level: token.depth <= 2 ? 2 : 3, children: inlineOf(token.tokens, 1) }]
    case 'paragraph':
      return [{ type: 'paragraph', children: inlineOf(token.tokens, 1) }]
    case 'text':
      return [
        { type: 'paragraph', children: 'tokens' in token && token.tokens ? inlineOf(token.tokens, 1) : [{ type: 'text', text: decodeReferences(token.text) }] },
      ]
    case 'code':
      return [{ type: 'paragraph', children: [{ type: 'text', text: token.text }] }]
    case 'blockquote':
      return [{ type: 'quote', children: blocksOf(token.tokens ?? [], depth + 1) }]
    case 'list': {
      const list = token as Tokens.List
      const start = typeof list.start === 'number' ? list.start : 1
      return [{ type: 'list', ordered: list.ordered, start, items: list.items.map((item) => blocksOf(item.tokens, depth + 1)) }]
    }
    case 'html':
      return refuseHtml(token.raw)
    default:
      throw new Refused(`This formatting is not supported: "${token.raw.trim().slice(0, 40)}".`)
  }
}

/** The deepest nesting of quote and list markers at the start of any line ("> - > 1. text" is 4). */
function deepestLinePrefix(source: string): number {
  let deepest = 0
  for (const line of source.split('\n')) {
    const prefix = /^(?:[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))*/.exec(line)![0]
    const markers = prefix.replace(/\d{1,9}[.)]/g, '1').replace(/[ \t]/g, '').length
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length
    deepest = Math.max(deepest, markers, Math.floor(indent / 2))
  }
  return deepest
}

/** Why the source is refused before parsing (too long, a block too long, nested too deep), or null. */
function sizeProblem(source: string, maxLength: number): string | null {
  if (source.length > maxLength) return `The text is ${count(source.length)} characters long: at most ${count(maxLength)}.`
  const blocks = source.split(/\n[ \t]*\n/)
  const longest = Math.max(0, ...blocks.map((block) => block.length))
  if (longest > FORMATTED_TEXT_LIMITS.block) {
    return `A paragraph or list is ${count(longest)} characters long: at most ${count(FORMATTED_TEXT_LIMITS.block)} between blank lines.`
  }
  // The parser's emphasis matching takes time growing with the square of the * and _ marks in a block.
  const marks = Math.max(0, ...blocks.map((block) => block.replace(/[^*_]/g, '').length))
  if (marks > FORMATTED_TEXT_LIMITS.marks) {
    return `A paragraph or list has ${count(marks)} * and _ marks: at most ${FORMATTED_TEXT_LIMITS.marks} (bold takes four, italics two).`
  }
  // The parser's list handling slows down badly with depth (1,000 nested items take half a minute): refused before it runs.
  if (deepestLinePrefix(source) > FORMATTED_TEXT_LIMITS.depth * 2) return `Lists and quotes are nested too deep: at most ${FORMATTED_TEXT_LIMITS.depth} levels.`
  return null
}

/**
 * Parses formatted text into the safe tree, or says what is refused: HTML (refused rather than shown as
 * text, so what staff typed never silently differs from what visitors see), a link of a kind not allowed,
 * a picture, nesting or size past FORMATTED_TEXT_LIMITS. Windows line ends are read as plain ones.
 */
export function parseFormattedText(source: string, maxLength: number = FORMATTED_TEXT_LIMITS.text): FormattedTextResult {
  const text = source.replace(/\r\n?/g, '\n')
  const problem = sizeProblem(text, maxLength)
  if (problem) return { ok: false, error: problem }
  try {
    return { ok: true, tree: blocksOf(new Lexer({ gfm: false }).lex(text), 0) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.message }
    throw error
  }
}
