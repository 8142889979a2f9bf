import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'
import { normalisedVenueDetails, VENUE_FIELDS, venueDetailChanges, venueDetailsProblems, type VenueDetails } from '../../shared/rules/venue-details'
import { expectedVersion, nextVersion, VersionConflict } from '../../shared/version'
import { AdminVenueReply, SaveVenueBody, SaveVenueReply, VenueConflictReply, VenueReply } from './model'
import { readVenueRow, writeVenue } from './store'
import { logoUrl, venueLogoRoutes } from './logo'

export { currentVenue, seedVenue } from './store'
export { appIconRoutes } from './app-icons'

const VENUE_CHANGED_MESSAGE = 'Another owner changed the venue details since you opened them. Nothing was overwritten.'

/**
 * The venue's public identity (names, phone, address, third-party addresses) for the web app, and
 * for owners to change. A change shows in the very next page served: pages, their tags and the
 * Content-Security-Policy all read ctx.venue(), which follows the database.
 */
export function venueRoutes(ctx: AppContext) {
  const { db } = ctx
  const stored = () => readVenueRow(db) ?? { venue: ctx.venue(), updatedAt: '' }
  function saveDetails(next: VenueDetails, basedOn: string | null, record: ReturnType<AppContext['activity']['recorderFor']>) {
    const { venue: before, updatedAt } = stored()
    if (basedOn !== null && updatedAt !== basedOn) throw new VersionConflict(VENUE_CHANGED_MESSAGE, { venue: before, updated_at: updatedAt })
    const changes = venueDetailChanges(before, next)
    const at = nextVersion(ctx.now(), updatedAt)
    if (changes.length > 0) {
      writeVenue(db, next, at)
      record({
        kind: 'venue',
        action: 'update',
        record_id: null,
        summary: `Changed the venue details: ${changes.map((change) => VENUE_FIELDS.find((field) => field.path === change.field)?.label ?? change.field).join(', ')}`,
        changes,
      })
    }
    const saved = stored()
    return { message: changes.length > 0 ? 'Venue details saved.' : 'Nothing changed.', venue: saved.venue, updated_at: saved.updatedAt }
  }
  return new Elysia({ name: 'feature.venue', prefix: '/api' })
    .use(adminGuard(ctx))
    .use(venueLogoRoutes(ctx))
    .get('/venue', () => ({ ...ctx.venue(), logo: logoUrl(ctx) }), { response: VenueReply })
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
      ({ body, commit, activity, request }) => {
        const problem = venueDetailsProblems(body)[0]
        if (problem) throw badRequest(problem.message)
        const next = normalisedVenueDetails(body as VenueDetails)
        // With If-Match, a change made by another owner since this one's form was filled is not overwritten.
        const basedOn = expectedVersion(request)
        try {
          return commit(() => saveDetails(next, basedOn, activity))
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as AdminVenueReply })
          throw error
        }
      },
      { admin: true, owner: true, body: SaveVenueBody, response: { 200: SaveVenueReply, 409: VenueConflictReply } },
    )
}
