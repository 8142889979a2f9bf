import { pick } from './body'
import { save, useOutbox } from './state'
import type { OutboxBody, OutboxEntry } from './types'

/**
 * A record created on this device has no server id until its create lands: later entries name it by
 * the create's placeholder (e.g. 'tmp-…'), swapped for the real id as soon as the reply gives it.
 */

/** Swaps a placeholder id for the real one everywhere in a later entry (path, JSON values, form fields). */
export function substitute(entry: OutboxEntry, placeholder: string, real: string | number): OutboxEntry {
  const swap = (value: unknown): unknown => {
    if (value === placeholder) return real
    if (typeof value === 'string' && value.includes(placeholder)) return value.split(placeholder).join(String(real))
    if (Array.isArray(value)) return value.map(swap)
    if (value && typeof value === 'object' && !(value instanceof ArrayBuffer)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]))
    }
    return value
  }
  const body: OutboxBody =
    entry.body.kind === 'json'
      ? { kind: 'json', value: swap(entry.body.value) }
      : entry.body.kind === 'form'
        ? { kind: 'form', fields: entry.body.fields.map((f) => ('bytes' in f ? f : { name: f.name, value: String(swap(f.value)) })) }
        : entry.body
  const record = entry.record?.split(placeholder).join(String(real))
  const meta = entry.meta === undefined ? {} : { meta: swap(entry.meta) as Record<string, unknown> }
  return { ...entry, path: entry.path.split(placeholder).join(String(real)), body, ...(record === undefined ? {} : { record }), ...meta }
}

export const mentions = (entry: OutboxEntry, placeholder: string) =>
  JSON.stringify({ p: entry.path, b: entry.body, r: entry.record ?? null }).includes(placeholder)

/** The entries that refer to a record created by `entry` (not yet on the server). */
export function dependentsOf(entry: OutboxEntry, list: OutboxEntry[] = useOutbox.getState().entries): OutboxEntry[] {
  const placeholder = entry.creates?.placeholder
  return placeholder ? list.filter((e) => e.id !== entry.id && mentions(e, placeholder)) : []
}

/** After a create lands: the entries queued after it name the new record by its real id. */
export async function fillInRealId(created: OutboxEntry, reply: unknown): Promise<void> {
  if (!created.creates) return
  const realId = pick(reply, created.creates.idField)
  if (typeof realId !== 'string' && typeof realId !== 'number') return
  for (const later of useOutbox.getState().entries) {
    if (mentions(later, created.creates.placeholder)) await save(substitute(later, created.creates.placeholder, realId))
  }
}
