// Pure rule for edits that meet a newer record, imported by the web app's outbox handling (no server imports).

/** A record as flat fields: field name → value. */
export type Fields = Record<string, unknown>

/** Whether two values of `field` are the same value, however each is spelt. */
export type SameValue = (field: string, a: unknown, b: unknown) => boolean

/** What merging base, mine and theirs gives. */
export interface MergeResult {
  /**
   * The record both sides' changes make together (for the fields in conflict: theirs, so nothing of
   * theirs is lost until staff choose); null when the record ends up deleted.
   */
  merged: Fields | null
  /** Fields changed on both sides to different values: only these need a person to choose. */
  conflicts: string[]
  /**
   * Which side deleted the record while the other changed it ('mine': my deletion meets their edit;
   * 'theirs': my edit meets their deletion). Absent when no such clash (a deletion of a record the
   * other side left alone simply wins).
   */
  deletedBy?: 'mine' | 'theirs'
}

/** Empty, missing and null are one "no value"; otherwise the text of the value, trimmed (a form sends 3 as "3"). */
function plain(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = (typeof value === 'object' ? JSON.stringify(value) : String(value)).trim()
  return text === '' ? null : text
}

/** The default equality: values, not spellings (null, undefined and '' alike; 3 and "3" alike; surrounding spaces ignored). */
export const sameValue: SameValue = (_field, a, b) => plain(a) === plain(b)

/** The fields `side` changed from `base` (a field `side` does not name is left as it was). */
function changedFields(base: Fields, side: Fields, same: SameValue): string[] {
  return Object.keys(side).filter((field) => !same(field, base[field], side[field]))
}

/**
 * Three-way merge of one record, field by field. `base` is the record as the edit started from it;
 * `mine` the fields my edit sends (a field it leaves out is untouched); `theirs` the record as it is
 * now; null for mine or theirs: that side deleted it. A field changed on one side only takes that
 * side's value; one changed on both sides to the same value is no conflict; one changed on both
 * sides to different values is a conflict (merged keeps theirs until someone chooses).
 */
export function threeWayMerge(base: Fields, mine: Fields | null, theirs: Fields | null, same: SameValue = sameValue): MergeResult {
  if (mine === null && theirs === null) return { merged: null, conflicts: [] }
  if (mine === null || theirs === null) {
    const kept = (mine ?? theirs)!
    const edited = changedFields(base, kept, same)
    if (edited.length === 0) return { merged: null, conflicts: [] }
    return { merged: { ...kept }, conflicts: edited, deletedBy: mine === null ? 'mine' : 'theirs' }
  }
  const merged: Fields = { ...theirs }
  const conflicts: string[] = []
  const theirsChanged = new Set(changedFields(base, theirs, same))
  for (const field of changedFields(base, mine, same)) {
    if (!theirsChanged.has(field) || same(field, mine[field], theirs[field])) merged[field] = mine[field]
    else {
      const group = mergedGroup(field, base[field], mine[field], theirs[field], same)
      if (group) merged[field] = group
      else conflicts.push(field)
    }
  }
  return { merged, conflicts }
}

const isGroup = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A field that is a group of named values (a page's words, the venue's address) changed on both sides:
 * merged name by name, as the record's own fields are (`words.galleryHeading` changed here and
 * `words.eyebrow` there is no conflict); null when one name was changed on both sides to different values.
 * Lists are not groups: an item's place is part of its value.
 */
function mergedGroup(field: string, base: unknown, mine: unknown, theirs: unknown, same: SameValue): Fields | null {
  if (!isGroup(mine) || !isGroup(theirs) || (base !== undefined && base !== null && !isGroup(base))) return null
  const before: Fields = isGroup(base) ? base : {}
  const merged: Fields = {}
  for (const name of new Set([...Object.keys(before), ...Object.keys(mine), ...Object.keys(theirs)])) {
    const key = `${field}.${name}`
    const mineChanged = !same(key, before[name], mine[name])
    const theirsChanged = !same(key, before[name], theirs[name])
    if (mineChanged && theirsChanged && !same(key, mine[name], theirs[name])) return null
    merged[name] = mineChanged ? mine[name] : theirs[name]
  }
  return merged
}
