/**
 * What each formatting button does to the text and its selection: Markdown underneath, so the text
 * staff see is the text that is saved. Pure, so each button's effect is tested without a screen.
 */

/** The text with the part selected (start and end offsets, as a textarea reports them). */
export interface Selected {
  text: string
  start: number
  end: number
}

export type Format = 'heading' | 'bold' | 'italic' | 'bullets' | 'numbers' | 'quote' | 'link'

const MARKERS = { bold: '**', italic: '*' } as const
const PLACEHOLDER = { bold: 'bold text', italic: 'italic text', link: 'link words' } as const

/** Bold or italic around the selection (or around a placeholder, selected to be typed over); again, removes it. */
function wrap({ text, start, end }: Selected, format: 'bold' | 'italic'): Selected {
  const marker = MARKERS[format]
  const before = text.slice(0, start)
  const after = text.slice(end)
  const chosen = text.slice(start, end)
  // Italic's "*" is also half of bold's "**": only an exact italic marker (not bold's) counts as one to remove.
  const wrapped = before.endsWith(marker) && after.startsWith(marker) && (format === 'bold' || !(before.endsWith('**') && after.startsWith('**')))
  if (wrapped && chosen)
    return { text: before.slice(0, -marker.length) + chosen + after.slice(marker.length), start: start - marker.length, end: end - marker.length }
  const inner = chosen || PLACEHOLDER[format]
  return { text: `${before}${marker}${inner}${marker}${after}`, start: start + marker.length, end: start + marker.length + inner.length }
}

/** The whole lines the selection touches. */
function lineRange({ text, start, end }: Selected): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1
  const newline = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end)
  return [from, newline === -1 ? text.length : newline]
}

const LINE_PREFIX: Record<'heading' | 'bullets' | 'quote', string> = { heading: '## ', bullets: '- ', quote: '> ' }
const NUMBERED = /^\d+\. /

/** A heading, list or quote mark at the start of each selected line; when every line has it, it is taken off. */
function prefixLines(selected: Selected, format: 'heading' | 'bullets' | 'numbers' | 'quote'): Selected {
  const [from, to] = lineRange(selected)
  const lines = selected.text.slice(from, to).split('\n')
  const has = (line: string) => (format === 'numbers' ? NUMBERED.test(line) : line.startsWith(LINE_PREFIX[format]))
  const strip = (line: string) => (format === 'numbers' ? line.replace(NUMBERED, '') : line.slice(LINE_PREFIX[format].length))
  // Any other heading, list or quote mark gives way to the new one, so a line never carries two.
  const bare = (line: string) => line.replace(/^(#{1,6} |[-*+] |\d+\. |> )/, '')
  const allHave = lines.every((line) => has(line) || line.trim() === '')
  let number = 0
  const changed = lines.map((line) => {
    if (allHave) return has(line) ? strip(line) : line
    if (line.trim() === '' && lines.length > 1) return line
    number += 1
    return `${format === 'numbers' ? `${number}. ` : LINE_PREFIX[format]}${bare(line)}`
  })
  const replaced = changed.join('\n')
  return { text: selected.text.slice(0, from) + replaced + selected.text.slice(to), start: from, end: from + replaced.length }
}

/** A link around the selection (or placeholder words) to `address`, with the words selected. */
function link({ text, start, end }: Selected, address: string): Selected {
  const words = text.slice(start, end) || PLACEHOLDER.link
  const inserted = `[${words}](${address})`
  return { text: text.slice(0, start) + inserted + text.slice(end), start: start + 1, end: start + 1 + words.length }
}

/** The text after pressing a formatting button; `address`: the link's address (asked for by the screen). */
export function applyFormat(selected: Selected, format: Format, address = ''): Selected {
  switch (format) {
    case 'bold':
    case 'italic':
      return wrap(selected, format)
    case 'link':
      return link(selected, address)
    default:
      return prefixLines(selected, format)
  }
}
