/**
 * wouter imports useSyncExternalStore through the use-sync-external-store shim, for React versions
 * before 18; React 19 has the hook itself, so the build points the shim here (web/vite.config.ts)
 * rather than ship its CommonJS wrapper in the JavaScript of every first render.
 */
export { useSyncExternalStore } from 'react'
