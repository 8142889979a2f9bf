/**
 * What the Login page needs of the outbox, and no more: how many staff changes kept on this device
 * wait for a session (one that ended mid-sync, or work done offline), and sending them once logged in.
 */
import { useEffect } from 'react'
import { loadOutbox, resumeAfterLogin, useOutbox } from './outbox'

/** Staff changes waiting on this device for a login (read from the device on first use). */
export function useStaffChangesWaiting(): number {
  const waiting = useOutbox(
    (state) => state.entries.filter((entry) => entry.channel === 'admin' && (entry.state === 'waiting' || entry.state === 'sending')).length,
  )
  useEffect(() => {
    void loadOutbox()
  }, [])
  return waiting
}

/** Sends the staff changes queued while the session had ended: call once a new token is stored. */
export function sendStaffChangesAfterLogin(): void {
  void resumeAfterLogin()
}
