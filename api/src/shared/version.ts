/**
 * Optimistic concurrency for edit routes. A client that read a record sends the version it saw
 * (`If-Match: "<updated_at>"`, or an `updated_at` field for clients that cannot set headers); when the
 * record changed since, the edit is refused with 409 `{ error, current }` instead of silently
 * overwriting someone else's work. Without either, edits behave as SPEC.md's clients expect.
 *
 * (Shared by the events, attractions and opening-times routes; it belongs in api/src/shared/ once
 * the lead moves it there.)
 */
/** The version the client based its change on, or null when it asked for no check. */
export function expectedVersion(request: Request, field?: string | null): string | null {
  const header = request.headers.get('if-match')?.trim()
  if (header) {
    if (header === '*') return null
    return (
      header
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1')
        .trim() || null
    )
  }
  return field?.trim() || null
}

/** Thrown inside a commit (so the transaction rolls back); the route answers 409 with `current`. */
export class VersionConflict<T> extends Error {
  constructor(
    message: string,
    readonly current: T,
  ) {
    super(message)
  }
}

/** A version strictly after `previous`, even when the clock has not moved (or is pinned in tests). */
export function nextVersion(now: Date, previous?: string | null): string {
  const before = previous ? Date.parse(previous) : Number.NaN
  return new Date(Number.isNaN(before) ? now.getTime() : Math.max(now.getTime(), before + 1)).toISOString()
}
