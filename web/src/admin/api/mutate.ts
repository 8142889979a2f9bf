import { ApiError } from '../../api/client'
import { discard, staffToken, submit, useOutbox, type NewBody, type NewField } from '../../offline/outbox'
import { requestBackgroundSync } from '../../offline/sync'
import { connectOutbox } from './connect'
import { newIdempotencyKey, requestFingerprint, type MutationBody } from './keys'
import { ConflictError, QueuedError } from './messages'
import { handleError } from './reads'
import { signOutExpired } from './signOut'

export type { MutationBody }

export interface Mutation {
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: MutationBody
  /** What the change does, in words staff understand ("Upload 3 gallery images"). */
  label: string
  /** Set by mutate() when absent; the outbox entry's id. */
  idempotencyKey?: string
  /** For a create: later changes may name the new record by `placeholder` until it lands. */
  creates?: { placeholder: string; idField: string }
  /** For an edit: the version (updated_at) it is based on, sent as If-Match. */
  baseVersion?: string
  /** For an edit: the record's fields as it started from them, spelt as the body spells them (a conflict then merges field by field). */
  base?: Record<string, unknown>
  /** The record changed ('event:12') and where the reply carries its new version. */
  record?: string
  versionField?: string
  /** What lists need to show the change before it lands (see ../pending.tsx). */
  meta?: Record<string, unknown>
  /** False: while it waits, kept in memory only, never written to the device (personal data: contact messages). */
  keep?: false
}

export interface MutateOptions {
  /** Called with 0..1 while the body is sent (the API client's upload-progress option). */
  onProgress?: (fraction: number) => void
}

/** Changes on their way, by request fingerprint (a double click gives one change). */
const inFlight = new Map<string, Promise<unknown>>()

function toNewBody(body: MutationBody | undefined): NewBody {
  if (body === undefined) return { kind: 'none' }
  if (!(body instanceof FormData)) return { kind: 'json', value: body }
  const fields: NewField[] = []
  body.forEach((value, name) => {
    if (typeof value === 'string') fields.push({ name, value })
    else fields.push({ name, file: value, filename: (value as File).name || 'file' })
  })
  return { kind: 'form', fields }
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false

async function run<T>(mutation: Mutation, options: MutateOptions): Promise<T> {
  await connectOutbox()
  const { method, path, label, creates, baseVersion, base, record, versionField, meta, keep } = mutation
  const outcome = await submit(
    {
      id: mutation.idempotencyKey ?? newIdempotencyKey(),
      channel: 'admin',
      method,
      path,
      body: toNewBody(mutation.body),
      label,
      creates,
      baseVersion,
      base,
      record,
      versionField,
      meta,
      keep,
    },
    { online: online(), onProgress: options.onProgress },
  )
  switch (outcome.kind) {
    case 'sent':
      return outcome.reply as T
    case 'failed':
      // The screen shows the server's reason next to the form; staff correct it and send again.
      await discard(outcome.entry.id)
      return handleError(new ApiError(outcome.status, outcome.message))
    case 'conflict':
      throw new ConflictError(outcome.entry)
    case 'queued':
      // The queue waits for a login (a 401 now or earlier): sign out here too, unless that already happened.
      if (useOutbox.getState().pausedForAuth && staffToken()) signOutExpired()
      // Where the browser can (Chromium), the service worker wakes the app when the connection returns.
      void requestBackgroundSync()
      throw new QueuedError(outcome.entry)
  }
}

/**
 * Makes one change through the outbox. Resolves with the server's reply; rejects with ApiError
 * (refused), QueuedError (kept on the device, sent later) or ConflictError (changed elsewhere). The
 * same change while the first is on its way is not made twice.
 */
export function mutate<T>(mutation: Mutation, options: MutateOptions = {}): Promise<T> {
  const fingerprint = requestFingerprint(mutation)
  const running = inFlight.get(fingerprint)
  if (running) return running as Promise<T>
  const promise = run<T>(mutation, options).finally(() => inFlight.delete(fingerprint))
  inFlight.set(fingerprint, promise)
  return promise
}

/** For tests: forget running requests. */
export function resetAdminApi(): void {
  inFlight.clear()
}
