import type { ReactNode } from 'react'
import type { PublicPage } from '../../api/types'
import { focalPosition } from '../../../../api/src/shared/rules/pages'
import { Hero, type HeroProps } from '../../ui/Hero'

/** The shipped hero pictures are 1600 × 1000 (web/public/images). */
const HERO_WIDTH = 1600
const HERO_HEIGHT = 1000

interface PageHeroProps {
  /** The page's content; null until it is known (the build's page, a first offline visit). */
  content: PublicPage | null
  /** What the page shows until then: its name as a title, and the picture the build shipped for it. */
  placeholder: { title: string; picture: string }
  size?: HeroProps['size']
  children?: ReactNode
}

/** A page's hero from staff's content: title, small heading, intro, and the picture cropped around its focal point. */
export function PageHero({ content, placeholder, size, children }: PageHeroProps) {
  const picture = content?.picture ?? placeholder.picture
  return (
    <Hero
      size={size}
      title={content?.title ?? placeholder.title}
      eyebrow={content?.smallHeading || undefined}
      intro={content?.intro || undefined}
      image={{
        src: picture,
        width: HERO_WIDTH,
        height: HERO_HEIGHT,
        alt: content?.pictureDescription ?? '',
        // A copy saved on the device before uploads existed has no sizes listed.
        variants: content?.pictureVariants?.length ? content.pictureVariants : undefined,
      }}
      // The middle is what the build's portrait cuts keep already: only another focal point gives up those cuts.
      objectPosition={content && (content.focalX !== 50 || content.focalY !== 50) ? focalPosition(content.focalX, content.focalY) : undefined}
    >
      {children}
    </Hero>
  )
}
