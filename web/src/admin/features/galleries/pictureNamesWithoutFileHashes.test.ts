import { expect, test } from 'bun:test'
import type { GalleryImage } from '../../../api/types'
import { pictureNames } from './pictureName'

const image = (id: number, alt: string, file: string): GalleryImage =>
  ({ id, type: 'generic', image_url: `/files/gallery/${file}`, image_variants: [], width: 800, height: 600, alt }) as GalleryImage

test('pictures sharing a description are told apart by their place in the gallery, never by a hashed file name', () => {
  const names = [
    ...pictureNames([
      image(41, 'Photo of the hotel', 'db76d798e1f2.png'),
      image(42, 'Photo of the hotel', 'a1b2c3d4e5f6.webp'),
      image(43, ' ', 'c%203.png'),
    ]).values(),
  ]
  expect(names).toEqual(['“Photo of the hotel” (picture 1 of 3)', '“Photo of the hotel” (picture 2 of 3)', 'picture 3 of 3'])
  for (const name of names) expect(name).not.toMatch(/\.(png|webp)|db76|41|42|43/)
})
