import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { clientAddress } from '../http/client-address'
import { HttpError, unauthorized } from '../http/errors'
import { createSession, DEMO_ADMIN, findAdmin, revokeTokens } from './admin-store'
import { adminGuard } from './guard'
import { knownAddressStore } from './known-addresses'
import { LoginThrottle } from './login-throttle'
import { hashPassword } from './password-hash'
import { DashboardReply, LoginBody, LoginReply } from './model'

/** A real hash to compare against when the user does not exist, so both failures take the same time. */
const dummyHash = hashPassword('not-a-real-password')

/** One JSON line per login outcome, with who and from where, for whoever reads the logs after an incident. */
const logLogin = (level: 'info' | 'warn', msg: string, fields: Record<string, unknown>) => console.log(JSON.stringify({ level, msg, ...fields }))

const throttles = new WeakMap<AppContext, LoginThrottle>()
/** The one login throttle of an app: logins and password changes are counted together. */
export function loginThrottleOf(ctx: AppContext): LoginThrottle {
  let throttle = throttles.get(ctx)
  if (!throttle) throttles.set(ctx, (throttle = new LoginThrottle(() => ctx.now().getTime(), knownAddressStore(ctx.db))))
  return throttle
}

export function authRoutes(ctx: AppContext) {
  const throttle = loginThrottleOf(ctx)
  return (
    new Elysia({ name: 'feature.auth', prefix: '/api' })
      .use(adminGuard(ctx))
      // Tokens and who is logged in are nobody's to keep: not the browser cache, not a proxy.
      .onAfterHandle(({ set }) => {
        set.headers['cache-control'] = 'no-store'
      })
      .post(
        '/admin/login',
        async ({ body, jwt, request }) => {
          const username = body.username.trim()
          const address = clientAddress(request, ctx.config)
          let attempt
          try {
            attempt = throttle.begin(username, address)
          } catch (error) {
            if (error instanceof HttpError)
              logLogin('warn', 'login refused', { username, address, retry_after: Number(error.headers['retry-after']), reason: error.message })
            throw error
          }
          // An account an older version made with the published demo password stays shut in production.
          const demoPassword = ctx.config.production && body.password === DEMO_ADMIN.password
          let admin: ReturnType<typeof findAdmin> = null
          let valid = false
          try {
            admin = findAdmin(ctx.db, username)
            valid = await Bun.password.verify(body.password, admin?.password_hash ?? (await dummyHash))
          } finally {
            if (admin && valid && !demoPassword && !admin.disabled) attempt.succeeded()
            else attempt.failed()
          }
          const at = ctx.now().toISOString()
          if (!admin || !valid || demoPassword || admin.disabled) {
            const reason = !admin
              ? 'unknown username'
              : !valid
                ? 'wrong password'
                : demoPassword
                  ? 'the published demo password is refused in production'
                  : 'the account is disabled'
            logLogin('warn', 'login failed', { username, address, reason })
            ctx.db.transaction(() =>
              ctx.activity.record({
                kind: 'login',
                action: 'failed',
                username: '',
                attempted_username: username,
                at,
                summary: `Failed login from ${address}: ${reason}`,
              }),
            )()
            // Guesses from elsewhere hold this username up: a wrong password says so, and learns nothing more.
            throw attempt.held ?? unauthorized('Invalid username or password.')
          }
          logLogin('info', 'login succeeded', { username: admin.username, address })
          const session = ctx.db.transaction(() => {
            ctx.activity.record({ kind: 'login', action: 'login', username: admin.username, at, summary: `Logged in from ${address}` })
            return createSession(ctx.db, admin.id, at, request.headers.get('user-agent') ?? '', address)
          })()
          const expiresAt = new Date(ctx.now().getTime() + ctx.config.jwtTtlSeconds * 1000)
          const token = await jwt.sign({ sub: String(admin.id), tv: admin.token_version, sid: session.id, name: admin.username })
          return {
            token,
            username: admin.username,
            role: admin.role,
            must_change_password: admin.must_change_password === 1,
            expires_at: expiresAt.toISOString(),
          }
        },
        { body: LoginBody, response: LoginReply },
      )
      .get(
        '/admin/dashboard',
        ({ admin }) => ({
          message: 'Access granted!',
          username: admin.username,
          role: admin.role,
          must_change_password: findAdmin(ctx.db, admin.username)?.must_change_password === 1,
          message_retention_days: ctx.config.messageRetentionDays,
        }),
        {
          admin: true,
          response: DashboardReply,
        },
      )
      .post(
        '/admin/logout',
        ({ admin }) => {
          revokeTokens(ctx.db, admin.id)
          return { message: 'Logged out.' }
        },
        { admin: true },
      )
  )
}
