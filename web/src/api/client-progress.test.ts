import { afterEach, describe, expect, test } from 'bun:test'
import { restoreXhr, scriptedXhr } from '../../test/scripted-xhr'
import { api, ApiError, onServerReached, TIMED_OUT } from './client'

/**
 * The client's upload-progress option goes through XMLHttpRequest (the only API that reports upload
 * progress); these tests put a scripted one in its place (../../test/scripted-xhr.ts).
 */
afterEach(restoreXhr)

const upload = () => {
  const form = new FormData()
  form.append('type', 'cafe')
  form.append('images', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }))
  return form
}

describe('api client: the upload-progress option', () => {
  test('reports the fraction sent, then 1, and returns the reply; headers and body as fetch would send them', async () => {
    const sent = scriptedXhr({
      progress: [
        [25, 100],
        [100, 100],
      ],
      status: 201,
      body: { message: 'Uploaded.' },
    })
    const seen: number[] = []
    const form = upload()
    const reply = await api.post('/api/upload-gallery', form, {
      token: 't-1',
      idempotencyKey: 'k-1',
      headers: { 'if-match': '"v1"' },
      onUploadProgress: (f) => seen.push(f),
    })
    expect(reply).toEqual({ message: 'Uploaded.' })
    expect(seen).toEqual([0.25, 1, 1])
    expect(sent).toHaveLength(1)
    expect(sent[0]!.method).toBe('POST')
    expect(sent[0]!.url).toBe('/api/upload-gallery')
    expect(sent[0]!.payload).toBe(form)
    expect(sent[0]!.headers).toEqual({ accept: 'application/json', authorization: 'Bearer t-1', 'idempotency-key': 'k-1', 'if-match': '"v1"' })
  })

  test('a JSON body is sent as JSON text with its content type', async () => {
    const sent = scriptedXhr({ status: 200, body: { ok: true } })
    await api.put('/api/update-times', { day: 'Sat' }, { onUploadProgress: () => {} })
    expect(sent[0]!.payload).toBe('{"day":"Sat"}')
    expect(sent[0]!.headers['content-type']).toBe('application/json')
  })

  test('an HTTP error reply is an ApiError with the server’s text and body, like fetch; no final progress', async () => {
    scriptedXhr({ status: 409, body: { error: 'Changed elsewhere.', current: { id: 3 } } })
    const seen: number[] = []
    const error = await api.post('/api/update-event', upload(), { onUploadProgress: (f) => seen.push(f) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(409)
    expect((error as ApiError).message).toBe('Changed elsewhere.')
    expect((error as ApiError).data).toEqual({ error: 'Changed elsewhere.', current: { id: 3 } })
    expect(seen).toEqual([])
  })

  test('an error reply without { error } gets the standard text', async () => {
    scriptedXhr({ status: 502 })
    const error = (await api.post('/api/upload-gallery', upload(), { onUploadProgress: () => {} }).catch((e: unknown) => e)) as ApiError
    expect(error.status).toBe(502)
    expect(error.message).toBe('Request failed (502).')
  })

  test('no answer at all is a network failure (status 0), worded as fetch’s', async () => {
    scriptedXhr('network')
    const error = (await api.post('/api/upload-gallery', upload(), { onUploadProgress: () => {} }).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.isNetwork).toBe(true)
    expect(error.message).toBe('The server could not be reached.')
  })

  test('a server that never answers fails as a network failure once timeoutMs passes', async () => {
    scriptedXhr('hang')
    const started = Date.now()
    const error = (await api.post('/api/upload-gallery', upload(), { timeoutMs: 100, onUploadProgress: () => {} }).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.isNetwork).toBe(true)
    expect(error.message).toBe(TIMED_OUT)
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
  })

  test('the caller’s own abort is an AbortError, not a network failure', async () => {
    scriptedXhr('hang')
    const controller = new AbortController()
    const pending = api.post('/api/upload-gallery', upload(), { signal: controller.signal, onUploadProgress: () => {} }).catch((e: unknown) => e)
    controller.abort()
    expect(((await pending) as Error).name).toBe('AbortError')
  })

  test('a successful answer tells onServerReached listeners, as with fetch', async () => {
    scriptedXhr({ status: 200, body: {} })
    let reached = 0
    const stop = onServerReached(() => reached++)
    await api.post('/api/upload-gallery', upload(), { onUploadProgress: () => {} })
    stop()
    expect(reached).toBe(1)
  })
})
