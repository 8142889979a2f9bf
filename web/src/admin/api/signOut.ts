import { navigate } from 'wouter/use-browser-location'
import { saveDrafts } from '../drafts'
import { currentToken, TOKEN_KEY, useAdminSession } from '../session'

let signingOut = false

/** Saves the open forms, forgets the token and goes to /login. */
export function signOutExpired(): void {
  if (signingOut) return
  signingOut = true
  try {
    saveDrafts(typeof location !== 'undefined' ? location.pathname : undefined)
    useAdminSession.getState().clear('expired')
    navigate('/login')
  } finally {
    signingOut = false
  }
}

/** The device's token (the Login page stores a new one there before the session store hears of it). */
export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null
  } catch {
    return currentToken()
  }
}
