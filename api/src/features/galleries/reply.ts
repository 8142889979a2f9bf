import type { FileStore } from '../../files/file-store'
import type { GalleryImage } from './model'
import type { GalleryRow } from './store'

/** A gallery row as the API sends it: staff's description when there is one, else the generated one. */
export const toGalleryImage = (files: FileStore, row: GalleryRow): GalleryImage => ({
  id: row.id,
  type: row.type,
  image_url: files.urlOf(row.image),
  image_variants: files.variantsOf({ name: row.image, width: row.width, height: row.height, animated: row.animated }),
  width: row.width,
  height: row.height,
  alt: row.alt_text ?? row.alt,
  alt_text: row.alt_text,
})
