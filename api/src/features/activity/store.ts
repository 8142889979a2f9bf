import type { Database } from 'bun:sqlite'
import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'
import { plainTrailText } from '../../shared/rules/trail-text'
import { isRealDate } from '../../shared/time'
import type { ActivityEntry, ActivityTrail, FieldChange } from '../../auth/activity-trail'

export type { ActivityEntry, FieldChange, RecordActivity } from '../../auth/activity-trail'

export interface ActivityRow {
  id: number
  at: string
  device_at: string | null
  /** False when device_at lies outside the life of the change: recorded, not to be believed. */
  device_time_believable: boolean
  username: string
  /** What a failed login was tried with (anyone's text, never a member); null for every other entry. */
  attempted_username: string | null
  kind: string
  action: string
  record_id: string | null
  summary: string
  changes: FieldChange[] | null
}

export const ACTIVITY_PAGE_MAX = 100
export const ACTIVITY_PAGE_DEFAULT = 50
const SUMMARY_MAX = 300

/** Every text inside a field's before and after, cleaned like the summary: a value can be anyone's text too (a pasted description). */
const plainValue = (value: unknown): unknown => {
  if (typeof value === 'string') return plainTrailText(value)
  if (Array.isArray(value)) return value.map(plainValue)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainValue(inner)]))
  return value
}
const plainChanges = (changes: FieldChange[]) => changes.map(({ field, before, after }) => ({ field, before: plainValue(before), after: plainValue(after) }))

/**
 * Writes one entry. Only inside a transaction: the entry belongs to a change and must be saved or
 * lost with it, never on its own (a login and its session are written in one transaction too).
 */
export function insertActivity(db: Database, entry: ActivityEntry & { username: string; at: string; attempted_username?: string } & Partial<DeviceTime>): void {
  if (!db.inTransaction) throw new Error('An activity entry is written in the transaction of its change.')
  const summary = plainTrailText(entry.summary).replace(/\s+/g, ' ').trim().slice(0, SUMMARY_MAX)
  const attempted = entry.attempted_username === undefined ? null : plainTrailText(entry.attempted_username).trim().slice(0, 100)
  db.query(
    `INSERT INTO activity (at, device_at, device_time_believable, username, attempted_username, kind, action, record_id, summary, changes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.at,
    entry.device_at ?? null,
    entry.device_time_believable === false ? 0 : 1,
    plainTrailText(entry.username).slice(0, 100),
    attempted,
    entry.kind,
    entry.action,
    entry.record_id === undefined || entry.record_id === null ? null : String(entry.record_id),
    summary,
    entry.changes?.length ? JSON.stringify(plainChanges(entry.changes)) : null,
  )
}

/** The trail the app hands the auth layer: a staff request's recorder, and the login entries. */
export function activityTrail(ctx: Pick<AppContext, 'db' | 'now'>): ActivityTrail {
  return {
    recorderFor: (member, request) => {
      const deviceTime = readDeviceTime(request, ctx.now(), member.since)
      return (entry) => insertActivity(ctx.db, { ...entry, username: member.username, at: ctx.now().toISOString(), ...deviceTime })
    },
    record: (entry) => insertActivity(ctx.db, entry),
  }
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/

/** Whether the text is an ISO date and time that exists (Date.parse rolls 30 February over into March). */
function isRealDateTime(text: string): boolean {
  const match = ISO_DATE_TIME.exec(text)
  if (!match) return false
  const [, date, hours, minutes, seconds = '0', , , offsetHours = '0', offsetMinutes = '0'] = match
  return isRealDate(date!) && Number(hours) <= 23 && Number(minutes) <= 59 && Number(seconds) <= 59 && Number(offsetHours) <= 23 && Number(offsetMinutes) <= 59
}

/** How far a device clock may run ahead of the server's and still be believed (it is then taken as the server's time). */
export const DEVICE_CLOCK_SKEW_MS = 5 * 60_000

export interface DeviceTime {
  device_at: string | null
  device_time_believable: boolean
}

/**
 * X-Device-Time: when the member made the change on their device (the offline outbox sends it when
 * it replays). A full ISO date and time with its offset. A change queued offline can outlive the
 * session that queued it (the member logs in again before it is sent), so the life of the change is
 * bounded by the account: a time before the account was made, or further ahead of the server's clock
 * than a small skew, is kept but marked not believable rather than refusing the change it came with.
 */
export function readDeviceTime(request: Request, now: Date, accountSince: string): DeviceTime {
  const header = request.headers.get('x-device-time')
  if (header === null || header.trim() === '') return { device_at: null, device_time_believable: true }
  const text = header.trim()
  const time = isRealDateTime(text) ? Date.parse(text) : Number.NaN
  if (Number.isNaN(time)) {
    throw badRequest('X-Device-Time must be the date and time the change was made, in ISO 8601 form, such as 2026-11-23T14:05:00Z.')
  }
  const believable = time >= Date.parse(accountSince) && time <= now.getTime() + DEVICE_CLOCK_SKEW_MS
  if (!believable) return { device_at: new Date(time).toISOString(), device_time_believable: false }
  return { device_at: new Date(Math.min(time, now.getTime())).toISOString(), device_time_believable: true }
}

/** Bookkeeping columns that change with every edit and say nothing to a reader. */
const UNTOLD = new Set(['id', 'updated_at', 'created_at', 'width', 'height', 'animated', 'image_width', 'image_height', 'image_animated'])
/** Columns holding a stored file's name: the trail says the file was replaced, nothing more. */
const FILE_FIELDS: Record<string, string> = { image: 'picture replaced', pdf: 'file replaced' }

/** Field by field, what an edit changed between two versions of a record. */
export function changesBetween(before: object, after: object): FieldChange[] {
  const old = before as Record<string, unknown>
  const changes: FieldChange[] = []
  for (const [field, value] of Object.entries(after)) {
    if (UNTOLD.has(field) || JSON.stringify(old[field] ?? null) === JSON.stringify(value ?? null)) continue
    if (field in FILE_FIELDS) changes.push({ field, before: null, after: FILE_FIELDS[field] })
    else changes.push({ field, before: old[field] ?? null, after: value ?? null })
  }
  return changes
}

export interface ActivityFilter {
  member?: string
  kind?: string
  before?: number
  /** Entries at or after this instant (ISO). */
  since?: string
  /** Entries before this instant (ISO). */
  until?: string
  limit: number
}

export function listActivity(db: Database, filter: ActivityFilter): ActivityRow[] {
  const where: string[] = []
  const values: (string | number)[] = []
  if (filter.member) where.push('username = ? COLLATE NOCASE') && values.push(filter.member)
  if (filter.kind) where.push('kind = ?') && values.push(filter.kind)
  if (filter.before !== undefined) where.push('id < ?') && values.push(filter.before)
  if (filter.since) where.push('at >= ?') && values.push(filter.since)
  if (filter.until) where.push('at < ?') && values.push(filter.until)
  const rows = db
    .query(`SELECT * FROM activity ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`)
    .all(...values, filter.limit) as (Omit<ActivityRow, 'changes' | 'device_time_believable'> & { changes: string | null; device_time_believable: number })[]
  return rows.map((row) => ({
    ...row,
    device_time_believable: row.device_time_believable !== 0,
    changes: row.changes ? (JSON.parse(row.changes) as FieldChange[]) : null,
  }))
}

/** Forgets entries older than the retention period; returns how many went. */
export function pruneActivity(db: Database, retentionDays: number, now: Date): number {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString()
  return db.query('DELETE FROM activity WHERE at < ?').run(cutoff).changes
}
