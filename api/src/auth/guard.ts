import { jwt } from '@elysiajs/jwt'
import { Elysia, status } from 'elysia'
import type { AppContext } from '../context'
import { HttpError } from '../http/errors'
import { idempotencyFor } from '../http/idempotency'
import { findAdminById } from './admin-store'

export const JWT_ISSUER = 'venue-api'
export const JWT_AUDIENCE = 'venue-admin'

const unauthorized = (message: string) =>
  new HttpError(401, message, { 'www-authenticate': 'Bearer realm="admin"' })

/**
 * The admin guard. A route with `{ admin: true }` answers 401 unless it carries a valid bearer token,
 * and gets `admin` (who) and `commit` (run the change in a transaction that also records the reply
 * under the request's Idempotency-Key, so a replayed request changes nothing twice).
 */
const verified = new WeakMap<Request, { id: number; username: string }>()

export function adminGuard(ctx: AppContext) {
  return new Elysia({ name: 'auth.guard', seed: ctx.jwtSecret })
    .use(
      jwt({
        name: 'jwt',
        secret: ctx.jwtSecret,
        alg: 'HS256',
        iss: JWT_ISSUER,
        aud: JWT_AUDIENCE,
        exp: `${ctx.config.jwtTtlSeconds}s`,
      }),
    )
    .macro({
      admin: {
        // Runs before the body is validated, so a caller without a valid token learns nothing but 401.
        async transform({ headers, jwt, request }) {
          const header = headers.authorization ?? ''
          const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header.trim())
          if (!match) throw unauthorized(header ? 'Malformed authorization header.' : 'Authentication required.')
          // The plugin's verify checks neither issuer nor audience unless told to; the allowlist
          // refuses any other algorithm, even one signed with our own secret.
          const claims = await jwt.verify(match[1], { algorithms: ['HS256'], issuer: JWT_ISSUER, audience: JWT_AUDIENCE }).catch(() => false as const)
          if (!claims) throw unauthorized('Your session is invalid or has expired. Please log in again.')
          const admin = findAdminById(ctx.db, Number(claims.sub))
          if (!admin || admin.token_version !== Number(claims.tv)) {
            throw unauthorized('Your session is no longer valid. Please log in again.')
          }
          verified.set(request, { id: admin.id, username: admin.username })
        },
        async resolve({ request, body }) {
          const admin = verified.get(request)
          if (!admin) throw unauthorized('Authentication required.')
          const idempotency = await idempotencyFor(ctx.db, request, body)
          const replay = idempotency.replay()
          if (replay) return status(replay.status as 200, replay.body)
          return { admin, commit: idempotency.commit }
        },
      },
    })
}
