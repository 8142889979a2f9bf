import { t } from 'elysia'

export const ActivityQuery = t.Object({
  member: t.Optional(t.String({ maxLength: 100, error: 'member must be a username.' })),
  kind: t.Optional(t.String({ maxLength: 40, error: 'kind must be a kind of change, such as event or staff.' })),
  before: t.Optional(t.String({ pattern: '^[0-9]{1,15}$', error: 'before must be the id of an entry (a whole number).' })),
  from: t.Optional(t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', error: 'from must be a date such as 2026-11-23.' })),
  to: t.Optional(t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', error: 'to must be a date such as 2026-11-23.' })),
  limit: t.Optional(t.String({ pattern: '^[0-9]{1,6}$', error: 'limit must be a whole number from 1 to 100.' })),
})

export const FieldChange = t.Object({ field: t.String(), before: t.Unknown(), after: t.Unknown() })

export const ActivityItem = t.Object({
  id: t.Number(),
  at: t.String(),
  device_at: t.Nullable(t.String()),
  /** False: device_at lies outside the life of the change (before the account was made, or in the future). */
  device_time_believable: t.Boolean(),
  /** The member who acted; '' for a failed login, which names no member. */
  username: t.String(),
  /** What a failed login was tried with: anyone's text, shown as typed, never as a member. */
  attempted_username: t.Nullable(t.String()),
  kind: t.String(),
  action: t.String(),
  record_id: t.Nullable(t.String()),
  summary: t.String(),
  changes: t.Nullable(t.Array(FieldChange)),
})

export type ActivityEntry = typeof ActivityItem.static
export const ActivityList = t.Array(ActivityItem)
