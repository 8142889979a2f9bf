// Staff's formatted text on public pages: the server's safe tree becomes elements, never markup from text.
import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, render } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { parseFormattedText } from '../../../api/src/shared/rules/formatted-text'
import type { FormattedTree } from '../../../api/src/shared/rules/formatted-text-tree'
import { FormattedText } from './FormattedText'

afterEach(cleanup)

function treeOf(source: string): FormattedTree {
  const parsed = parseFormattedText(source)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.tree
}

const show = (tree: FormattedTree, leadFirst = false) =>
  render(
    <Router>
      <FormattedText tree={tree} leadFirst={leadFirst} />
    </Router>,
  ).container

describe('FormattedText', () => {
  test('each node type becomes its element', () => {
    const root = show(treeOf('## Rooms\n\n### Family\n\nA **bold** and *quiet*  \nroom.\n\n- one\n- two\n\n3. three\n4. four\n\n> Lovely'))
    expect([...root.children].map((el) => el.tagName)).toEqual(['H2', 'H3', 'P', 'UL', 'OL', 'BLOCKQUOTE'])
    expect(root.querySelector('p strong')?.textContent).toBe('bold')
    expect(root.querySelector('p em')?.textContent).toBe('quiet')
    expect(root.querySelector('p br')).not.toBeNull()
    expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['one', 'two'])
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3')
    expect(root.querySelector('blockquote.prose__quote p')?.textContent).toBe('Lovely')
  })

  test('the first paragraph is the lead when asked, and only then', () => {
    const tree = treeOf('## Title\n\nFirst\n\nSecond')
    expect([...show(tree, true).querySelectorAll('p')].map((p) => p.className)).toEqual(['lead', ''])
    cleanup()
    expect(show(tree).querySelector('p.lead')).toBeNull()
  })

  test('site paths and outside links: both plain anchors with the checked address, outside ones without an opener', () => {
    const root = show(treeOf('[Rooms](/stay) and [Walks](https://example.org/walks) or [call](tel:+441234567890)'))
    const links = [...root.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('rel')])
    expect(links).toEqual([
      ['/stay', null],
      ['https://example.org/walks', 'noopener noreferrer'],
      ['tel:+441234567890', 'noopener noreferrer'],
    ])
  })

  test('text that looks like markup stays text, on the server too', () => {
    const tree: FormattedTree = [{ type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)> & <script>' }] }]
    const html = renderToString(<FormattedText tree={tree} />)
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;</p>')
    expect(show(tree).querySelector('img, script')).toBeNull()
  })
})

test('renders lists, quotes and inline runs without React warning about list keys', () => {
  const parsed = parseFormattedText('## Hi **there**\n\nA paragraph with *em* and [a link](/stay).\n\n- one\n- two\n\n> a quote\n\n1. first\n2. second')
  if (!parsed.ok) throw new Error(parsed.error)
  const warnings: string[] = []
  const original = console.error
  console.error = (...args: unknown[]) => warnings.push(String(args[0]))
  try {
    render(<FormattedText tree={parsed.tree} leadFirst />)
  } finally {
    console.error = original
  }
  expect(warnings.filter((warning) => warning.includes('"key" prop'))).toEqual([])
})
