import type { ImageVariant } from '../api/types'

/**
 * The pictures shipped with the site (web/public/images: heroes and tiles) get AVIF and WebP copies at
 * these widths when the site is built (web/build/static-images.ts), named by this module's rules, so
 * pages can list them without any build step telling them what exists. 480 is a phone's width at
 * 1x-1.25x; the wider ones cover tablets, desktops and dense phone screens.
 */
export const STATIC_IMAGE_WIDTHS = [480, 640, 1024, 1600] as const

export const STATIC_IMAGE_FORMATS = [
  { type: 'image/avif', extension: 'avif' },
  { type: 'image/webp', extension: 'webp' },
] as const satisfies readonly { type: ImageVariant['type']; extension: string }[]

/** The widths made of a picture `width` px wide: every standard width narrower than it, then its own width. */
export function staticVariantWidths(width: number): number[] {
  return [...STATIC_IMAGE_WIDTHS.filter((standard) => standard < width), width]
}

/** `/images/hero-eat.jpg` at 1024 px as AVIF is `/images/hero-eat-1024.avif`. */
export function staticVariantUrl(src: string, width: number, extension: string): string {
  return `${src.replace(/\.[a-z0-9]+$/i, '')}-${width}.${extension}`
}

/** The variants of one shipped picture, in the image variants contract's shape and order (type, then width). */
export function staticImageVariants(src: string, width: number, height: number): ImageVariant[] {
  return STATIC_IMAGE_FORMATS.flatMap(({ type, extension }) =>
    staticVariantWidths(width).map((variantWidth) => ({
      url: staticVariantUrl(src, variantWidth, extension),
      type,
      width: variantWidth,
      height: Math.round((height * variantWidth) / width),
    })),
  )
}

/**
 * Phones held upright. A hero there is far taller than its photo's 16:10 (object-fit: cover), so only
 * a narrow middle strip of the photo shows: the page offers a copy cut to that strip instead.
 */
export const PORTRAIT_SCREEN = '(max-width: 480px) and (orientation: portrait)'

/**
 * The cuts of a hero for upright phones: the middle of the photo at its full height, as wide as the
 * hero's box can be there (a page hero about 4:5, a full-screen one about 9:16), so each holds every
 * pixel that shows, at the photo's own sharpness, and few that do not.
 */
export const PORTRAIT_CUTS = {
  page: { name: 'portrait', aspect: 4 / 5 },
  full: { name: 'tall', aspect: 9 / 16 },
} as const
export type PortraitCut = (typeof PORTRAIT_CUTS)[keyof typeof PORTRAIT_CUTS]
const PORTRAIT_WIDTHS = [480, 640] as const

/** Which shipped pictures have portrait cuts: the heroes (web/public/images/hero-*). */
export const hasPortraitCuts = (src: string) => /\/hero-[\w-]+\.(jpe?g|png)$/i.test(src)

/** The width of `cut` of a `width`×`height` photo. */
export const cutWidth = (cut: PortraitCut, width: number, height: number) => Math.min(width, Math.round(height * cut.aspect))

/** `/images/hero-eat.jpg` cut to portrait, 640 px wide, as AVIF: `/images/hero-eat-portrait-640.avif`. */
export function cutVariantUrl(src: string, cut: PortraitCut, width: number, extension: string): string {
  return staticVariantUrl(src.replace(/(\.[a-z0-9]+)$/i, `-${cut.name}$1`), width, extension)
}

/** The copies of one hero's `cut`, in the image variants contract's shape (type, then width). */
export function cutImageVariants(src: string, cut: PortraitCut, width: number, height: number): ImageVariant[] {
  const fullWidth = cutWidth(cut, width, height)
  const widths = [...PORTRAIT_WIDTHS.filter((standard) => standard < fullWidth), fullWidth]
  return STATIC_IMAGE_FORMATS.flatMap(({ type, extension }) =>
    widths.map((variantWidth) => ({
      url: cutVariantUrl(src, cut, variantWidth, extension),
      type,
      width: variantWidth,
      height: Math.round((height * variantWidth) / fullWidth),
    })),
  )
}
