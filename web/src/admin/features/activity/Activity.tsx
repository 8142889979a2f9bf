import { useId, useState } from 'react'
import { plainTrailText } from '../../../../../api/src/shared/rules/trail-text'
import type { ActivityEntry } from '../../../api/types'
import { AdminScreen, AdminSection, Field } from '../../shell/ui'
import { formatReceived } from '../../time'
import { listProblem } from '../../shell/listProblem'
import { type ActivityFilters, NO_FILTERS, useActivity } from './store'
import { useResource } from '../../../stores'
import '../../styles/staff'
import './activity.css'
import { focusFollowsList } from '../../shell/listFocus'

/** The kinds of change in the trail, as the filter offers them. */
export const ACTIVITY_KINDS: Array<[string, string]> = [
  ['', 'Every kind'],
  ['event', 'Events'],
  ['opening-times', 'Opening times'],
  ['holiday', 'Opening times exceptions'],
  ['menu', 'Menus'],
  ['gallery', 'Galleries'],
  ['attraction', 'Attractions'],
  ['notice', 'Notices for visitors'],
  ['page', 'Page words and pictures'],
  ['message', 'Messages'],
  ['staff', 'Staff accounts'],
  ['login', 'Logins'],
  ['venue', 'Venue details'],
]

/** A value from a field change, in a few words. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  const text = plainTrailText(typeof value === 'string' ? value : JSON.stringify(value))
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}

/**
 * When it happened: the server's time, and the device's when a change made offline reached the server
 * later. A device time outside the life of the change is shown as the device's claim, not as when it was made.
 */
export function whenText(entry: Pick<ActivityEntry, 'at' | 'device_at' | 'device_time_believable'>): string {
  const reached = formatReceived(entry.at)
  if (!entry.device_at) return reached
  const made = formatReceived(entry.device_at)
  if (!entry.device_time_believable) return `${reached} · the device's time (${made}) is not believable`
  return made === reached ? reached : `${made} on the device · reached the server ${reached}`
}

/** Who: the member, or for a failed login the username that was tried, in quotes and never as a member. */
function whoOf(entry: Pick<ActivityEntry, 'username' | 'attempted_username'>) {
  if (entry.attempted_username !== null) return <span className="activity-entry__attempt">tried as “{plainTrailText(entry.attempted_username)}”</span>
  return <strong>{entry.username}</strong>
}

export function Activity() {
  const ids = useId()
  const trail = useResource(useActivity, NO_FILTERS)
  const loading = trail.status === 'loading'
  // Counts are announced once staff filter; the first load is the screen's own news.
  const [asked, setAsked] = useState(false)
  return (
    <AdminScreen
      title="Activity"
      intro="Every change made in the staff area, newest first: who, what and when. Changes made offline show when they were made on the device."
    >
      <AdminSection title="Changes" id={`${ids}-list`}>
        <ActivityFilterBar idPrefix={ids} filters={trail.filters} onFilter={() => setAsked(true)} />
        {trail.status === 'error' ? (
          <p className="admin-status admin-status--error admin-status--block" role="alert">
            {listProblem(trail.error, 'The activity trail')}
          </p>
        ) : null}
        {/* Always there, so a change of what it says is announced (politely): after a filter, the count or that nothing matches. */}
        <p className={trail.status === 'ready' && trail.entries.length === 0 ? 'admin-empty' : 'visually-hidden'} role="status">
          {resultText(trail, asked)}
        </p>
        {trail.entries.length > 0 ? (
          <ol className="activity-list">
            {trail.entries.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : null}
        {loading ? (
          <p className="admin-loading" role="status">
            Loading…
          </p>
        ) : null}
        {trail.more && !loading ? (
          <button type="button" className="button button--ghost" onClick={() => void useActivity.getState().load({ older: true })}>
            Load older entries
          </button>
        ) : null}
      </AdminSection>
    </AdminScreen>
  )
}

const filtered = (filters: ActivityFilters) => Object.values(filters).some((value) => value.trim() !== '')

/** What the list holds, in words: that it is empty always; after staff filter, how many changes it shows too. */
function resultText(trail: { status: string; entries: readonly unknown[]; filters: ActivityFilters; more: boolean }, asked: boolean): string {
  if (trail.status !== 'ready') return ''
  const count = trail.entries.length
  if (count === 0) return filtered(trail.filters) ? 'Nothing matches these filters.' : 'Nothing recorded yet.'
  if (!asked) return ''
  const noun = `${count} ${count === 1 ? 'change' : 'changes'}`
  const more = trail.more ? ' (older ones with Load older entries)' : ''
  return filtered(trail.filters) ? `${noun} ${count === 1 ? 'matches' : 'match'} these filters${more}.` : `Filters cleared: ${noun} shown${more}.`
}

/** Member, kind and date range; each change shows the first page again for the new filters. */
function ActivityFilterBar({ idPrefix, filters, onFilter }: { idPrefix: string; filters: ActivityFilters; onFilter(): void }) {
  const load = (changed: Partial<ActivityFilters>) => {
    onFilter()
    void useActivity.getState().load(changed)
  }
  return (
    <div className="activity-filters">
      <Field label="Member" htmlFor={`${idPrefix}-member`}>
        <input
          id={`${idPrefix}-member`}
          className="admin-input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder="Username"
          value={filters.member}
          onChange={(e) => load({ member: e.currentTarget.value })}
        />
      </Field>
      <Field label="Show" htmlFor={`${idPrefix}-kind`}>
        <select id={`${idPrefix}-kind`} className="admin-input" value={filters.kind} onChange={(e) => load({ kind: e.currentTarget.value })}>
          {ACTIVITY_KINDS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="From" htmlFor={`${idPrefix}-from`}>
        <input
          id={`${idPrefix}-from`}
          className="admin-input"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => load({ from: e.currentTarget.value })}
        />
      </Field>
      <Field label="To" htmlFor={`${idPrefix}-to`}>
        <input
          id={`${idPrefix}-to`}
          className="admin-input"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => load({ to: e.currentTarget.value })}
        />
      </Field>
      {filtered(filters) ? (
        <button type="button" className="button button--ghost activity-filters__clear" onClick={focusFollowsList(() => load(NO_FILTERS))}>
          Clear filters
        </button>
      ) : null}
    </div>
  )
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="activity-entry" data-kind={entry.kind}>
      <p className="activity-entry__summary">{plainTrailText(entry.summary)}</p>
      <p className="activity-entry__meta">
        {whoOf(entry)} · <time dateTime={entry.device_time_believable ? (entry.device_at ?? entry.at) : entry.at}>{whenText(entry)}</time>
      </p>
      {entry.changes && entry.changes.length > 0 ? (
        <ul className="activity-entry__changes">
          {entry.changes.map((change) => (
            <li key={change.field}>
              <span className="activity-entry__field">{change.field}</span>: {shownValue(change.before)} → {shownValue(change.after)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}
