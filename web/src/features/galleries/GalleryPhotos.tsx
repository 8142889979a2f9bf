/** The pieces of a gallery's wall (Gallery.tsx): one tile with its cross-fade, and the photo opened over the page. */
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { GalleryImage } from '../../api/types'
import { IMAGE_NOT_AVAILABLE, ImageNotAvailable } from '../../ui/ImageNotAvailable'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import { TILE_PICTURE, TILE_PICTURE_LOADED } from './picturesBeforeTheApp'

/** SPEC.md: a swapped tile fades in over 0.5 s. */
export const GALLERY_FADE_MS = 500

/** Two columns on a phone, three from 720 px, in a page container at most 72rem (1152 px) wide. */
const TILE_SIZES = '(max-width: 719px) 50vw, (min-width: 1152px) 384px, 33vw'
/** The overlay shows the photo as large as the screen allows. */
const OVERLAY_SIZES = '100vw'

function TileImage({ image, onShown }: { image: GalleryImage; onShown?: () => void }) {
  const [loaded, setLoaded] = useState(false)
  const [failed, setFailed] = useState(false)
  const ref = useRef<HTMLImageElement>(null)
  const shown = () => {
    setLoaded(true)
    if (onShown) setTimeout(onShown, GALLERY_FADE_MS + 100)
  }
  const failedToLoad = () => {
    setFailed(true)
    shown()
  }
  // A picture in the HTML the server sent may have loaded before hydration, when React was not
  // listening for its load event yet (one that failed then is reported by ResponsiveImage).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: later loads come as events
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth > 0) shown()
  }, [])
  if (failed)
    return <ImageNotAvailable className="gallery__img gallery__placeholder is-loaded" label={image.alt ? `${image.alt} (${IMAGE_NOT_AVAILABLE})` : undefined} />
  return (
    <ResponsiveImage
      ref={ref}
      className={`${TILE_PICTURE}${loaded ? ` ${TILE_PICTURE_LOADED}` : ''}`}
      src={image.image_url}
      variants={image.image_variants}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={TILE_SIZES}
      onLoad={shown}
      onError={failedToLoad}
    />
  )
}

interface GalleryTileProps {
  image: GalleryImage
  /** The picture this tile showed before its last swap, kept underneath while `image` fades in. */
  prev: GalleryImage | undefined
  /** Once `image` has faded in over `prev`. */
  onPrevHidden: () => void
  /** Where the button goes, for focus to return to when the opened photo closes. */
  buttonRef: (element: HTMLButtonElement | null) => void
  onOpen: () => void
}

/** One slot on the wall: a button that opens its photo. */
export function GalleryTile({ image, prev, onPrevHidden, buttonRef, onOpen }: GalleryTileProps) {
  return (
    <li className="gallery__item">
      <button ref={buttonRef} type="button" className="gallery__tile" onClick={onOpen} data-image-id={image.id}>
        <span className="visually-hidden">View larger photo: </span>
        {prev ? (
          <ResponsiveImage
            className="gallery__img gallery__img--prev is-loaded"
            src={prev.image_url}
            variants={prev.image_variants}
            alt=""
            width={prev.width}
            height={prev.height}
            sizes={TILE_SIZES}
            loading="eager"
            aria-hidden="true"
          />
        ) : null}
        <TileImage key={image.id} image={image} onShown={prev ? onPrevHidden : undefined} />
      </button>
    </li>
  )
}

/** The photo opened from a tile, over the whole page; a click on the backdrop or × closes it. */
export function OpenPhoto({ image, closeRef, close }: { image: GalleryImage; closeRef: RefObject<HTMLButtonElement | null>; close: () => void }) {
  const [failed, setFailed] = useState(false)
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes for the mouse; the keyboard has Escape and the × button (useOpenPhotoKeys)
    <div className="gallery-overlay" role="dialog" aria-modal="true" aria-label={image.alt || 'Photo'} onClick={close}>
      <button ref={closeRef} type="button" className="gallery-overlay__close" aria-label="Close photo" onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
      <figure className="gallery-overlay__figure">
        {failed ? (
          <ImageNotAvailable className="gallery-overlay__img gallery__placeholder" />
        ) : (
          <ResponsiveImage
            src={image.image_url}
            variants={image.image_variants}
            alt={image.alt}
            width={image.width}
            height={image.height}
            sizes={OVERLAY_SIZES}
            loading="eager"
            className="gallery-overlay__img"
            onError={() => setFailed(true)}
          />
        )}
        {image.alt ? <figcaption>{image.alt}</figcaption> : null}
      </figure>
    </div>
  )
}
