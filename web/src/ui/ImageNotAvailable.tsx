import { IMAGE_NOT_AVAILABLE } from './imageNotAvailableWords'

export { IMAGE_NOT_AVAILABLE }

/** The placeholder itself: an image named `label` (the words by default) that shows the words. */
export function ImageNotAvailable({ className, label = IMAGE_NOT_AVAILABLE }: { className: string; label?: string }) {
  return (
    <span className={className} role="img" aria-label={label}>
      <span aria-hidden="true">{IMAGE_NOT_AVAILABLE}</span>
    </span>
  )
}
