// The safe tree formatted text becomes (formatted-text.ts parses; public pages only render it).
// Pure and parser-free on purpose: public pages import these types and the summary, never the parser.

/** Inline content: plain text, bold, italic, a link already checked against the allowed kinds, a line break. */
export type FormattedInline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: FormattedInline[] }
  | { type: 'link'; href: string; children: FormattedInline[] }
  | { type: 'br' }

/** A block: a heading (## or ###), a paragraph, a bulleted or numbered list (items hold blocks), a quote. */
export type FormattedBlock =
  | { type: 'heading'; level: 2 | 3; children: FormattedInline[] }
  | { type: 'paragraph'; children: FormattedInline[] }
  | { type: 'list'; ordered: boolean; start: number; items: FormattedBlock[][] }
  | { type: 'quote'; children: FormattedBlock[] }

export type FormattedTree = FormattedBlock[]

const COUNTED = { heading: ['heading', 'headings'], paragraph: ['paragraph', 'paragraphs'], list: ['list', 'lists'], quote: ['quote', 'quotes'] } as const

/** "2 headings, 3 paragraphs, 1 list": how the activity trail sums up a long text instead of quoting it. */
export function summariseFormattedTree(tree: FormattedTree): string {
  const counts = new Map<FormattedBlock['type'], number>()
  for (const block of tree) counts.set(block.type, (counts.get(block.type) ?? 0) + 1)
  const parts = [...counts].map(([type, count]) => `${count} ${COUNTED[type][count === 1 ? 0 : 1]}`)
  return parts.length === 0 ? 'empty' : parts.join(', ')
}

/** The words of inline content, without formatting (a page description, an accessible name). */
export function plainTextOf(children: FormattedInline[]): string {
  return children.map((child) => (child.type === 'text' ? child.text : child.type === 'br' ? ' ' : plainTextOf(child.children))).join('')
}
