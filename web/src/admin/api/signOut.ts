import { navigate } from 'wouter/use-browser-location'
import { saveDrafts } from '../drafts'
import { useAdminSession } from '../session'

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
