import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { GalleryImage, GalleryType } from '../../api/types'
import { prefersReducedMotion } from '../../lib/hooks'
import { galleryStore } from './store'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import './gallery.css'

/** SPEC.md: one random tile swapped every 5 s, with a 0.5 s fade. */
export const GALLERY_SWAP_MS = 5000
export const GALLERY_FADE_MS = 500

/** Two columns on a phone, three from 720 px, in a page container at most 72rem (1152 px) wide. */
const TILE_SIZES = '(max-width: 719px) 50vw, (min-width: 1152px) 384px, 33vw'
/** The overlay shows the photo as large as the screen allows. */
const OVERLAY_SIZES = '100vw'

export interface GalleryProps {
  type: GalleryType
  /** How many tiles to show (6 on the home page). */
  count?: number
  heading?: ReactNode
  /** Text under the heading. */
  intro?: ReactNode
  /** Extra classes for the outer <section> (which already has section spacing and a container inside). */
  className?: string
  /** For tests: swap period and random source. */
  intervalMs?: number
  random?: () => number
}

interface Tile {
  id: number
  /** The image this tile showed before its last swap, kept underneath while the new one fades in. */
  prev: number | null
}

/** Keeps the tiles that still exist, then fills up to `count` in gallery order. */
function fillTiles(current: Tile[], images: GalleryImage[], count: number): Tile[] {
  const ids = new Set(images.map((image) => image.id))
  const kept = current.filter((tile) => ids.has(tile.id)).slice(0, count)
  const shown = new Set(kept.map((tile) => tile.id))
  for (const image of images) {
    if (kept.length >= count) break
    if (!shown.has(image.id)) {
      kept.push({ id: image.id, prev: null })
      shown.add(image.id)
    }
  }
  return kept
}

function TileImage({ image, onShown }: { image: GalleryImage; onShown?: () => void }) {
  const [loaded, setLoaded] = useState(false)
  const ref = useRef<HTMLImageElement>(null)
  const shown = () => {
    setLoaded(true)
    if (onShown) setTimeout(onShown, GALLERY_FADE_MS + 100)
  }
  // A picture in the HTML the server sent may have loaded (or failed) before hydration, when React
  // was not listening for its load event yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: later loads come as events
  useEffect(() => {
    if (ref.current?.complete) shown()
  }, [])
  return (
    <ResponsiveImage
      ref={ref}
      className={`gallery__img${loaded ? ' is-loaded' : ''}`}
      src={image.image_url}
      variants={image.image_variants}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={TILE_SIZES}
      onLoad={shown}
      onError={shown}
    />
  )
}

/**
 * While a photo is open: focus on ×, Escape closes, Tab stays inside, the page does not scroll.
 * On close, focus goes back to the tile that opened it.
 */
function useOpenPhotoKeys(openSlot: number | null, close: () => void) {
  const tileRefs = useRef<(HTMLButtonElement | null)[]>([])
  const closeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (openSlot === null) return
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
      } else if (event.key === 'Tab') {
        event.preventDefault()
        closeRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      const tile = tileRefs.current[openSlot]
      if (tile?.isConnected) tile.focus()
    }
  }, [openSlot, close])
  return { tileRefs, closeRef }
}

/**
 * A grid of `count` photos of one gallery type. With more photos than tiles, one random tile changes
 * every 5 s (paused while the visitor hovers, focuses inside it or views a photo, and from when they
 * press its Pause button until they press Play; never under reduced motion, where the button is not
 * shown either). A tile opens the photo in a fullscreen overlay. With no photos it renders nothing.
 */
export function Gallery({ type, count = 6, heading, intro, className, intervalMs = GALLERY_SWAP_MS, random = Math.random }: GalleryProps) {
  const useGallery = galleryStore(type)
  const data = useGallery((s) => s.data)
  const status = useGallery((s) => s.status)
  const load = useGallery((s) => s.load)
  const images = Array.isArray(data) ? data : []
  // The first photos from the start: a page served with its data shows them before any script runs.
  const [tiles, setTiles] = useState<Tile[]>(() => fillTiles([], images, count))
  const [openSlot, setOpenSlot] = useState<number | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  // Decided in an effect: the server cannot know, and the browser's first render must match its HTML.
  const [motionAllowed, setMotionAllowed] = useState(false)
  const imagesRef = useRef(images)
  imagesRef.current = images
  const headingId = useId()

  useEffect(() => {
    void load()
  }, [load])

  // The first tiles are the gallery's first pictures in staff's order: when those change (a new order,
  // or fresh data replacing what the device had saved), the tiles start again from them.
  const leadingIds = images
    .slice(0, count)
    .map((image) => image.id)
    .join(',')
  const shownLeadRef = useRef(leadingIds)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the data or the tile count changes; images and leadingIds are derived from data anew on every render
  useEffect(() => {
    const sameLead = shownLeadRef.current === leadingIds
    shownLeadRef.current = leadingIds
    setTiles((current) => fillTiles(sameLead ? current : [], images, count))
  }, [data, count])

  useEffect(() => setMotionAllowed(!prefersReducedMotion()), [])

  const canSwap = images.length > count && motionAllowed
  const paused = stopped || hovered || focused || openSlot !== null

  useEffect(() => {
    if (!canSwap || paused) return
    const timer = setInterval(() => {
      setTiles((current) => {
        if (current.length === 0) return current
        const shown = new Set(current.map((tile) => tile.id))
        const candidates = imagesRef.current.filter((image) => !shown.has(image.id))
        if (candidates.length === 0) return current
        const slot = Math.min(current.length - 1, Math.floor(random() * current.length))
        const next = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))]!
        return current.map((tile, index) => (index === slot ? { id: next.id, prev: tile.id } : tile))
      })
    }, intervalMs)
    return () => clearInterval(timer)
  }, [canSwap, paused, intervalMs, random])

  const close = useCallback(() => setOpenSlot(null), [])

  const { tileRefs, closeRef } = useOpenPhotoKeys(openSlot, close)

  // Until the first answer (the saved copy or the server's), the gallery holds its place with empty
  // tiles, so nothing below it moves when the photos arrive; pre-rendered pages carry this placeholder.
  const waiting = data === null && status !== 'error'
  if (!waiting && images.length === 0) return null
  const placeholders = tiles.length === 0 ? (waiting ? count : Math.min(count, images.length)) : 0
  const byId = new Map(images.map((image) => [image.id, image]))
  const openImage = openSlot !== null ? byId.get(tiles[openSlot]?.id ?? -1) : undefined

  return (
    <section
      className={`gallery section${className ? ` ${className}` : ''}`}
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : 'Photo gallery'}
    >
      <div className="container">
        {heading ? (
          <div className="section-heading">
            <h2 id={headingId}>{heading}</h2>
            {intro ? <p>{intro}</p> : null}
          </div>
        ) : null}
        <ul
          className="gallery__grid"
          data-count={placeholders || tiles.length}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
          }}
        >
          {Array.from({ length: placeholders }, (_, slot) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders are empty slots, told apart only by place
            <li key={slot} className="gallery__item" aria-hidden="true">
              <span className="gallery__placeholder" />
            </li>
          ))}
          {tiles.map((tile, slot) => {
            const image = byId.get(tile.id)
            if (!image) return null
            const prev = tile.prev !== null ? byId.get(tile.prev) : undefined
            const clearPrev = () => setTiles((current) => current.map((t, i) => (i === slot && t.id === image.id ? { ...t, prev: null } : t)))
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is a slot on the wall: its picture changes in place, with a cross-fade
              <li key={slot} className="gallery__item">
                <button
                  ref={(element) => {
                    tileRefs.current[slot] = element
                  }}
                  type="button"
                  className="gallery__tile"
                  onClick={() => setOpenSlot(slot)}
                  data-image-id={image.id}
                >
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
                  <TileImage key={image.id} image={image} onShown={prev ? clearPrev : undefined} />
                </button>
              </li>
            )
          })}
        </ul>
        {canSwap ? (
          <div className="gallery__controls">
            <button type="button" className="button button--ghost button--small gallery__pause" onClick={() => setStopped((value) => !value)}>
              <span aria-hidden="true" className="gallery__pause-icon">
                {stopped ? '▶' : '❚❚'}
              </span>
              {stopped ? 'Play' : 'Pause'}
              <span className="visually-hidden"> slideshow</span>
            </button>
          </div>
        ) : null}
        {openImage ? (
          // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes for the mouse; the keyboard has Escape and the × button (useOpenPhotoKeys)
          <div className="gallery-overlay" role="dialog" aria-modal="true" aria-label={openImage.alt || 'Photo'} onClick={close}>
            <button ref={closeRef} type="button" className="gallery-overlay__close" aria-label="Close photo" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
            <figure className="gallery-overlay__figure">
              <ResponsiveImage
                src={openImage.image_url}
                variants={openImage.image_variants}
                alt={openImage.alt}
                width={openImage.width}
                height={openImage.height}
                sizes={OVERLAY_SIZES}
                loading="eager"
                className="gallery-overlay__img"
              />
              {openImage.alt ? <figcaption>{openImage.alt}</figcaption> : null}
            </figure>
          </div>
        ) : null}
      </div>
    </section>
  )
}
