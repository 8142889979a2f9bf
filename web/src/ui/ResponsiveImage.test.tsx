import { describe, expect, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { ImageVariant } from '../api/types'
import { ResponsiveImage, srcSetOf } from './ResponsiveImage'

const hash = 'abcdef0123456789abcdef0123456789'
/** As the API lists them: by type, then width. */
const variants: ImageVariant[] = (['image/avif', 'image/webp'] as const).flatMap((type) =>
  [320, 640, 1024].map((width) => ({ url: `/files/${hash}-${width}.${type.slice(6)}`, type, width, height: Math.round(width * 0.625) })),
)

describe('ResponsiveImage', () => {
  test('a picture with an AVIF then a WebP source, each a width-described srcset with the sizes given, and the original as img', () => {
    render(
      <ResponsiveImage
        src={`/files/${hash}.jpg`}
        variants={variants}
        width={1200}
        height={750}
        alt="The terrace"
        sizes="(max-width: 600px) 100vw, 50vw"
        className="tile"
      />,
    )
    const img = screen.getByRole('img', { name: 'The terrace' })
    const picture = img.parentElement!
    expect(picture.tagName).toBe('PICTURE')
    const sources = [...picture.querySelectorAll('source')]
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp'])
    expect(sources[0]!.getAttribute('srcset')).toBe(`/files/${hash}-320.avif 320w, /files/${hash}-640.avif 640w, /files/${hash}-1024.avif 1024w`)
    expect(sources[1]!.getAttribute('srcset')).toBe(`/files/${hash}-320.webp 320w, /files/${hash}-640.webp 640w, /files/${hash}-1024.webp 1024w`)
    for (const source of sources) expect(source.getAttribute('sizes')).toBe('(max-width: 600px) 100vw, 50vw')
    // The img comes last, so the browser has seen every source before it picks.
    expect(picture.lastElementChild).toBe(img)
    expect(img.getAttribute('src')).toBe(`/files/${hash}.jpg`)
    expect(img.getAttribute('width')).toBe('1200')
    expect(img.getAttribute('height')).toBe('750')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('decoding')).toBe('async')
    expect(img.className).toBe('tile')
  })

  test('without variants (or with a list saved before they existed) it is a plain img', () => {
    for (const none of [[], undefined, null]) {
      const { container, unmount } = render(<ResponsiveImage src="/files/x.gif" variants={none} width={40} height={30} alt="Animated" sizes="100vw" />)
      expect(container.querySelector('picture')).toBeNull()
      expect(container.querySelector('source')).toBeNull()
      expect(container.querySelector('img')!.getAttribute('src')).toBe('/files/x.gif')
      unmount()
    }
  })

  test('only the formats that have variants get a source', () => {
    const webpOnly = variants.filter((variant) => variant.type === 'image/webp')
    const { container } = render(<ResponsiveImage src="/a.jpg" variants={webpOnly} width={10} height={10} alt="" sizes="10vw" />)
    expect([...container.querySelectorAll('source')].map((source) => source.getAttribute('type'))).toEqual(['image/webp'])
  })

  test('loading, fetch priority and handlers reach the img', () => {
    let loaded = 0
    render(
      <ResponsiveImage
        src="/hero.jpg"
        variants={variants}
        width={1600}
        height={1000}
        alt="Hero"
        sizes="100vw"
        loading="eager"
        fetchPriority="high"
        onLoad={() => loaded++}
        aria-hidden={undefined}
      />,
    )
    const img = screen.getByRole('img', { name: 'Hero' })
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
    fireEvent.load(img)
    expect(loaded).toBe(1)
  })

  test('renders on the server with the same markup (no browser needed)', () => {
    const html = renderToString(<ResponsiveImage src={`/files/${hash}.jpg`} variants={variants} width={1200} height={750} alt="The terrace" sizes="50vw" />)
    expect(html).toContain('<picture')
    expect(html).toContain(`srcSet="/files/${hash}-320.avif 320w`)
    expect(html).toMatch(/<source type="image\/avif"[^>]*sizes="50vw"/)
    expect(html).toContain(`src="/files/${hash}.jpg"`)
  })

  test('srcSetOf sorts by width and keeps one format', () => {
    expect(srcSetOf([...variants].reverse(), 'image/webp')).toBe(`/files/${hash}-320.webp 320w, /files/${hash}-640.webp 640w, /files/${hash}-1024.webp 1024w`)
    expect(srcSetOf([], 'image/avif')).toBe('')
  })
})

describe('a picture that failed before the scripts ran', () => {
  /** The server's HTML in the page, its img as the browser left it, then React hydrating it. */
  async function hydrated(state: { complete: boolean; naturalWidth: number }) {
    const { hydrateRoot } = await import('react-dom/client')
    const { act } = await import('@testing-library/react')
    const failures: string[] = []
    const element = (
      <ResponsiveImage
        src={`/files/${hash}.jpg`}
        variants={variants}
        width={1200}
        height={750}
        alt="The terrace"
        sizes="100vw"
        onError={() => failures.push('failed')}
      />
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(element)
    document.body.append(container)
    const img = container.querySelector('img')!
    Object.defineProperty(img, 'complete', { value: state.complete })
    Object.defineProperty(img, 'naturalWidth', { value: state.naturalWidth })
    await act(async () => {
      hydrateRoot(container, element)
    })
    container.remove()
    return failures
  }

  test('is reported as failed when React takes the page over', async () => {
    expect(await hydrated({ complete: true, naturalWidth: 0 })).toEqual(['failed'])
  })

  test('one still loading (or waiting to, lazily) or already shown is not', async () => {
    expect(await hydrated({ complete: false, naturalWidth: 0 })).toEqual([])
    expect(await hydrated({ complete: true, naturalWidth: 1200 })).toEqual([])
  })
})
