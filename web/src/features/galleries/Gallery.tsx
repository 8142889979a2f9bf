import { useCallback, useEffect, useId, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import type { GalleryImage, GalleryType } from '../../api/types'
import { prefersReducedMotion } from '../../lib/hooks'
import { useResource } from '../../stores'
import { galleryStore } from './store'
import { GalleryTile, OpenPhoto } from './GalleryPhotos'
import './gallery.css'

/** SPEC.md: one random tile swapped every 5 s (with a 0.5 s fade, GalleryPhotos.tsx). */
export const GALLERY_SWAP_MS = 5000

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
 * The tiles on the wall: the gallery's first pictures, then, when it `canSwap` and is not `paused`,
 * one random tile shows another picture every `intervalMs`.
 */
function useSwappingTiles(data: GalleryImage[] | null, count: number, canSwap: boolean, paused: boolean, intervalMs: number, random: () => number) {
  const images = Array.isArray(data) ? data : []
  // The first photos from the start: a page served with its data shows them before any script runs.
  const [tiles, setTiles] = useState<Tile[]>(() => fillTiles([], images, count))
  const imagesRef = useRef(images)
  imagesRef.current = images

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
  return [tiles, setTiles] as [Tile[], Dispatch<SetStateAction<Tile[]>>]
}

/**
 * Decided in an effect: the server cannot know, and the browser's first render must match its HTML.
 * Null until then (the server's render and hydration's): nothing swaps yet.
 */
function useMotionAllowed(): boolean | null {
  const [motionAllowed, setMotionAllowed] = useState<boolean | null>(null)
  useEffect(() => setMotionAllowed(!prefersReducedMotion()), [])
  return motionAllowed
}

/** Play/Pause for the swapping tiles. */
function SlideshowToggle({ stopped, toggle }: { stopped: boolean; toggle: () => void }) {
  return (
    <div className="gallery__controls">
      <button type="button" className="button button--ghost button--small gallery__pause" onClick={toggle}>
        <span aria-hidden="true" className="gallery__pause-icon">
          {stopped ? '▶' : '❚❚'}
        </span>
        {stopped ? 'Play' : 'Pause'}
        <span className="visually-hidden"> slideshow</span>
      </button>
    </div>
  )
}

/**
 * A grid of `count` photos of one gallery type. With more photos than tiles, one random tile changes
 * every 5 s (paused while the visitor hovers, focuses inside it or views a photo, and from when they
 * press its Pause button until they press Play; never under reduced motion, where the button is not
 * shown either). A tile opens the photo in a fullscreen overlay. With no photos it renders nothing.
 */
export function Gallery({ type, count = 6, heading, intro, className, intervalMs = GALLERY_SWAP_MS, random = Math.random }: GalleryProps) {
  const { data, status } = useResource(galleryStore(type))
  const images = Array.isArray(data) ? data : []
  const [openSlot, setOpenSlot] = useState<number | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const motionAllowed = useMotionAllowed()
  const headingId = useId()
  const canSwap = images.length > count && motionAllowed === true
  // In the served HTML too, so the page does not grow when the app starts; under reduced motion the
  // stylesheet hides it until the app, knowing, leaves it out (gallery.css).
  const showToggle = images.length > count && motionAllowed !== false
  const paused = stopped || hovered || focused || openSlot !== null
  const [tiles, setTiles] = useSwappingTiles(data, count, canSwap, paused, intervalMs, random)

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
            return (
              <GalleryTile
                // biome-ignore lint/suspicious/noArrayIndexKey: a tile is a slot on the wall: its picture changes in place, with a cross-fade
                key={slot}
                image={image}
                prev={tile.prev !== null ? byId.get(tile.prev) : undefined}
                onPrevHidden={() => setTiles((current) => current.map((t, i) => (i === slot && t.id === image.id ? { ...t, prev: null } : t)))}
                buttonRef={(element) => {
                  tileRefs.current[slot] = element
                }}
                onOpen={() => setOpenSlot(slot)}
              />
            )
          })}
        </ul>
        {showToggle ? <SlideshowToggle stopped={stopped} toggle={() => setStopped((value) => !value)} /> : null}
        {openImage ? <OpenPhoto image={openImage} closeRef={closeRef} close={close} /> : null}
      </div>
    </section>
  )
}
