import type { GalleryImage } from '../../../api/types'

/** The picture's file name as stored ("a1b2c3.webp"): what staff can tell two pictures with one description apart by. */
function fileName(image: GalleryImage): string {
  return decodeURIComponent(image.image_url.split(/[?#]/)[0]!.split('/').pop() ?? '')
}

/**
 * How a gallery's controls name each picture: by what it shows (its alt text), and by its file name
 * too where another picture in the same gallery has the same description (uploads share one alt per
 * gallery), never by its number alone.
 */
export function pictureNames(images: readonly GalleryImage[]): Map<number, string> {
  const seen = new Map<string, number>()
  for (const image of images) seen.set(image.alt.trim(), (seen.get(image.alt.trim()) ?? 0) + 1)
  return new Map(
    images.map((image) => {
      const alt = image.alt.trim()
      const name = !alt ? fileName(image) : (seen.get(alt) ?? 0) > 1 ? `${alt} (${fileName(image)})` : alt
      return [image.id, `“${name}”`]
    }),
  )
}
