import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { VenueReply } from './model'

/** The venue's public identity (names, phone, address, third-party URLs) for the web app. */
export function venueRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.venue', prefix: '/api' }).get('/venue', () => ctx.config.venue, { response: VenueReply })
}
