// The galleries' types and the grouped gallery's categories, imported by the API and the web app alike.

/** Every gallery a page shows, by the type the upload form sends. */
export const GALLERY_TYPES = ['generic', 'cafe', 'rooms', 'stables', 'events'] as const
export type GalleryType = (typeof GALLERY_TYPES)[number]

/**
 * SPEC.md numbers the grouped gallery's categories (1 Home, 2 Eat, 3 Stay, 4 Drink); DECISIONS.md
 * adds 5 Events. Each category is one gallery type; `name` is what staff see, `page` shows it publicly.
 */
export const GALLERY_CATEGORIES = [
  { category: '1', type: 'generic', name: 'Home', page: '/' },
  { category: '2', type: 'cafe', name: 'Eat', page: '/eat' },
  { category: '3', type: 'rooms', name: 'Stay', page: '/stay' },
  { category: '4', type: 'stables', name: 'Drink', page: '/drink' },
  { category: '5', type: 'events', name: 'Events', page: '/events' },
] as const satisfies readonly { category: string; type: GalleryType; name: string; page: string }[]
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number]['category']

/** What staff see for a category the grouped gallery sends but this version does not know. */
export const UNKNOWN_CATEGORY = 'Unknown Category'

const byCategory = (category: string) => GALLERY_CATEGORIES.find((c) => c.category === category)

/** The category a gallery type is grouped under ('generic' → '1'); undefined for an unknown type. */
export function categoryOfType(type: string): GalleryCategory | undefined {
  return GALLERY_CATEGORIES.find((c) => c.type === type)?.category
}

/** A category's name as staff see it ('1' → 'Home'), or 'Unknown Category'. */
export function categoryName(category: string): string {
  return byCategory(category)?.name ?? UNKNOWN_CATEGORY
}

/** The public page that shows a category's gallery, if it is known. */
export function categoryPage(category: string): string | undefined {
  return byCategory(category)?.page
}

/** The most images one upload may carry; staff pick a handful at a time from a phone or a folder. */
export const MAX_IMAGES_PER_UPLOAD = 20

export const UPLOAD_GALLERY_MISSING = 'Please select images and provide a type.'
