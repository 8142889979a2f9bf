import { t } from 'elysia'

export const LoginBody = t.Object({
  username: t.String({ minLength: 1, maxLength: 100, error: 'Username and password are required.' }),
  password: t.String({ minLength: 1, maxLength: 1000, error: 'Username and password are required.' }),
})

export const LoginReply = t.Object({ token: t.String(), username: t.String(), expires_at: t.String() })
export type LoginReply = typeof LoginReply.static

export const DashboardReply = t.Object({ message: t.String(), username: t.String() })
export type DashboardReply = typeof DashboardReply.static
