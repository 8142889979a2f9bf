import { useEffect, useRef, type ReactNode } from 'react'
import { prefersReducedMotion } from '../lib/hooks'
import '../styles/hero.css'

export interface HeroImage {
  /** Public path, e.g. '/images/hero-eat.jpg' (the heroes are 1600x1000). */
  src: string
  width: number
  height: number
  /** What the photo shows (meaningful alt text). */
  alt: string
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
}

/** How much slower than the page the photo moves (0 = fixed to the page, 1 = fixed to the screen). */
const PARALLAX = 0.35

/**
 * A photo header with the page title. The photo moves at a fraction of the scroll speed (parallax),
 * driven by a requestAnimationFrame loop in an effect; under reduced motion it stays still.
 */
export function Hero({ title, image, eyebrow, intro, children, size = 'page' }: HeroProps) {
  const rootRef = useRef<HTMLDivElement>(null)
  const imageRef = useRef<HTMLImageElement>(null)

  useEffect(() => {
    const root = rootRef.current
    const img = imageRef.current
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
    update()
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
      <div className="hero__media">
        <img
          ref={imageRef}
          className="hero__image"
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="eager"
          fetchPriority="high"
          decoding="async"
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
