import type { GalleryImage } from '../../../api/types'

/**
 * How a gallery's controls name each picture: by what it shows (its alt text), and by its place in
 * the gallery too ("picture 2 of 5") where another picture in the same gallery has the same
 * description (uploads share one alt per gallery) — the order staff see, never the stored file's
 * hashed name and never its database number.
 */
export function pictureNames(images: readonly GalleryImage[]): Map<number, string> {
  const seen = new Map<string, number>()
  for (const image of images) seen.set(image.alt.trim(), (seen.get(image.alt.trim()) ?? 0) + 1)
  return new Map(
    images.map((image, index) => {
      const alt = image.alt.trim()
      const place = `picture ${index + 1} of ${images.length}`
      const name = !alt ? place : (seen.get(alt) ?? 0) > 1 ? `“${alt}” (${place})` : `“${alt}”`
      return [image.id, name]
    }),
  )
}
