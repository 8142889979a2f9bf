/**
 * A gallery tile's picture fades in once it has loaded (GalleryPhotos.tsx gives it `is-loaded`). On a
 * served page the app starts only when the visitor acts (shell/appOnDemand.ts), so until then nobody
 * would: the tiles would stay empty. The page's own script shows the pictures the server sent as they
 * load; the app, once it starts, finds them shown and carries on (its className then agrees).
 */
export const TILE_PICTURE = 'gallery__img'
export const TILE_PICTURE_LOADED = 'is-loaded'

export function showServedGalleryPictures(root: ParentNode = document): void {
  for (const picture of root.querySelectorAll<HTMLImageElement>(`img.${TILE_PICTURE}:not(.${TILE_PICTURE_LOADED})`)) {
    const show = () => picture.classList.add(TILE_PICTURE_LOADED)
    if (picture.complete && picture.naturalWidth > 0) show()
    else picture.addEventListener('load', show, { once: true })
  }
}
