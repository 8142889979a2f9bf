/** A page's hero from staff's content: an uploaded picture with the sizes the server lists, a shipped one with the build's copies. */
import { describe, expect, test } from 'bun:test'
import { render } from '@testing-library/react'
import type { PublicPage } from '../../api/types'
import { PageHero } from './PageHero'

const content = (picture: string, pictureVariants: PublicPage['pictureVariants']): PublicPage => ({
  page: 'stay',
  title: 'Stay',
  smallHeading: '',
  intro: '',
  picture,
  pictureDescription: 'Morning over the dale',
  pictureVariants,
  focalX: 50,
  focalY: 50,
  body: [],
  items: [],
  words: {},
  updated_at: '2026-11-28T10:00:00.000Z',
})

describe('PageHero', () => {
  test('an uploaded picture is offered in the sizes the server lists, with its description', () => {
    const name = 'ab'.repeat(16)
    const variants = [640, 1280].map((width) => ({ url: `/files/${name}-${width}.webp`, type: 'image/webp' as const, width, height: width * 0.625 }))
    const { container } = render(
      <PageHero content={content(`/files/${name}.jpg`, variants)} placeholder={{ title: 'Stay', picture: '/images/hero-stay.jpg' }} />,
    )
    const img = container.querySelector('img.hero__image')!
    expect(img.getAttribute('src')).toBe(`/files/${name}.jpg`)
    expect(img.getAttribute('alt')).toBe('Morning over the dale')
    const offered = [...container.querySelectorAll('source')].map((source) => source.getAttribute('srcset') ?? source.getAttribute('srcSet')).join(' ')
    expect(offered).toContain(`/files/${name}-640.webp 640w`)
    expect(offered).not.toContain('/images/')
  })

  test('a shipped picture keeps the build’s copies (and its upright cuts for phones)', () => {
    const { container } = render(<PageHero content={content('/images/hero-stay.jpg', [])} placeholder={{ title: 'Stay', picture: '/images/hero-stay.jpg' }} />)
    const offered = [...container.querySelectorAll('source')].map((source) => source.getAttribute('srcset') ?? source.getAttribute('srcSet')).join(' ')
    expect(offered).toContain('/images/hero-stay-')
  })
})
