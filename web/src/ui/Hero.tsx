import { useEffect, useRef, type ReactNode } from 'react'
import { preload } from 'react-dom'
import { prefersReducedMotion } from '../lib/hooks'
import { ResponsiveImage, srcSetOf } from './ResponsiveImage'
import type { ImageVariant } from '../api/types'
import { cutImageVariants, hasPortraitCuts, PORTRAIT_CUTS, PORTRAIT_SCREEN, staticImageVariants } from './staticImages'
import './hero.css'

export interface HeroImage {
  /** Public path, e.g. '/images/hero-eat.jpg' (the heroes are 1600x1000); its AVIF and WebP copies are made at build. */
  src: string
  width: number
  height: number
  /** What the photo shows (meaningful alt text). */
  alt: string
  /** A picture staff uploaded: the sizes the server lists for it (a shipped picture's copies are named by the build). */
  variants?: ImageVariant[]
}

export interface HeroProps {
  /** The page's one h1. */
  title: ReactNode
  image: HeroImage
  /** Small line above the title. */
  eyebrow?: ReactNode
  /** A sentence or two under the title. */
  intro?: ReactNode
  /** Anything else under the intro: buttons, open-now status... */
  children?: ReactNode
  /** 'full' fills the screen (home); 'page' is shorter (inner pages). */
  size?: 'full' | 'page'
  /**
   * Staff's focal point as CSS object-position ("30% 60%"): the part of the photo a narrow screen keeps.
   * The build's portrait cuts are cut around the middle, so with a focal point the phone gets the whole
   * photo, cropped there instead.
   */
  objectPosition?: string
}

/** How much slower than the page the photo moves (0 = fixed to the page, 1 = fixed to the screen). */
const PARALLAX = 0.35

/**
 * How wide the photo is drawn. It covers the hero (object-fit: cover) and the photos are 16:10, so on
 * a tall phone screen it is drawn wider than the screen: a full hero is at least 100vh tall (160vh
 * wide), a page hero clamp(24rem, 62vh, 34rem) tall (hero.css).
 */
export const HERO_SIZES = {
  full: 'max(100vw, 160vh)',
  page: 'max(100vw, 38rem, min(99vh, 54rem))',
} as const

/** The same for the cut an upright phone gets (staticImages.ts: 9:16 for a full hero, 4:5 for a page hero). */
export const PORTRAIT_HERO_SIZES = {
  full: 'max(100vw, 56.25vh)',
  page: 'max(100vw, 19.2rem, min(49.6vh, 27.2rem))',
} as const

/**
 * A photo header with the page title. The photo moves at a fraction of the scroll speed (parallax),
 * driven by a requestAnimationFrame loop in an effect; under reduced motion it stays still.
 */
export function Hero({ title, image, eyebrow, intro, children, size = 'page', objectPosition }: HeroProps) {
  const rootRef = useRef<HTMLDivElement>(null)
  const mediaRef = useRef<HTMLDivElement>(null)
  const variants = image.variants ?? staticImageVariants(image.src, image.width, image.height)
  const sizes = HERO_SIZES[size]
  const portrait =
    hasPortraitCuts(image.src) && !objectPosition && !image.variants
      ? { media: PORTRAIT_SCREEN, variants: cutImageVariants(image.src, PORTRAIT_CUTS[size], image.width, image.height), sizes: PORTRAIT_HERO_SIZES[size] }
      : undefined
  // The photo is the page's largest paint. In pre-rendered HTML React puts this hint in <head>, so the
  // browser asks for the right width before it has parsed the CSS and scripts; in the browser it adds
  // the same hint at most once. Each cut for the screens that show it, so a phone fetches one picture.
  const hint = { as: 'image', type: 'image/avif', fetchPriority: 'high' } as const
  if (portrait) {
    preload(portrait.variants[0]!.url, { ...hint, imageSrcSet: srcSetOf(portrait.variants, 'image/avif'), imageSizes: portrait.sizes, media: portrait.media })
  }
  preload(image.src, {
    ...hint,
    imageSrcSet: srcSetOf(variants, 'image/avif'),
    imageSizes: sizes,
    media: portrait ? `not all and ${portrait.media}` : undefined,
  })

  useEffect(() => {
    const root = rootRef.current
    const img = mediaRef.current?.querySelector('img')
    if (!root || !img || prefersReducedMotion() || typeof requestAnimationFrame !== 'function') return
    let frame = 0
    const update = () => {
      frame = 0
      const rect = root.getBoundingClientRect()
      if (rect.bottom < 0 || rect.top > window.innerHeight) return
      const offset = Math.max(0, -rect.top) * PARALLAX
      img.style.transform = `translate3d(0, ${offset.toFixed(1)}px, 0)`
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    // Placed in the next frame rather than measured now, which would force a layout while the page hydrates.
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      if (frame) cancelAnimationFrame(frame)
      img.style.transform = ''
    }
  }, [])

  return (
    <div ref={rootRef} className={`hero hero--${size}`}>
      <div ref={mediaRef} className="hero__media">
        <ResponsiveImage
          className="hero__image"
          src={image.src}
          variants={variants}
          alt={image.alt}
          width={image.width}
          height={image.height}
          sizes={sizes}
          artDirection={portrait}
          loading="eager"
          fetchPriority="high"
          decoding="auto"
          style={objectPosition ? { objectPosition } : undefined}
        />
      </div>
      <div className="hero__content container">
        {eyebrow ? <p className="hero__eyebrow">{eyebrow}</p> : null}
        <h1 className="hero__title">{title}</h1>
        {intro || children ? (
          <div className="hero__body">
            {intro ? <p className="hero__intro">{intro}</p> : null}
            {children}
          </div>
        ) : null}
      </div>
    </div>
  )
}
