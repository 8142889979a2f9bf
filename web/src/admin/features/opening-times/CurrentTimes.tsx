import { GROUP_LABELS, type OpeningTimes, type TimeRange } from '../../../api/types'
import { timeRange } from '../../../features/opening-times/timeRange'
import type { Resource } from '../../../stores/resource'
import { PendingBadge, type PendingMark } from '../../shell/pending'
import type { TimesMeta } from './changes'
import type { VenueKey } from '../../../../../api/src/shared/rules/venues'
import '../../styles/staff'
import './opening-times.css'

interface Current {
  closed: boolean
  hours: TimeRange | null
  food: TimeRange | null
}

export function currentOf(times: OpeningTimes | null, business: VenueKey, group: string): Current | null {
  if (!times) return null
  if (business === 'hotel') {
    const entry = (times.monsal as Record<string, OpeningTimes['monsal']['saturday'] | undefined>)[group]
    return entry ? { closed: entry.closed, hours: entry.hours, food: entry.breakfast } : null
  }
  const entry = (times.stables as Record<string, OpeningTimes['stables']['saturday'] | undefined>)[group]
  return entry ? { closed: entry.closed, hours: entry.hours, food: entry.lunch } : null
}

/** The times as they will be once the queued changes land. */
function withQueued(current: Current | null, opening: TimesMeta | undefined, food: TimesMeta | undefined): Current | null {
  if (!current) return current
  let next = current
  if (opening) next = { ...next, closed: opening.closed, hours: opening.closed ? null : { open_time: opening.open, close_time: opening.close } }
  if (food) next = { ...next, food: food.closed ? null : { open_time: food.open, close_time: food.close } }
  return next
}

const range = (r: TimeRange | null | undefined) => (r ? timeRange(r.open_time, r.close_time) : null)

type Venue = { key: VenueKey; name: string; groups: readonly (keyof typeof GROUP_LABELS)[]; food: string }

/** Each venue's times by group of days, as they will be once the queued changes land; the chosen group marked. */
export function CurrentTimes({
  times,
  venues,
  selected,
  queued,
}: {
  times: Resource<OpeningTimes>
  venues: Venue[]
  selected: string
  queued: Map<string, { meta: TimesMeta; mark: PendingMark }>
}) {
  if (!times.data) return <p className="admin-loading">{times.status === 'error' ? 'The current times could not be loaded.' : 'Loading current times…'}</p>
  const data = times.data
  return (
    <div className="admin-times admin-reflow">
      {venues.map((b) => (
        <div key={b.key} className="admin-times__venue" data-venue={b.key}>
          <h3 className="admin-times__name">{b.name}</h3>
          {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in this labelled region, which must take keyboard focus to scroll */}
          <div className="admin-table-wrap admin-table-wrap--cards" tabIndex={0} role="region" aria-label={`${b.name} current times`}>
            <table className="admin-table admin-table--compact">
              <thead>
                <tr>
                  <th scope="col">Days</th>
                  <th scope="col">Open</th>
                  <th scope="col">{b.food}</th>
                </tr>
              </thead>
              <tbody>
                {b.groups.map((g) => {
                  const current = withQueued(currentOf(data, b.key, g), queued.get(`${b.key}|${g}|opening`)?.meta, queued.get(`${b.key}|${g}|food`)?.meta)
                  const marks = [queued.get(`${b.key}|${g}|opening`)?.mark, queued.get(`${b.key}|${g}|food`)?.mark].filter((m) => m !== undefined)
                  const isSelected = selected === `${b.key}|${g}`
                  return (
                    <tr
                      key={g}
                      className={[isSelected ? 'is-selected' : '', marks.length ? 'is-pending' : ''].filter(Boolean).join(' ') || undefined}
                      data-group={g}
                      data-pending={marks[0]?.state}
                    >
                      <th scope="row">
                        {GROUP_LABELS[g]}
                        {marks.map((m) => (
                          <PendingBadge key={m.entryId} mark={m} />
                        ))}
                      </th>
                      <td data-label="Open">{current?.closed ? 'Closed' : (range(current?.hours) ?? 'Closed')}</td>
                      <td data-label={b.food}>{current?.closed ? '—' : (range(current?.food) ?? 'Not served')}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  )
}
