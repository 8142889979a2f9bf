import { useEffect, useState } from 'react'
import type { GalleryImage } from '../../api/types'
import { useReducedMotion } from '../../lib/hooks'
import { galleryStore } from '../galleries'
import { useResource } from '../../stores'
import { ResponsiveImage } from '../../ui/ResponsiveImage'
import './stay.css'

/** Full width on a phone and tablet; half the page container (72rem) from 960 px. */
const ROOM_IMAGE_SIZES = '(max-width: 959px) 100vw, (min-width: 1152px) 540px, 50vw'

/** SPEC.md §9: a new room picture every 5 s, faded in over 0.5 s (no fade under reduced motion). */
export const ROOM_ROTATE_MS = 5000

/** A random index other than `current` (any index when there is no current one). */
export function nextRandomIndex(length: number, current: number | null, random: () => number = Math.random): number {
  if (length <= 1) return 0
  if (current === null) return Math.floor(random() * length)
  const pick = Math.floor(random() * (length - 1))
  return pick >= current ? pick + 1 : pick
}

interface Layer {
  index: number | null
}

/**
 * A random picture of the rooms (gallery type `rooms`) that changes every 5 seconds with a cross-fade.
 * The next picture is faded in only once it has loaded, so there is never a blank frame. Visitors can
 * pause it (WCAG 2.2.2); it also rests while the tab is hidden.
 */
export function RoomRotator() {
  const { data: images, status } = useResource(galleryStore('rooms'))
  const reducedMotion = useReducedMotion()
  // The first picture when the list came with the page (the server rendered it); later ones at random.
  const [layers, setLayers] = useState<[Layer, Layer]>(() => [{ index: images && images.length > 0 ? 0 : null }, { index: null }])
  const [front, setFront] = useState<0 | 1>(0)
  const [paused, setPaused] = useState(false)
  /** The hidden layer a new picture is loading into; it fades in over the current one once loaded. */
  const [incoming, setIncoming] = useState<0 | 1 | null>(null)
  const count = images?.length ?? 0
  const current = layers[front].index

  // First picture: chosen at random once the list is known (never during render, so hydration matches).
  useEffect(() => {
    if (count === 0) return
    if (current === null || current >= count) {
      setLayers([{ index: nextRandomIndex(count, null) }, { index: null }])
      setFront(0)
    }
  }, [count, current])

  useEffect(() => {
    if (count <= 1 || paused || current === null) return
    const timer = setInterval(() => {
      if (document.hidden) return
      const back: 0 | 1 = front === 0 ? 1 : 0
      setIncoming(back)
      setLayers((old) => {
        const next: [Layer, Layer] = [old[0], old[1]]
        next[back] = { index: nextRandomIndex(count, old[front].index) }
        return next
      })
    }, ROOM_ROTATE_MS)
    return () => clearInterval(timer)
  }, [count, paused, current, front])

  const onLoaded = (layer: 0 | 1) => {
    if (incoming === layer) {
      setIncoming(null)
      setFront(layer)
    }
  }

  if (status !== 'idle' && status !== 'loading' && count === 0) return null

  return (
    <figure className={`room-rotator${reducedMotion ? ' room-rotator--still' : ''}`}>
      <div className="room-rotator__frame">
        {layers.map((layer, n) => {
          const image: GalleryImage | undefined = layer.index === null ? undefined : images?.[layer.index]
          if (!image) return null
          const visible = n === front
          // The picture on top fades in; the one it replaces stays opaque beneath it, so nothing shows through.
          const role = visible ? ' is-visible' : incoming === n ? ' is-incoming' : ' is-previous'
          return (
            <ResponsiveImage
              // A new element per picture: browsers do not reliably reload an <img> inside <picture> when
              // only its sources change, and the swap waits for this element's load event. n is the fixed layer.
              // biome-ignore lint/suspicious/noArrayIndexKey: the layers are a fixed pair, so the layer number is part of the identity
              key={`${n}:${image.id}`}
              className={`room-rotator__image${role}`}
              src={image.image_url}
              variants={image.image_variants}
              width={image.width}
              height={image.height}
              alt={visible ? image.alt || 'One of our guest rooms' : ''}
              aria-hidden={visible ? undefined : true}
              sizes={ROOM_IMAGE_SIZES}
              loading="eager"
              onLoad={() => onLoaded(n as 0 | 1)}
              onError={() => {
                // A picture that cannot load is skipped; the current one stays.
                if (incoming === n) setIncoming(null)
              }}
            />
          )
        })}
      </div>
      {count > 1 ? (
        <button type="button" className="room-rotator__toggle" onClick={() => setPaused((p) => !p)}>
          {paused ? 'Play slideshow' : 'Pause slideshow'}
        </button>
      ) : null}
    </figure>
  )
}
