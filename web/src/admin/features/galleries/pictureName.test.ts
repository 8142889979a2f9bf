import { describe, expect, test } from 'bun:test'
import type { GalleryImage } from '../../../api/types'
import { pictureNames } from './pictureName'

const image = (id: number, alt: string, file = `${id}.webp`): GalleryImage =>
  ({ id, type: 'cafe', image_url: `/files/gallery/${file}`, width: 800, height: 600, alt }) as GalleryImage

describe('pictureNames', () => {
  test('a picture is named by what it shows, never by its number', () => {
    const names = pictureNames([image(27, 'Breakfast in the cafe'), image(28, 'Coffee by the window')])
    expect([...names.values()]).toEqual(['“Breakfast in the cafe”', '“Coffee by the window”'])
  })
})
