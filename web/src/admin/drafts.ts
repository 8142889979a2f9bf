/**
 * Unsaved form input survives an expired session: when an admin call answers 401, every mounted form
 * that registered here is written to sessionStorage before the app goes to /login, and is put back
 * the next time the same form opens. Files cannot be kept (the browser will not give them back), text can.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { DRAFT_KEY_PREFIX, RETURN_TO_KEY } from '../storage-keys'

const readers = new Map<string, () => unknown>()

/** Writes every registered form's current values (and where the user was) to sessionStorage. */
export function saveDrafts(path?: string): void {
  try {
    for (const [key, read] of readers) sessionStorage.setItem(DRAFT_KEY_PREFIX + key, JSON.stringify(read()))
    if (path && readers.size > 0) sessionStorage.setItem(RETURN_TO_KEY, path)
  } catch {
    // storage unavailable or full: nothing more can be kept
  }
}

/** Puts values in a form's draft: the form opens with them next time (a change to a record deleted elsewhere, made again as a new one). */
export function putDraft(key: string, values: Record<string, unknown>): void {
  try {
    sessionStorage.setItem(DRAFT_KEY_PREFIX + key, JSON.stringify(values))
  } catch {
    // storage unavailable or full: the form opens empty
  }
}

/** Reads and forgets a saved draft. */
export function takeDraft<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY_PREFIX + key)
    if (text === null) return null
    sessionStorage.removeItem(DRAFT_KEY_PREFIX + key)
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

/** The admin screen a saved draft belongs to, once (the dashboard offers a link back to it). */
export function takeReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_TO_KEY)
    sessionStorage.removeItem(RETURN_TO_KEY)
    return path
  } catch {
    return null
  }
}

export interface FormDraft<T> {
  values: T
  /** Sets one field. */
  set<K extends keyof T>(field: K, value: T[K]): void
  /** Replaces several fields at once. */
  patch(values: Partial<T>): void
  /** Back to the initial values. */
  reset(): void
  /** True when the values were restored from a draft saved before a sign-in. */
  restored: boolean
}

/** Form state that is saved if the session expires and restored when the form opens again. */
export function useFormDraft<T extends Record<string, unknown>>(key: string, initial: T): FormDraft<T> {
  const initialRef = useRef(initial)
  const [values, setValues] = useState<T>(initial)
  const [restored, setRestored] = useState(false)
  const current = useRef(values)
  current.current = values

  useEffect(() => {
    const saved = takeDraft<Partial<T>>(key)
    if (saved && typeof saved === 'object') {
      setValues((now) => ({ ...now, ...saved }))
      setRestored(true)
    }
    readers.set(key, () => current.current)
    return () => {
      readers.delete(key)
    }
  }, [key])

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => setValues((now) => ({ ...now, [field]: value })), [])
  const patch = useCallback((more: Partial<T>) => setValues((now) => ({ ...now, ...more })), [])
  const reset = useCallback(() => {
    setValues(initialRef.current)
    setRestored(false)
  }, [])
  return { values, set, patch, reset, restored }
}
