/// <reference types="vite/client" />
import type { VenueInfo } from './api/types'

declare global {
  /** The venue's identity, baked in at build time from the server's configuration (see vite.config.ts). */
  const __VENUE__: VenueInfo
}
