import { Elysia } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'
import { normalisedVenueDetails, VENUE_FIELDS, venueDetailChanges, venueDetailsProblems, type VenueDetails } from '../../shared/rules/venue-details'
import { AdminVenueReply, SaveVenueBody, SaveVenueReply, VenueReply } from './model'
import { readVenueRow, writeVenue } from './store'

export { currentVenue, seedVenue } from './store'

/**
 * The venue's public identity (names, phone, address, third-party addresses) for the web app, and
 * for owners to change. A change shows in the very next page served: pages, their tags and the
 * Content-Security-Policy all read ctx.venue(), which follows the database.
 */
export function venueRoutes(ctx: AppContext) {
  const { db } = ctx
  const stored = () => readVenueRow(db) ?? { venue: ctx.venue(), updatedAt: '' }
  return new Elysia({ name: 'feature.venue', prefix: '/api' })
    .use(adminGuard(ctx))
    .get('/venue', () => ctx.venue(), { response: VenueReply })
    .get(
      '/admin/venue',
      () => {
        const { venue, updatedAt } = stored()
        return { venue, updated_at: updatedAt }
      },
      { admin: true, owner: true, response: AdminVenueReply },
    )
    .put(
      '/admin/venue',
      ({ body, commit, activity }) => {
        const problem = venueDetailsProblems(body)[0]
        if (problem) throw badRequest(problem.message)
        const next = normalisedVenueDetails(body as VenueDetails)
        return commit(() => {
          const before = stored().venue
          const changes = venueDetailChanges(before, next)
          const at = ctx.now().toISOString()
          if (changes.length > 0) {
            writeVenue(db, next, at)
            activity({
              kind: 'venue',
              action: 'update',
              record_id: null,
              summary: `Changed the venue details: ${changes.map((change) => VENUE_FIELDS.find((field) => field.path === change.field)?.label ?? change.field).join(', ')}`,
              changes,
            })
          }
          const saved = stored()
          return { message: changes.length > 0 ? 'Venue details saved.' : 'Nothing changed.', venue: saved.venue, updated_at: saved.updatedAt }
        })
      },
      { admin: true, owner: true, body: SaveVenueBody, response: SaveVenueReply },
    )
}
