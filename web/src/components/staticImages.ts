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

/**
 * The one copy of each shipped picture the service worker saves up front (its smallest WebP, see
 * web/build/static-images.ts): offline, it stands in for any size or format of that picture not seen
 * online. The originals and the other copies are kept only once a page has shown them.
 */
export const OFFLINE_COPY_EXTENSION = 'webp'

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
