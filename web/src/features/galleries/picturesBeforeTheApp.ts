/**
 * A gallery tile's picture fades in once it has loaded (GalleryPhotos.tsx gives it `is-loaded`). On a
 * served page the app starts only when the visitor acts (shell/appOnDemand.ts), so until then nobody
 * would: the tiles would stay empty. The page's own script shows the pictures the server sent as they
 * load; the app, once it starts, finds them shown and carries on (its className then agrees).
 *
 * One that fails is marked `is-failed` and named as the app's placeholder is ("<alt> (Image Not
 * Available)"); its tile draws the words from `data-unavailable` (gallery.css). The picture stays an
 * <img>, as React will hydrate it (a placeholder put in its place would not match what React expects);
 * the app, once it starts, puts its own placeholder there, and the tile's words go with the picture.
 */
import { IMAGE_NOT_AVAILABLE } from '../../ui/imageNotAvailableWords'

export const TILE_PICTURE = 'gallery__img'
export const TILE_PICTURE_LOADED = 'is-loaded'
export const TILE_PICTURE_FAILED = 'is-failed'

function showUnavailable(picture: HTMLImageElement): void {
  picture.classList.add(TILE_PICTURE_FAILED)
  const alt = picture.getAttribute('alt')
  picture.alt = alt ? `${alt} (${IMAGE_NOT_AVAILABLE})` : IMAGE_NOT_AVAILABLE
  picture.closest('.gallery__tile')?.setAttribute('data-unavailable', IMAGE_NOT_AVAILABLE)
}

export function showServedGalleryPictures(root: ParentNode = document): void {
  for (const picture of root.querySelectorAll<HTMLImageElement>(`img.${TILE_PICTURE}:not(.${TILE_PICTURE_LOADED})`)) {
    const show = () => picture.classList.add(TILE_PICTURE_LOADED)
    if (picture.complete) {
      if (picture.naturalWidth > 0) show()
      else if (picture.currentSrc || picture.getAttribute('src')) showUnavailable(picture)
      continue
    }
    const settle = (event: Event) => {
      picture.removeEventListener('load', settle)
      picture.removeEventListener('error', settle)
      if (event.type === 'load') show()
      else showUnavailable(picture)
    }
    picture.addEventListener('load', settle)
    picture.addEventListener('error', settle)
  }
}
