/** SPEC.md's words where a picture cannot be shown (an event's, a gallery's): the designed placeholder, never a broken-image icon. */
export const IMAGE_NOT_AVAILABLE = 'Image Not Available'
