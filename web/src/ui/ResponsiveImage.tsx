import { useCallback, type ImgHTMLAttributes, type Ref } from 'react'
import type { ImageVariant } from '../api/types'

export interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt' | 'onError'> {
  /** The original upload: what browsers without AVIF or WebP (and a failed variant list) get. */
  src: string
  /** The <img> itself (React 19 passes a ref to a function component as a prop). */
  ref?: Ref<HTMLImageElement>
  /** The picture could not be loaded: also when it failed in the server's HTML before the scripts ran. */
  onError?: () => void
  /** The API's image_variants; a reply saved on the device by an older version may have none. */
  variants?: readonly ImageVariant[] | null
  width: number
  height: number
  alt: string
  /** How wide the picture is drawn, as a `sizes` list, so the browser fetches the smallest variant that is sharp enough. */
  sizes: string
  /** Another cut of the picture for screens matching `media` (a hero's portrait copy on upright phones), offered first. */
  artDirection?: { media: string; variants: readonly ImageVariant[]; sizes: string }
  loading?: 'lazy' | 'eager'
  fetchPriority?: 'high' | 'low' | 'auto'
  className?: string
}

const FORMATS = ['image/avif', 'image/webp'] as const

/**
 * The img's ref, which also reports a picture that had already failed when React took the element over:
 * a page's pictures start loading as its HTML is parsed, and on a weak signal one can fail before the
 * scripts run, when no one listens for its error event. A picture still waiting (lazy, or loading) is
 * not complete, so it is left to its events.
 */
function useFailedBeforeHydration(ref: Ref<HTMLImageElement> | undefined, onError: (() => void) | undefined) {
  return useCallback(
    (element: HTMLImageElement | null) => {
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
      if (element?.complete && element.naturalWidth === 0 && element.getAttribute('src')) onError?.()
    },
    [ref, onError],
  )
}

/** `url 320w, url 640w, …` for one format, narrowest first. */
export function srcSetOf(variants: readonly ImageVariant[], type: ImageVariant['type']): string {
  return variants
    .filter((variant) => variant.type === type)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ')
}

/**
 * An uploaded picture as `<picture>` with AVIF and WebP sources at several widths and the original as
 * the `<img>` fallback. The img keeps width and height (no layout shift) and every other attribute a
 * caller gives it (class, handlers), so CSS and events work as on a plain img. The picture box is
 * `display: contents`: it adds no layout box, so styles written for the img alone still apply.
 */
export function ResponsiveImage({
  src,
  variants,
  width,
  height,
  alt,
  sizes,
  artDirection,
  loading = 'lazy',
  fetchPriority,
  decoding = 'async',
  ref,
  onError,
  ...imgProps
}: ResponsiveImageProps) {
  const imgRef = useFailedBeforeHydration(ref, onError)
  const img = (
    <img
      {...imgProps}
      ref={imgRef}
      onError={onError && (() => onError())}
      src={src}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      decoding={decoding}
      fetchPriority={fetchPriority}
    />
  )
  const sourcesOf = (list: readonly ImageVariant[] | null | undefined, media?: string) =>
    FORMATS.map((type) => ({ type, media, srcSet: srcSetOf(list ?? [], type), key: `${media ?? ''}${type}` })).filter((source) => source.srcSet !== '')
  const sources = sourcesOf(variants)
  if (sources.length === 0) return img
  const directed = artDirection ? sourcesOf(artDirection.variants, artDirection.media) : []
  return (
    <picture style={{ display: 'contents' }}>
      {directed.map((source) => (
        <source key={source.key} media={source.media} type={source.type} srcSet={source.srcSet} sizes={artDirection?.sizes} />
      ))}
      {sources.map((source) => (
        <source key={source.key} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
