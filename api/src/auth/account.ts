import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { clientAddress } from '../http/client-address'
import { HttpError } from '../http/errors'
import { findAdmin, hashPassword, listSessions, revokeTokens, updateAdmin } from './admin-store'
import { adminGuard, lastSeenOf } from './guard'
import { loginThrottleOf } from './index'
import { ChangePasswordBody, SessionList } from './model'
import { assertAcceptablePassword } from './password-policy'

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.'
export const SAME_PASSWORD = 'The new password must differ from your current one.'

/**
 * My account, for every member: change my password, see where I am logged in, log out everywhere.
 * These need the server (never queued, never cached). Wrong current passwords are counted by the
 * login throttle, so the password form is no way round the limits on guessing.
 */
export function accountRoutes(ctx: AppContext) {
  const throttle = loginThrottleOf(ctx)
  return new Elysia({ name: 'auth.account', prefix: '/api' })
    .use(adminGuard(ctx))
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store'
    })
    .post(
      '/admin/password',
      async ({ admin, body, commit, activity, request }) => {
        // The throttle and the current password come before the new one is judged: judging is the dear part,
        // and a caller who is refused, or does not know the password, must not get it done for them.
        const account = findAdmin(ctx.db, admin.username)!
        const attempt = throttle.begin(admin.username, clientAddress(request, ctx.config), 'password')
        let valid = false
        try {
          valid = await Bun.password.verify(body.current_password, account.password_hash)
        } finally {
          if (valid) attempt.succeeded()
          else attempt.failed()
        }
        if (!valid) throw attempt.held ?? new HttpError(403, WRONG_CURRENT_PASSWORD)
        assertAcceptablePassword(body.new_password, admin.username, ctx.venue())
        if (await Bun.password.verify(body.new_password, account.password_hash)) throw new HttpError(400, SAME_PASSWORD)
        const hash = await hashPassword(body.new_password)
        return commit(() => {
          updateAdmin(ctx.db, admin.id, { password_hash: hash, must_change_password: 0 })
          // Anyone who knew the old password is logged out; this device stays in.
          revokeTokens(ctx.db, admin.id, admin.sessionId ?? undefined)
          activity({ kind: 'staff', action: 'password', record_id: admin.username, summary: `${admin.username} changed their own password` })
          return { message: 'Password changed. You are logged out everywhere else.' }
        })
      },
      { admin: true, body: ChangePasswordBody },
    )
    .get(
      '/admin/sessions',
      ({ admin }) => {
        const since = new Date(ctx.now().getTime() - ctx.config.jwtTtlSeconds * 1000).toISOString()
        return listSessions(ctx.db, admin.id)
          .filter((session) => session.created_at > since)
          .map((session) => ({
            created_at: session.created_at,
            last_seen_at: lastSeenOf(session.id) ?? session.created_at,
            user_agent: session.user_agent,
            address: session.address,
            current: session.id === admin.sessionId,
          }))
      },
      { admin: true, response: SessionList },
    )
    .post(
      '/admin/logout-everywhere',
      ({ admin, commit, activity }) =>
        commit(() => {
          revokeTokens(ctx.db, admin.id)
          activity({ kind: 'login', action: 'logout-everywhere', record_id: admin.username, summary: `${admin.username} logged out everywhere` })
          return { message: 'Logged out everywhere.' }
        }),
      { admin: true },
    )
}
