/**
 * The staff activity trail as the auth layer sees it: a contract, not the trail itself. The activity
 * feature provides it (features/activity/store.ts) and the app puts it in the context, so the guard and
 * the login record changes without knowing how or where they are kept.
 */

/** One field of an edit: what it was and what it became. Files are named, never their bytes. */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** What a change says about itself; who and when are added by the recorder. */
export interface ActivityEntry {
  kind: string
  action: string
  record_id?: string | number | null
  summary: string
  changes?: FieldChange[] | null
}

export type RecordActivity = (entry: ActivityEntry) => void

export interface ActivityTrail {
  /**
   * The recorder a staff request gets, with who made the change and when (on their device: the
   * X-Device-Time header, believed only after `member.since`, when the account was made) bound in.
   * Throws 400 when that header is malformed.
   */
  recorderFor(member: { username: string; since: string }, request: Request): RecordActivity
  /**
   * Writes one entry for `username` at `at`, inside the caller's transaction (a login and its session).
   * A failed login names no member: what the caller typed is `attempted_username`, and username is ''.
   */
  record(entry: ActivityEntry & { username: string; at: string; attempted_username?: string }): void
}
