/**
 * The staff area's code (a chunk of its own, App.tsx), fetched ahead by whoever is about to open it.
 * The login waits for it before leaving its form: otherwise the form goes, the page shows an empty
 * area while the chunk downloads, and keyboard focus falls to <body> for that second or two.
 * App.tsx registers the loader; shell code never imports the staff area itself.
 */
let loader: (() => Promise<unknown>) | null = null

export function registerStaffCode(load: () => Promise<unknown>): void {
  loader = load
}

/** Resolves once the staff code is here, or has failed, or after `patienceMs` (the staff area then shows its own loading or retry). */
export function staffCodeReady(patienceMs = 8_000): Promise<void> {
  if (!loader) return Promise.resolve()
  const loaded = loader().then(
    () => undefined,
    () => undefined,
  )
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, patienceMs))])
}
