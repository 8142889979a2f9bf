import { jwt } from '@elysiajs/jwt'
import { Elysia, status } from 'elysia'
import { parse } from 'regexparam'
import type { AppContext } from '../context'
import { HttpError } from '../http/errors'
import { idempotencyFor } from '../http/idempotency'
import { findAdminById, findSession, type StaffRole } from './admin-store'
import { MUST_CHANGE_PASSWORD_MESSAGE, OWNER_ONLY_MESSAGE } from '../shared/rules/staff-roles'

export { MUST_CHANGE_PASSWORD_MESSAGE, OWNER_ONLY_MESSAGE }

export const JWT_ISSUER = 'venue-api'
export const JWT_AUDIENCE = 'venue-admin'

const unauthorized = (message: string) => new HttpError(401, message, { 'www-authenticate': 'Bearer realm="admin"' })

export interface StaffMember {
  id: number
  username: string
  role: StaffRole
  /** The login this token belongs to; null for a token issued before sessions existed. */
  sessionId: string | null
  /** When the account was made: a change cannot have been made on a device before it. */
  since: string
}

/** What a member with a first or reset password may still do: choose their own, or leave. */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['/api/admin/password', '/api/admin/logout', '/api/admin/logout-everywhere', '/api/admin/dashboard'])

/** When each session last made a request, since this process started (kept in memory: a write per request would cost more than it tells). */
const lastSeen = new Map<string, string>()
export const lastSeenOf = (sessionId: string): string | undefined => lastSeen.get(sessionId)

/** Requests whose token was checked already (by the gate, before the body was read). */
const verified = new WeakMap<Request, StaffMember>()

/** The one JWT configuration: the guard verifies with it, the login signs with it. */
const staffJwt = (ctx: AppContext) =>
  jwt({
    name: 'jwt',
    secret: ctx.jwtSecret,
    alg: 'HS256',
    iss: JWT_ISSUER,
    aud: JWT_AUDIENCE,
    exp: `${ctx.config.jwtTtlSeconds}s`,
  })

type Verifier = { verify(token: string, options: object): Promise<false | Record<string, unknown>> }

/** Checks the bearer token of a request and returns who sent it; throws 401 otherwise. */
async function verifyStaff(ctx: AppContext, verifier: Verifier, request: Request): Promise<StaffMember> {
  const done = verified.get(request)
  if (done) return done
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header.trim())
  if (!match) throw unauthorized(header ? 'Malformed authorization header.' : 'Authentication required.')
  // The plugin's verify checks neither issuer nor audience unless told to; the allowlist refuses any
  // other algorithm, even one signed with our own secret. A token must say when it was issued and
  // when it ends, and may not be older than a login lasts, whatever its own expiry claims.
  const claims = await verifier
    .verify(match[1]!, {
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: `${ctx.config.jwtTtlSeconds}s`,
    })
    .catch(() => false as const)
  if (!claims) throw unauthorized('Your session is invalid or has expired. Please log in again.')
  const admin = findAdminById(ctx.db, Number(claims.sub))
  // A token names its session, and ending the session (logout, a new password, a change by an owner)
  // deletes it. Tokens from before sessions existed carry only the account's token version.
  const sessionId = typeof claims.sid === 'string' ? claims.sid : null
  const current = admin && !admin.disabled && (sessionId ? findSession(ctx.db, sessionId, admin.id) !== null : admin.token_version === Number(claims.tv))
  if (!admin || !current) {
    throw unauthorized('Your session is no longer valid. Please log in again.')
  }
  if (admin.must_change_password && !OPEN_BEFORE_PASSWORD_CHANGE.has(new URL(request.url).pathname.replace(/\/+$/, ''))) {
    throw new HttpError(403, MUST_CHANGE_PASSWORD_MESSAGE)
  }
  if (sessionId) lastSeen.set(sessionId, ctx.now().toISOString())
  const member: StaffMember = { id: admin.id, username: admin.username, role: admin.role, sessionId, since: admin.created_at }
  verified.set(request, member)
  tokenVersions.set(request, Number(claims.tv))
  return member
}

const tokenVersions = new WeakMap<Request, number>()

export const ROLE_CHANGED_MESSAGE = 'Your role changed while this was on its way, so it was not saved. Please try again.'

/**
 * A request is let in when it begins, but its body may take long to come (a slow upload, or a caller
 * holding it back on purpose): inside the transaction that writes the change, the member must still
 * exist, be enabled, hold the same session and the same role, or nothing is written.
 */
function assertStillCurrent(ctx: AppContext, member: StaffMember, tokenVersion: number | undefined): void {
  const now = findAdminById(ctx.db, member.id)
  const current = now && !now.disabled && (member.sessionId ? findSession(ctx.db, member.sessionId, now.id) !== null : now.token_version === tokenVersion)
  if (!now || !current) throw unauthorized('Your session is no longer valid. Please log in again.')
  if (now.role !== member.role) throw new HttpError(403, ROLE_CHANGED_MESSAGE)
}

/** Who sent `request`, when it carries a valid staff token; null otherwise (for replies that only add detail for staff). */
export async function staffOrNull(ctx: AppContext, verifier: Verifier, request: Request): Promise<StaffMember | null> {
  return verifyStaff(ctx, verifier, request).catch(() => null)
}

/** Marks the guard's own hook, so the gate can tell staff routes from the app's route table. */
const STAFF_ROUTE = Symbol('staff route')

/**
 * The admin guard. A route with `{ admin: true }` answers 401 unless it carries a valid bearer token,
 * and gets `admin` (who) and `commit` (run the change in a transaction that also records the reply
 * under the request's Idempotency-Key, so a replayed request changes nothing twice).
 */
export function adminGuard(ctx: AppContext) {
  const requireStaff = Object.assign(
    // Runs before the body is validated, so a caller without a valid token learns nothing but 401.
    // (The gate has usually checked already, before the body was even read.)
    async ({ jwt, request }: { jwt: Verifier; request: Request }) => {
      await verifyStaff(ctx, jwt, request)
    },
    { [STAFF_ROUTE]: true },
  )
  return new Elysia({ name: 'auth.guard', seed: ctx.jwtSecret }).use(staffJwt(ctx)).macro({
    admin: {
      transform: requireStaff,
      async resolve({ request, body }) {
        const admin = verified.get(request)
        if (!admin) throw unauthorized('Authentication required.')
        // By account, not name: ids are never reused, so a member later made under a removed member's
        // username is never handed that member's stored replies.
        const stillCurrent = () => assertStillCurrent(ctx, admin, tokenVersions.get(request))
        const idempotency = await idempotencyFor(ctx.db, ctx.jwtSecret, request, body, `staff:${admin.id}`, stillCurrent)
        const replay = idempotency.replay()
        if (replay) return status(replay.status as 200, replay.body)
        // `activity` writes the trail entry; called inside `commit`, it is saved or lost with the change.
        const activity = ctx.activity.recorderFor(admin, request)
        return { admin, commit: idempotency.commit, activity }
      },
    },
    /** Owner-only routes: an editor is refused 403 before the body is read or validated. */
    owner: {
      async transform({ jwt, request }: { jwt: Verifier; request: Request }) {
        const member = await verifyStaff(ctx, jwt, request)
        if (member.role !== 'owner') throw new HttpError(403, OWNER_ONLY_MESSAGE)
      },
    },
  })
}

interface RouteInfo {
  method: string
  path: string
  hooks?: { transform?: unknown }
}

const isStaffRoute = (route: RouteInfo) =>
  Array.isArray(route.hooks?.transform) && route.hooks.transform.some((hook) => (hook?.fn ?? hook)?.[STAFF_ROUTE] === true)

/**
 * Refuses requests to staff routes without a valid token before anything reads their body: Elysia
 * parses the body before any route hook runs, so without this an anonymous 60 MB upload is read
 * whole before its 401. Which routes are staff routes comes from the app's own route table (the
 * routes that use `{ admin: true }`), so there is one definition of a staff route, not two lists.
 */
export function staffGate(ctx: AppContext, routes: () => readonly RouteInfo[]) {
  let staffPaths: { method: string; pattern: RegExp }[] | undefined
  const matches = (method: string, path: string) => {
    staffPaths ??= routes()
      .filter(isStaffRoute)
      .map((route) => ({ method: route.method, pattern: parse(route.path).pattern }))
    const wanted = method === 'HEAD' ? 'GET' : method
    return staffPaths.some((route) => (route.method === wanted || route.method === 'ALL') && route.pattern.test(path))
  }
  return new Elysia({ name: 'auth.staff-gate', seed: ctx.jwtSecret }).use(staffJwt(ctx)).onRequest(async ({ request, jwt }) => {
    const raw = new URL(request.url).pathname
    // Both spellings of the path: however the router reads `%2F` or a trailing slash, the gate is no laxer.
    const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)
    let decoded = raw
    try {
      decoded = decodeURI(raw)
    } catch {
      // A broken %-escape: the router answers 400, and the route hook still checks the token.
    }
    if (matches(request.method, trimmed(raw)) || matches(request.method, trimmed(decoded))) await verifyStaff(ctx, jwt as Verifier, request)
  })
}
