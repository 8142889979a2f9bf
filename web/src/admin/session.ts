/**
 * The staff session: the admin token kept in localStorage under `adminToken` (SPEC.md §3).
 * localStorage is read only from effects and handlers (never at import or render time), so this
 * module is safe to import where there is no browser.
 */
import { create } from 'zustand'
import type { StaffRole } from '../../../api/src/shared/rules/staff-roles'
import { STAFF_ROLE_KEY, STAFF_TOKEN_KEY } from '../storage-keys'

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key) || null
  } catch {
    return null
  }
}

const readStoredToken = () => readStored(STAFF_TOKEN_KEY)

/** The role the server last gave this device's member: until it says again (offline), the dashboard offers what that role may open. */
function readStoredRole(): StaffRole | null {
  const role = readStored(STAFF_ROLE_KEY)
  return role === 'owner' || role === 'editor' ? role : null
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
    if (token && useStaffMember.getState().role === null) useStaffMember.setState({ role: readStoredRole() })
  },
  setToken(token) {
    try {
      localStorage.setItem(STAFF_TOKEN_KEY, token)
    } catch {
      // private mode or full storage: the session lasts for this page only
    }
    set({ token, hydrated: true, endedBy: null })
  },
  clear(reason) {
    try {
      localStorage.removeItem(STAFF_TOKEN_KEY)
      localStorage.removeItem(STAFF_ROLE_KEY)
    } catch {
      // nothing stored
    }
    set({ token: null, hydrated: true, endedBy: reason ?? null })
    useStaffMember.setState(NO_MEMBER)
  },
}))

/** Who is signed in, as the server last said (the dashboard's reply): what the screens may offer them. */
export interface StaffMemberInfo {
  username: string | null
  /** null until the server has said (offline, and not said on this device before): owner-only tiles stay hidden until then. */
  role: StaffRole | null
  /** Their password was set for them: every screen but My account leads there until they choose their own. */
  mustChangePassword: boolean
}

const NO_MEMBER: StaffMemberInfo = { username: null, role: null, mustChangePassword: false }

export const useStaffMember = create<StaffMemberInfo>(() => NO_MEMBER)

/** Takes in what the dashboard call (or the login) said about the member. */
export function noteMember(reply: { username?: string; role?: StaffRole; must_change_password?: boolean } | null | undefined): void {
  if (!reply?.username) return
  useStaffMember.setState({ username: reply.username, role: reply.role ?? null, mustChangePassword: reply.must_change_password === true })
  try {
    if (reply.role) localStorage.setItem(STAFF_ROLE_KEY, reply.role)
    else localStorage.removeItem(STAFF_ROLE_KEY)
  } catch {
    // private mode or full storage: offline, the owner-only tiles wait for the server as before
  }
}

/** The token to send now: the store's copy, else the device's (a handler may run before the first effect). */
export function currentToken(): string | null {
  const { token, hydrated } = useAdminSession.getState()
  if (hydrated) return token
  const stored = readStoredToken()
  useAdminSession.setState({ token: stored, hydrated: true })
  return stored
}
