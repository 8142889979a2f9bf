/**
 * The pages whose <head> carries both venues' schema.org LocalBusiness data: the home page and the
 * contact page (where the hours are). The block is not part of the React tree: the build writes it
 * with what it knows (web/build/prerender.ts, no hours), and the server replaces it with the current
 * hours and exceptions on every page it serves (api/src/http/web-app.ts). Both build it with the one
 * builder in api/src/shared/structured-data.ts. Being outside the hydrated root, data that changed
 * since the build can never make hydration mismatch.
 */
export const PAGES_WITH_VENUE_DATA: readonly string[] = ['/', '/contact']
