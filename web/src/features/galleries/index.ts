/**
 * What other features may use of the galleries: the rotating gallery a page shows, and the store of a
 * gallery's pictures (the room rotator shows the rooms' one its own way).
 */
export { Gallery } from './Gallery'
export { galleryStore } from './store'
