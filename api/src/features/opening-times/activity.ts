import type { ActivityEntry } from '../../auth/activity-trail'
import { changesBetween } from '../activity'
import type { VenueKey } from '../../shared/rules/venues'
import { TIMES_REPLY_KEY } from '../../shared/rules/opening-groups'
import { GROUP_LABELS, type HotelGroup, type OpeningTimes, type StablesGroup } from './model'

/** The trail entry of an opening-times edit: which days of which business, and what their hours were and became. */
export function describeTimesChange(before: OpeningTimes, after: OpeningTimes, venue: VenueKey, group: HotelGroup | StablesGroup, type: string): ActivityEntry {
  const side = TIMES_REPLY_KEY[venue]
  const read = (times: OpeningTimes) => (times[side] as Record<string, object>)[group] ?? {}
  return {
    kind: 'opening-times',
    action: 'update',
    record_id: `${venue}:${group}`,
    summary: `Changed the ${type === 'food' ? 'food' : 'opening'} times of ${venue === 'hotel' ? 'the hotel' : 'the Stables'}, ${GROUP_LABELS[group]}`,
    changes: changesBetween(read(before), read(after)),
  }
}
