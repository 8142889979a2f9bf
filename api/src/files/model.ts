import { t } from 'elysia'

/**
 * A resized copy of an uploaded image, listed next to the image's own URL so pages can offer the
 * browser a `srcset` and a phone downloads a small file instead of the original.
 */
export const ImageVariant = t.Object({
  url: t.String(),
  type: t.Union([t.Literal('image/avif'), t.Literal('image/webp')]),
  width: t.Integer(),
  height: t.Integer(),
})
export type ImageVariant = typeof ImageVariant.static

export const ImageVariants = t.Array(ImageVariant)

/** Decompression-bomb guard: no image may decode to more than this many pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000

/**
 * The most pages an uploaded PDF may have (more is refused), and the most whose text is read. A menu
 * is a few pages; 3 MB of 20,000 pages sharing one content stream kept pdf.js busy for over twelve minutes.
 */
export const MAX_PDF_PAGES = 100

/**
 * The most a single compressed part of an uploaded PDF may unpack to (pdf-streams.ts). A full-page photo
 * kept losslessly at print size (4,000 × 5,000 RGB) is 60 MB; an embedded font or a page's text a few MB.
 */
export const MAX_UNPACKED_STREAM_MB = 64
/** The most all of an uploaded PDF's compressed parts may unpack to together. */
export const MAX_UNPACKED_PDF_MB = 128
