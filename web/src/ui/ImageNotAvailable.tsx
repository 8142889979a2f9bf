/** SPEC.md's words where a picture cannot be shown (an event's, a gallery's): the designed placeholder, never a broken-image icon. */
export const IMAGE_NOT_AVAILABLE = 'Image Not Available'

/** The placeholder itself: an image named `label` (the words by default) that shows the words. */
export function ImageNotAvailable({ className, label = IMAGE_NOT_AVAILABLE }: { className: string; label?: string }) {
  return (
    <span className={className} role="img" aria-label={label}>
      <span aria-hidden="true">{IMAGE_NOT_AVAILABLE}</span>
    </span>
  )
}
