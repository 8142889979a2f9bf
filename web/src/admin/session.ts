/**
 * The staff session: the admin token kept in localStorage under `adminToken` (SPEC.md §3).
 * localStorage is read only from effects and handlers (never at import or render time), so this
 * module is safe to import where there is no browser.
 */
import { create } from 'zustand'

export const TOKEN_KEY = 'adminToken'

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null
  } catch {
    return null
  }
}

export interface AdminSession {
  /** The bearer token, or null when signed out. */
  token: string | null
  /** False until the stored token has been read (the guard waits for this before redirecting). */
  hydrated: boolean
  /** Reads the stored token (call from an effect). */
  hydrate(): void
  setToken(token: string): void
  /** Why the last session ended: the guard sends an expired or signed-out session to /login, a visitor without one to /. */
  endedBy: 'expired' | 'logout' | null
  /** Forgets the token here and on the device. */
  clear(reason?: 'expired' | 'logout'): void
}

export const useAdminSession = create<AdminSession>((set) => ({
  token: null,
  hydrated: false,
  endedBy: null,
  hydrate() {
    const token = readStoredToken()
    set(token ? { token, hydrated: true, endedBy: null } : { token, hydrated: true })
  },
  setToken(token) {
    try {
      localStorage.setItem(TOKEN_KEY, token)
    } catch {
      // private mode or full storage: the session lasts for this page only
    }
    set({ token, hydrated: true, endedBy: null })
  },
  clear(reason) {
    try {
      localStorage.removeItem(TOKEN_KEY)
    } catch {
      // nothing stored
    }
    set({ token: null, hydrated: true, endedBy: reason ?? null })
  },
}))

/** The token to send now: the store's copy, else the device's (a handler may run before the first effect). */
export function currentToken(): string | null {
  const { token, hydrated } = useAdminSession.getState()
  if (hydrated) return token
  const stored = readStoredToken()
  useAdminSession.setState({ token: stored, hydrated: true })
  return stored
}
