/** SPEC.md's words where a picture cannot be shown (an event's, a gallery's). Apart from the component, so the page's own script can use them without React. */
export const IMAGE_NOT_AVAILABLE = 'Image Not Available'
