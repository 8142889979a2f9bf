/**
 * What the shell knows of the staff features, filled in by them: the shell never imports a feature.
 * features/registry.ts registers every kind of record staff change, and the other lists staff load;
 * the staff entry (AdminRoutes) imports it, so they are known before any screen shows.
 */
import type { OutboxEntry } from '../adminApi'
import type { ResourceStore } from '../../stores'
import type { ConflictRow } from './conflictFields'
import type { SameValue } from '../../../../api/src/shared/rules/three-way-merge'

/**
 * The fields an edit of a kind sends, so a conflict merges field by field (./fieldMerge.ts): each
 * kind only describes its fields; the merge is the shared rule.
 */
export interface EditFields {
  /** Whether a queued change is an edit these fields describe. */
  applies(entry: OutboxEntry): boolean
  /** The edit's fields as the server's record (a 409 reply's `current`) has them, spelt as the edit's body spells them; null: the record is not there. */
  read(current: unknown, entry: OutboxEntry): Record<string, unknown> | null
  /** The record's version in that reply, sent as If-Match with the merged change. */
  version(current: unknown, entry: OutboxEntry): string | undefined
  /** Whether two values of a field are the same (default: the shared rule's, values not spellings). */
  same?: SameValue
  /**
   * An edit of a record deleted on the website meanwhile, made again as a new record: the screen that
   * adds one and its form's draft, filled from the edit's fields (none: the edit can only be dropped).
   */
  recreate?(mine: Record<string, unknown>): { path: string; draftKey: string; draft: Record<string, unknown> }
}

export interface RecordKind {
  /** The change paths of this kind: how a change queued without `meta` is recognised. */
  paths: RegExp
  /** The list that shows records of this kind (read again when a change of it lands). */
  list: ResourceStore<unknown>
  /** A conflict in staff's words; null (or no function) shows every field by its name. */
  conflictRows?(entry: OutboxEntry, mine: Record<string, string>, current: Record<string, unknown>): ConflictRow[] | null
  /** Its edits' fields: a conflict over one is merged field by field (none: settled as a whole). */
  edits?: EditFields
}

/** A staff store emptied on sign-out. */
export interface ResettableStore {
  getState(): { reset(): void }
}

const kinds = new Map<string, RecordKind>()
const otherStores = new Set<ResettableStore>()

/** Adds the kinds of record staff change, by the `meta.kind` their queued changes carry. */
export function registerRecordKinds(named: Record<string, RecordKind>): void {
  for (const [name, kind] of Object.entries(named)) kinds.set(name, kind)
}

/** Adds a staff store that is no record kind's list (accounts, sessions, the activity trail): emptied on sign-out too. */
export function registerStaffStore(store: ResettableStore): void {
  otherStores.add(store)
}

/** The kind of record a queued change alters: by its meta, else (queued without one) by its path. */
export function kindOf(entry: Pick<OutboxEntry, 'path' | 'meta'>): RecordKind | undefined {
  const named = (entry.meta as { kind?: unknown } | undefined)?.kind
  if (typeof named === 'string' && kinds.has(named)) return kinds.get(named)
  return [...kinds.values()].find((kind) => kind.paths.test(entry.path))
}

/** Every registered staff store: the record kinds' lists first, then the others. */
export function staffStores(): ResettableStore[] {
  return [...[...kinds.values()].map((kind) => kind.list), ...otherStores]
}
