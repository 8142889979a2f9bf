import { Fragment, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { FormattedBlock, FormattedInline, FormattedTree } from '../../../api/src/shared/rules/formatted-text-tree'

/*
 * Staff's formatted text as the server sends it: a tree already checked (formatted-text.ts), so this only
 * maps node types to elements, never HTML from text. Site paths go through the router; other links
 * (checked to be https, http, mailto or tel) open as plain links. The tree has no ids and never reorders
 * while shown, so its nodes are keyed by position.
 */

/** Nodes keyed by their position (Children.toArray leaves React's dev build warning that list children have no keys). */
const byPosition = (nodes: ReactNode[]): ReactNode[] =>
  // biome-ignore lint/suspicious/noArrayIndexKey: the tree has no ids and never reorders while shown
  nodes.map((node, index) => <Fragment key={index}>{node}</Fragment>)

function inlineNode(node: FormattedInline): ReactNode {
  if (node.type === 'text') return node.text
  if (node.type === 'br') return <br />
  if (node.type !== 'link') return node.type === 'strong' ? <strong>{inline(node.children)}</strong> : <em>{inline(node.children)}</em>
  return node.href.startsWith('/') ? (
    <Link href={node.href}>{inline(node.children)}</Link>
  ) : (
    <a href={node.href} rel="noopener noreferrer">
      {inline(node.children)}
    </a>
  )
}

const inline = (nodes: FormattedInline[]): ReactNode[] => byPosition(nodes.map(inlineNode))

function block(node: FormattedBlock, lead: boolean): ReactNode {
  switch (node.type) {
    case 'heading':
      return node.level === 2 ? <h2>{inline(node.children)}</h2> : <h3>{inline(node.children)}</h3>
    case 'paragraph':
      return <p className={lead ? 'lead' : undefined}>{inline(node.children)}</p>
    case 'quote':
      return <blockquote className="prose__quote">{blocks(node.children, false)}</blockquote>
    case 'list': {
      // biome-ignore lint/correctness/useJsxKeyInIterable: byPosition keys them
      const items = byPosition(node.items.map((item) => <li>{blocks(item, false)}</li>))
      return node.ordered ? <ol start={node.start === 1 ? undefined : node.start}>{items}</ol> : <ul>{items}</ul>
    }
  }
}

/** The blocks; with `leadFirst`, the first paragraph is the section's lead (larger type). */
function blocks(tree: FormattedTree, leadFirst: boolean): ReactNode[] {
  const firstParagraph = leadFirst ? tree.findIndex((node) => node.type === 'paragraph') : -1
  return byPosition(tree.map((node, index) => block(node, index === firstParagraph)))
}

export function FormattedText({ tree, leadFirst = false }: { tree: FormattedTree; leadFirst?: boolean }) {
  return <>{blocks(tree, leadFirst)}</>
}
