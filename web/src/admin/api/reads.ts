import { api, ApiError, type RequestOptions } from '../../api/client'
import { SEND_TIMEOUT_MS, UPLOAD_IDLE_MS, UPLOAD_TIMEOUT_MS } from '../../offline/outbox'
import { MUST_CHANGE_PASSWORD_MESSAGE } from '../../../../api/src/shared/rules/staff-roles'
import { currentToken, useStaffMember } from '../session'
import { signOutExpired } from './signOut'

export interface AdminGetOptions {
  /** false: a 401 is thrown to the caller instead of signing out (the dashboard shows its own message). */
  signOutOn401?: boolean
}

/** Rethrows; a 401 (expired, revoked or tampered token) signs out first, keeping the open forms. */
export function handleError(error: unknown, signOutOn401 = true): never {
  if (error instanceof ApiError && error.status === 401 && signOutOn401) signOutExpired()
  // A password set for them (a first one, or a reset while signed in): the staff router leads to My account.
  if (error instanceof ApiError && error.status === 403 && error.message === MUST_CHANGE_PASSWORD_MESSAGE) useStaffMember.setState({ mustChangePassword: true })
  throw error
}

/** GET with the bearer token. */
export async function adminGet<T>(path: string, options: AdminGetOptions = {}): Promise<T> {
  try {
    return await api.get<T>(path, { token: currentToken() })
  } catch (error) {
    return handleError(error, options.signOutOn401 ?? true)
  }
}

/** A call that must happen now or not at all (logging out): never queued. */
export async function adminPostNow<T>(path: string, body: unknown): Promise<T> {
  return api.post<T>(path, body, { token: currentToken() })
}

/**
 * How long a send-now may wait, as the outbox's sends do (offline/outbox/types.ts): on a weak signal a
 * request can hang for minutes, and a screen that says "Saving…" for ever leaves staff nothing to do. An
 * upload whose progress is followed gives up once it stops moving, any other upload after a long while,
 * a JSON change after SEND_TIMEOUT_MS; each then fails as no answer (status 0, TIMED_OUT).
 */
function limitsOf(body: unknown, onProgress?: (fraction: number) => void): RequestOptions {
  if (!(body instanceof FormData)) return { timeoutMs: SEND_TIMEOUT_MS }
  return onProgress ? { onUploadProgress: onProgress, idleTimeoutMs: UPLOAD_IDLE_MS } : { timeoutMs: UPLOAD_TIMEOUT_MS }
}

/**
 * A change that needs the server now (passwords, staff accounts, the logo): never queued, so offline it
 * fails at once (status 0) and the screen says so, and it never waits for ever (limitsOf). A 401 signs
 * out as a read's does. `onProgress` follows an upload's body as it is sent.
 */
export async function adminSendNow<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, onProgress?: (fraction: number) => void): Promise<T> {
  try {
    return await api.send<T>(method, path, body, { token: currentToken(), ...limitsOf(body, onProgress) })
  } catch (error) {
    return handleError(error)
  }
}
