/** What a staff change sends: JSON fields, or a form with files. */
export type MutationBody = Record<string, unknown> | FormData

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

/** A new Idempotency-Key (and outbox entry id). */
export const newIdempotencyKey = newKey

/** A new placeholder id for a record created on this device. */
export const newPlaceholder = () => `tmp-${newKey()}`
export const isPlaceholder = (id: unknown): id is string => typeof id === 'string' && id.startsWith('tmp-')

/** A stable text for "the same request": method, path and body (files by name, size, type and date). */
export function requestFingerprint(mutation: { method: string; path: string; body?: MutationBody }): string {
  const { body } = mutation
  let text: string
  if (body instanceof FormData) {
    const parts: string[] = []
    body.forEach((value, name) => {
      if (typeof value === 'string') parts.push(`${name}=${JSON.stringify(value)}`)
      else parts.push(`${name}=file:${value.name}:${value.size}:${value.type}:${(value as File).lastModified ?? ''}`)
    })
    text = `form:${parts.join('&')}`
  } else {
    text = `json:${stableJson(body ?? null)}`
  }
  return `${mutation.method} ${mutation.path}\n${text}`
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
