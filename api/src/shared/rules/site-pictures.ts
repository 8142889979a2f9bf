// The pictures shipped with the site, on their own: the staff screens and the server list them; the
// public pages never do, and a module shared with the staff screens is carried whole in the public bundle. Pure.

/** The pictures shipped with the site (web/public/images), which a hero or an item may show. */
export const SITE_PICTURES: readonly string[] = [
  '/images/hero-home.jpg',
  '/images/hero-drink.jpg',
  '/images/hero-eat.jpg',
  '/images/hero-stay.jpg',
  '/images/hero-events.jpg',
  '/images/hero-around.jpg',
  '/images/hero-contact.jpg',
  '/images/tile-drink.jpg',
  '/images/tile-eat.jpg',
  '/images/tile-stay.jpg',
]
