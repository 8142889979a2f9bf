import { del, delMany, get, keys, set } from 'idb-keyval'

/**
 * The one place the web app keeps read data on the device (IndexedDB through idb-keyval): public
 * pages' data and, under their own key prefix, staff lists. A device that refuses storage (private
 * mode, quota) only loses the offline copy: every call here resolves, never throws.
 */
export function readSaved<T>(key: string): Promise<T | undefined> {
  return get<T>(key).catch(() => undefined)
}

export function writeSaved(key: string, value: unknown): Promise<void> {
  return set(key, value).catch(() => undefined)
}

export async function forgetSaved(key: string): Promise<void> {
  // The server renders pages with the stores too, and has no IndexedDB.
  if (typeof indexedDB === 'undefined') return
  return del(key).catch(() => undefined)
}

/** Forgets every saved copy whose key starts with `prefix` (staff lists on sign-out). */
export async function forgetSavedStartingWith(prefix: string): Promise<void> {
  try {
    const mine = (await keys()).filter((key) => typeof key === 'string' && key.startsWith(prefix))
    if (mine.length > 0) await delMany(mine)
  } catch {
    // Storage refused: nothing was kept either.
  }
}
