/** The shapes of the outbox: what a queued change holds, and how it ended up. */

export type OutboxBody = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'form'; fields: OutboxField[] }

/**
 * Files are kept as their bytes rather than as Blob objects: an ArrayBuffer survives IndexedDB in
 * every browser (older Safari lost Blobs stored there) and in the test environment alike.
 */
export type OutboxField = { name: string; value: string } | { name: string; bytes: ArrayBuffer; type: string; filename: string }

/** A form as a screen builds it: files still as Blobs. */
export type NewField = { name: string; value: string } | { name: string; file: Blob; filename: string }
export type NewBody = Exclude<OutboxBody, { kind: 'form' }> | { kind: 'form'; fields: NewField[] }

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'conflict'

export interface OutboxEntry {
  /** Client-generated; sent as the Idempotency-Key. */
  id: string
  /** Creation order. */
  seq: number
  /** 'admin' entries carry the staff token; 'public' ones (the contact form) do not. */
  channel: 'admin' | 'public'
  /** For a staff change: the member who made it (their token's `sub`), whose token alone may send it (channels.ts). */
  by?: string
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  body: OutboxBody
  /** What a person reads in the pending-changes list, e.g. "Edit event 'Quiz night'". */
  label: string
  createdAt: number
  state: OutboxState
  attempts: number
  nextAttemptAt: number
  error: string | null
  /** For a create: later entries may use `placeholder` as the new record's id until the real one is known. */
  creates?: { placeholder: string; idField: string }
  /** For an edit: the version (updated_at) it was based on, sent as If-Match so the server can refuse a stale change. */
  baseVersion?: string
  /**
   * For an edit: the record's fields as the edit started from them (the same names and spelling as the
   * body), so a conflict merges field by field (./merge.ts). Absent in changes queued by older versions:
   * their conflicts are settled as a whole, as before.
   */
  base?: Record<string, unknown>
  /** For a conflict: the server's 409 reply (`{ error, current }`, the record as the server has it now). */
  serverVersion?: unknown
  /** For a conflict merged field by field: what the merge gave, and the fields staff must choose for. */
  merge?: FieldMerge
  /** How many times this change was merged with a newer record and sent again (a bound against a loop). */
  merges?: number
  /** The HTTP status of the last refusal (0: no answer), so a screen can word the failure as it would online. */
  status?: number
  /**
   * The record this entry changes (e.g. 'event:12', or 'event:<placeholder>'), and where its reply
   * carries the record's new version: after it lands, later edits of the same record are based on that
   * version, so a change queued on top of another queued change is no conflict with itself.
   */
  record?: string
  versionField?: string
  /**
   * What screens need to show the change before it lands (plain data, stored as is). `op: 'delete'`
   * marks a deletion (whatever its method): a 404 then means the goal is already reached.
   */
  meta?: Record<string, unknown>
  /**
   * False: kept in memory only, never written to the device (a change to personal data, such as a
   * visitor's message): it is sent like any other, but lost if the page closes first.
   */
  keep?: false
}

export type NewEntry = Pick<OutboxEntry, 'channel' | 'method' | 'path' | 'label'> & { body: NewBody } & Partial<
    Pick<OutboxEntry, 'creates' | 'baseVersion' | 'base' | 'id' | 'record' | 'versionField' | 'meta' | 'keep'>
  >

/** A queued edit merged with the record as the server has it now (the shared rule: api/src/shared/rules/three-way-merge.ts). */
export interface FieldMerge {
  /** The body's fields as both sides' changes make them together (a field in conflict: the server's value). */
  merged: Record<string, unknown>
  /** The record's fields as the server has them now: the new base once this is settled. */
  theirs: Record<string, unknown>
  /** The fields changed on both sides to different values. */
  conflicts: string[]
  /** The server's version of the record now, sent as If-Match with the settled change. */
  version?: string
  /** The record was deleted on the server while this edit waited. */
  deleted?: boolean
  /** The fields this edit changed that the server left alone: they need no one, so they are sent before staff answer. */
  mineOnly?: string[]
  /** Those fields went ahead as a change of their own: the question holds only the fields in conflict. */
  restSent?: boolean
}

/** How a change ended up after it was put in the outbox and (when possible) sent at once. */
export type Outcome =
  | { kind: 'sent'; reply: unknown; entry: OutboxEntry }
  | { kind: 'failed'; status: number; message: string; entry: OutboxEntry }
  | { kind: 'conflict'; entry: OutboxEntry }
  /** Kept on the device: offline, no answer, a server error, waiting behind an earlier change, or a sign-in needed. */
  | { kind: 'queued'; entry: OutboxEntry }

/**
 * How long one send may take before it counts as a network failure: on a weak signal a request can
 * hang for minutes, and the change is safer waiting on the device (its key makes a resend harmless).
 */
export const SEND_TIMEOUT_MS = 15_000

/** A change whose send starts within this long of its making was sent as it was made, not replayed. */
export const SENT_AT_ONCE_MS = 5_000

/**
 * How long an upload may go without moving (no part of the body sent, no answer) before it counts as
 * a network failure. Longer than SEND_TIMEOUT_MS: after its last byte the server still checks and
 * resizes the pictures.
 */
export const UPLOAD_IDLE_MS = 30_000

/** How long an upload no screen follows (so no progress is seen, e.g. replayed after a reload) may take in all. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000

/** A change that reached the server during this visit: shown as 'sent' in the pending-changes list. */
export interface SentEntry {
  id: string
  label: string
  channel: OutboxEntry['channel']
  by?: OutboxEntry['by']
  sentAt: number
  /** Why it counts as done without the server applying it (a deletion of a record already gone). */
  note?: string
}

export const ALREADY_DELETED = 'Already deleted elsewhere — nothing left to do.'

/** How many landed changes the list keeps showing. */
export const SENT_SHOWN = 10
