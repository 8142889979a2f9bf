import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { unauthorized } from '../http/errors'
import { clientAddress, RateLimiter } from '../http/rate-limit'
import { findAdmin, revokeTokens } from './admin-store'
import { adminGuard } from './guard'
import { DashboardReply, LoginBody, LoginReply } from './model'

/** A real hash to compare against when the user does not exist, so both failures take the same time. */
const dummyHash = Bun.password.hash('not-a-real-password', { algorithm: 'argon2id' })

/** Guessing passwords: 5 failed logins in 15 minutes from one address, or for one username, then 429. */
export const LOGIN_FAILURE_LIMIT = 5
export const LOGIN_WINDOW_MS = 15 * 60_000

export function authRoutes(ctx: AppContext) {
  const failures = new RateLimiter(LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_MS, () => ctx.now().getTime())
  return new Elysia({ name: 'feature.auth', prefix: '/api' })
    .use(adminGuard(ctx))
    .post(
      '/admin/login',
      async ({ body, jwt, request, server }) => {
        const username = body.username.trim()
        const keys = [`ip:${clientAddress(request, server, ctx.config.trustProxy)}`, `user:${username.toLowerCase()}`]
        failures.assertAllowed(keys, 'Too many failed logins. Please wait a few minutes and try again.')
        const admin = findAdmin(ctx.db, username)
        const valid = await Bun.password.verify(body.password, admin?.password_hash ?? (await dummyHash))
        if (!admin || !valid) {
          for (const key of keys) failures.record(key)
          throw unauthorized('Invalid username or password.')
        }
        failures.reset(keys[1]!)
        const expiresAt = new Date(ctx.now().getTime() + ctx.config.jwtTtlSeconds * 1000)
        const token = await jwt.sign({ sub: String(admin.id), tv: admin.token_version, name: admin.username })
        return { token, username: admin.username, expires_at: expiresAt.toISOString() }
      },
      { body: LoginBody, response: LoginReply },
    )
    .get('/admin/dashboard', ({ admin }) => ({ message: 'Access granted!', username: admin.username }), {
      admin: true,
      response: DashboardReply,
    })
    .post(
      '/admin/logout',
      ({ admin }) => {
        revokeTokens(ctx.db, admin.id)
        return { message: 'Logged out.' }
      },
      { admin: true },
    )
}
