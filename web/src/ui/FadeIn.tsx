import { useEffect, useRef, useState, type ElementType, type ReactNode } from 'react'
import { prefersReducedMotion } from '../lib/hooks'
import './hero.css'

/** SPEC.md: elements fade in when 10% of them is in view. */
export const FADE_IN_THRESHOLD = 0.1

type State = 'static' | 'waiting' | 'visible'

export interface FadeInProps {
  children: ReactNode
  as?: ElementType
  className?: string
  /** Stagger, in ms, before the fade starts once in view. */
  delay?: number
}

/**
 * Fades its content in when scrolled into view (IntersectionObserver, threshold 0.1). Content is
 * visible in pre-rendered HTML and without IntersectionObserver; only content still below the
 * fold when the page starts is hidden and then faded in. No fade under reduced motion.
 */
export function FadeIn({ children, as: Tag = 'div', className = '', delay = 0 }: FadeInProps) {
  const ref = useRef<HTMLElement>(null)
  const [state, setState] = useState<State>('static')

  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) {
      setState('visible')
      return
    }
    // The observer's first report says whether it starts on screen, read after the browser's own
    // layout (measuring here would force one while the page hydrates). On screen it stays as it is;
    // below the fold it waits and fades in once 10 % of it is in view.
    let first = true
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState('visible')
          observer.disconnect()
        } else if (first) setState('waiting')
        first = false
      },
      { threshold: FADE_IN_THRESHOLD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const classes = ['fade-in', state === 'waiting' ? 'fade-in--waiting' : '', state === 'visible' ? 'visible' : '', className].filter(Boolean).join(' ')
  return (
    <Tag ref={ref} className={classes} style={delay ? { transitionDelay: `${delay}ms` } : undefined}>
      {children}
    </Tag>
  )
}
