import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'
import type { VenueKey } from '../../shared/rules/venues'
import { parseVenueName } from '../../http/field-readers'
import { expectedVersion, VersionConflict } from '../../shared/version'
import {
  HOTEL_GROUPS,
  OpeningTimesReply,
  STABLES_GROUPS,
  TIMES_CHANGED_MESSAGE,
  TimesConflictReply,
  UpdateTimesBody,
  UpdateTimesReply,
  type HotelGroup,
  type OpeningTimes,
  type StablesGroup,
} from './model'
import { groupVersion, readOpeningTimes, updateOpeningTimes } from './store'
import { describeTimesChange } from './activity'

/** What other features may use: the current opening times (the structured data of the site). */
export { readOpeningTimes } from './store'

/** SPEC.md's older clients send a day and mean the group its label names. */
const LEGACY_DAYS: Record<VenueKey, Record<string, HotelGroup | StablesGroup>> = {
  hotel: { monday: 'monday_to_friday', tuesday: 'monday_to_friday' },
  stables: { monday: 'monday_to_tuesday', tuesday: 'wednesday_to_friday' },
}

function parseGroup(venue: VenueKey, day: string): HotelGroup | StablesGroup {
  const groups: readonly string[] = venue === 'hotel' ? HOTEL_GROUPS : STABLES_GROUPS
  const given = day.trim().toLowerCase()
  // Object.hasOwn: a day such as 'constructor' must not find Object.prototype's members.
  const group = groups.includes(given) ? given : Object.hasOwn(LEGACY_DAYS[venue], given) ? LEGACY_DAYS[venue][given] : undefined
  if (!group) throw badRequest(`Unknown days '${day}' for this business. Use one of: ${groups.join(', ')}.`)
  return group as HotelGroup | StablesGroup
}

export function openingTimesRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.opening-times', prefix: '/api' })
    .use(adminGuard(ctx))
    .get('/opening-times', () => readOpeningTimes(ctx.db), { response: OpeningTimesReply })
    .put(
      '/update-times',
      ({ body, commit, activity, request }) => {
        const basedOn = expectedVersion(request, body.updated_at)
        const venue = parseVenueName(ctx.venue(), body.name)
        const group = parseGroup(venue, body.day)
        const closed = body.closed === true
        const open = body.open_time || null
        const close = body.close_time || null
        if (!closed && (!open || !close)) throw badRequest('Open and closing times are required.')
        if (!closed && open === close) throw badRequest('Closing time must differ from the opening time.')
        try {
          return commit(() => {
            // The client saw every group as of `basedOn` (the newest change then): this group changed
            // since only if its own version is newer. Edits of other groups are no conflict.
            if (basedOn !== null && groupVersion(ctx.db, venue, group) > basedOn) {
              throw new VersionConflict(TIMES_CHANGED_MESSAGE, readOpeningTimes(ctx.db))
            }
            const before = readOpeningTimes(ctx.db)
            updateOpeningTimes(ctx.db, { venue, group, type: body.type, closed, open, close })
            activity(describeTimesChange(before, readOpeningTimes(ctx.db), venue, group, body.type))
            return { message: 'Opening times updated.', opening_times: readOpeningTimes(ctx.db) }
          })
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as OpeningTimes })
          throw error
        }
      },
      { admin: true, body: UpdateTimesBody, response: { 200: UpdateTimesReply, 409: TimesConflictReply } },
    )
}
