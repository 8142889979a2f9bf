// Formatted text staff write for the public pages: the Markdown subset that becomes the safe tree, and what is refused.
import { describe, expect, test } from 'bun:test'
import { FORMATTED_TEXT_LIMITS } from '../src/shared/rules/field-limits'
import { linkProblem, parseFormattedText } from '../src/shared/rules/formatted-text'
import { plainTextOf, summariseFormattedTree } from '../src/shared/rules/formatted-text-tree'
import { processorMs } from './processor-time'

function treeOf(source: string) {
  const result = parseFormattedText(source)
  if (!result.ok) throw new Error(`refused: ${result.error}`)
  return result.tree
}

function refusal(source: string): string {
  const result = parseFormattedText(source)
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.tree).slice(0, 200)}`)
  return result.error
}

describe('each allowed node type', () => {
  test('headings ## and ### keep their level; # and #### become the nearest allowed one', () => {
    expect(treeOf('## Rooms\n\n### Family rooms')).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Rooms' }] },
      { type: 'heading', level: 3, children: [{ type: 'text', text: 'Family rooms' }] },
    ])
    expect(treeOf('# Big').map((b) => b.type === 'heading' && b.level)).toEqual([2])
    expect(treeOf('#### Small').map((b) => b.type === 'heading' && b.level)).toEqual([3])
  })

  test('paragraphs with bold, italic, a line break and character references', () => {
    expect(treeOf('Fish &amp; chips, **cask ales** and *log fires*  \nevery day.\n\nSecond')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Fish & chips, ' },
          { type: 'strong', children: [{ type: 'text', text: 'cask ales' }] },
          { type: 'text', text: ' and ' },
          { type: 'em', children: [{ type: 'text', text: 'log fires' }] },
          { type: 'br' },
          { type: 'text', text: 'every day.' },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'Second' }] },
    ])
  })

  test('bulleted and numbered lists (with their start number), nested lists and quotes', () => {
    const tree = treeOf('- Wifi\n- Parking\n  1. Free\n\n3. Third\n4. Fourth\n\n> Lovely stay\n> — a guest')
    expect(tree[0]).toEqual({
      type: 'list',
      ordered: false,
      start: 1,
      items: [
        [{ type: 'paragraph', children: [{ type: 'text', text: 'Wifi' }] }],
        [
          { type: 'paragraph', children: [{ type: 'text', text: 'Parking' }] },
          { type: 'list', ordered: true, start: 1, items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'Free' }] }]] },
        ],
      ],
    })
    expect(tree[1]).toMatchObject({ type: 'list', ordered: true, start: 3 })
    expect(tree[2]).toMatchObject({ type: 'quote', children: [{ type: 'paragraph' }] })
  })

  test('links of each allowed kind keep their address', () => {
    const hrefs = treeOf(
      '[a](https://example.org/x) [b](http://example.org) [c](mailto:stay@example.org) [d](tel:+441234567890) [e](/stay) <https://auto.example>',
    )
      .flatMap((block) => (block.type === 'paragraph' ? block.children : []))
      .flatMap((node) => (node.type === 'link' ? [node.href] : []))
    expect(hrefs).toEqual(['https://example.org/x', 'http://example.org', 'mailto:stay@example.org', 'tel:+441234567890', '/stay', 'https://auto.example'])
  })

  test('the trail summary counts blocks, and plain text drops formatting', () => {
    const tree = treeOf('## A\n\nOne\n\nTwo **b**\n\n- x')
    expect(summariseFormattedTree(tree)).toBe('1 heading, 2 paragraphs, 1 list')
    expect(summariseFormattedTree([])).toBe('empty')
    expect(tree[2]!.type === 'paragraph' && plainTextOf(tree[2]!.children)).toBe('Two b')
  })
})

describe('refused links say which link and why', () => {
  test.each([
    ['[x](javascript:alert(1))', 'javascript:alert(1)'],
    ['[x](JavaScript:alert(1))', 'JavaScript:alert(1)'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', 'data:text/html;base64,PHNjcmlwdD4='],
    ['[x](vbscript:msgbox)', 'vbscript:msgbox'],
    ['[x](//evil.example/path)', '//evil.example/path'],
    ['[x](/\\evil.example)', '/\\evil.example'],
    ['[x](ftp://example.org)', 'ftp://example.org'],
    ['[x](stay.html)', 'stay.html'],
    ['[x][r]\n\n[r]: javascript:alert(1)', 'javascript:alert(1)'],
    ['<javascript:alert(1)>', null],
  ])('%s', (source, link) => {
    const error = refusal(source)
    if (link) expect(error).toContain(`"${link}"`)
    expect(error).toMatch(/not allowed|HTML/)
  })

  test('a character reference cannot smuggle a scheme in', () => {
    expect(refusal('[x](jav&#x61;script:alert(1))')).toContain('javascript:alert(1)')
  })

  test('linkProblem names the refused scheme and the rule', () => {
    expect(linkProblem('data:text/plain,hi')).toContain('data: links are refused')
    expect(linkProblem('https://')).not.toBeNull()
    expect(linkProblem('/eat#menus')).toBeNull()
  })
})

describe('raw HTML never passes: it is refused, naming what was found', () => {
  test.each([
    '<script>alert(1)</script>',
    'Hello <b>bold</b>',
    '<img src=x onerror=alert(1)>',
    '<div>\nblock\n</div>',
    'Text <!-- comment -->',
    '- item <iframe src="https://x">',
  ])('%s', (source) => {
    expect(refusal(source)).toStartWith('HTML is not allowed in page text (found "<')
  })

  test('a "<" that is not a tag is ordinary text', () => {
    expect(treeOf('Children < 5 eat free & welcome')).toEqual([{ type: 'paragraph', children: [{ type: 'text', text: 'Children < 5 eat free & welcome' }] }])
  })

  test('a picture in the text is refused: pictures belong to the hero and list items', () => {
    expect(refusal('![a dog](/images/dog.jpg)')).toContain('Pictures cannot go in the text')
  })
})

describe('size and depth limits refuse quickly instead of crashing', () => {
  async function quickly(source: string): Promise<string> {
    let error = ''
    expect(await processorMs(() => (error = refusal(source)))).toBeLessThan(1000)
    return error
  }

  test('a 2 MB paragraph is refused with its length', async () => {
    expect(await quickly('a'.repeat(2_000_000))).toBe(`The text is 2,000,000 characters long: at most ${FORMATTED_TEXT_LIMITS.text.toLocaleString('en-GB')}.`)
  })

  test('one paragraph past the block limit is refused even when the whole text fits', async () => {
    expect(await quickly('x'.repeat(FORMATTED_TEXT_LIMITS.block + 1))).toContain('A paragraph or list is')
  })

  test('formatting nested hundreds deep (lists, quotes, emphasis) or with too many marks', async () => {
    expect(await quickly(`${'- '.repeat(1000)}x`)).toContain('nested too deep')
    expect(await quickly(Array.from({ length: 60 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n'))).toContain('nested too deep')
    expect(await quickly(`${'> '.repeat(1000)}x`)).toContain('nested too deep')
    expect(await quickly(`${'- > '.repeat(900)}x`)).toContain('nested too deep')
    expect(await quickly(`${'*a '.repeat(100)}x${' b*'.repeat(100)}`)).toContain('nested too deep')
    expect(await quickly(`${'*a _'.repeat(400)}x${'_ b*'.repeat(400)}`)).toContain('* and _ marks: at most 300')
  })

  test('nesting within the limits is accepted', () => {
    expect(treeOf('> - > - x')[0]).toMatchObject({ type: 'quote' })
    expect(treeOf('***[bold italic link](/x)***')[0]).toMatchObject({ type: 'paragraph' })
  })

  test('the most emphasis marks the limits allow still parse fast', async () => {
    const marks = Array.from({ length: 6 }, () => `${'*a _'.repeat(75)}x${'_ b*'.repeat(75)}`).join('\n\n')
    expect(await processorMs(() => parseFormattedText(marks))).toBeLessThan(1000)
  })
})
