import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { unauthorized } from '../http/errors'
import { findAdmin, revokeTokens } from './admin-store'
import { adminGuard } from './guard'
import { DashboardReply, LoginBody, LoginReply } from './model'

/** A real hash to compare against when the user does not exist, so both failures take the same time. */
const dummyHash = Bun.password.hash('not-a-real-password', { algorithm: 'argon2id' })

export function authRoutes(ctx: AppContext) {
  return new Elysia({ name: 'feature.auth', prefix: '/api' })
    .use(adminGuard(ctx))
    .post(
      '/admin/login',
      async ({ body, jwt }) => {
        const admin = findAdmin(ctx.db, body.username.trim())
        const valid = await Bun.password.verify(body.password, admin?.password_hash ?? (await dummyHash))
        if (!admin || !valid) throw unauthorized('Invalid username or password.')
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
