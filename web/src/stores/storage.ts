import { del, get, set } from 'idb-keyval'

/**
 * The one place the web app's public data is kept on the device (IndexedDB through idb-keyval). A
 * device that refuses storage (private mode, quota) only loses the offline copy: every call here
 * resolves, never throws.
 */
export function readSaved<T>(key: string): Promise<T | undefined> {
  return get<T>(key).catch(() => undefined)
}

export function writeSaved(key: string, value: unknown): Promise<void> {
  return set(key, value).catch(() => undefined)
}

export function forgetSaved(key: string): Promise<void> {
  return del(key).catch(() => undefined)
}
