import type { NewBody, OutboxBody, OutboxField } from './types'

/** A screen's body as the outbox stores it: files as their bytes. */
export async function storable(body: NewBody): Promise<OutboxBody> {
  if (body.kind !== 'form') return body
  const fields = await Promise.all(
    body.fields.map(
      async (f): Promise<OutboxField> => ('file' in f ? { name: f.name, bytes: await f.file.arrayBuffer(), type: f.file.type, filename: f.filename } : f),
    ),
  )
  return { kind: 'form', fields }
}

/** A stored body as the API client sends it: JSON value, FormData or undefined. */
export function toRequestBody(body: OutboxBody): unknown {
  if (body.kind === 'none') return undefined
  if (body.kind === 'json') return body.value
  const form = new FormData()
  for (const field of body.fields) {
    if ('bytes' in field) form.append(field.name, new File([field.bytes], field.filename, { type: field.type }))
    else form.append(field.name, field.value)
  }
  return form
}

/** The value at a dotted path in a reply ('event.id'). */
export function pick(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value)
}
