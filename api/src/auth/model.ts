import { t } from 'elysia'

export const LoginBody = t.Object({
  username: t.String({ minLength: 1, maxLength: 100, error: 'Username and password are required.' }),
  password: t.String({ minLength: 1, maxLength: 1000, error: 'Username and password are required.' }),
})

const Role = t.Union([t.Literal('owner'), t.Literal('editor')])

export const LoginReply = t.Object({ token: t.String(), username: t.String(), role: Role, must_change_password: t.Boolean(), expires_at: t.String() })
export type LoginReply = typeof LoginReply.static

export const DashboardReply = t.Object({
  message: t.String(),
  username: t.String(),
  role: Role,
  must_change_password: t.Boolean(),
  /** How long contact messages are kept (MESSAGE_RETENTION_DAYS): the Messages screen says it. */
  message_retention_days: t.Integer({ minimum: 1 }),
})
export type DashboardReply = typeof DashboardReply.static

export const ChangePasswordBody = t.Object({
  current_password: t.String({ minLength: 1, maxLength: 1000, error: 'Your current password and a new password are required.' }),
  // No maxLength: the shared password rule says when it is too long, before any hashing.
  new_password: t.String({ minLength: 1, error: 'Your current password and a new password are required.' }),
})

export const SessionList = t.Array(
  t.Object({ created_at: t.String(), last_seen_at: t.String(), user_agent: t.String(), address: t.String(), current: t.Boolean() }),
)
