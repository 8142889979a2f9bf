import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, createContext } from '../api/src/app'
import { loadConfig } from '../api/src/config'
const dir = mkdtempSync(join(tmpdir(), 'venue-'))
const ctx = await createContext(loadConfig({ DATA_DIR: dir }))
const app = createApp(ctx)
const r = async (m: string, p: string, body?: unknown, h: Record<string,string> = {}) => {
  const res = await app.handle(new Request('http://localhost' + p, { method: m, headers: { 'content-type': 'application/json', ...h }, body: body === undefined ? undefined : JSON.stringify(body) }))
  console.log(m, p, res.status, (await res.text()).slice(0, 300))
}
await r('GET', '/api/opening-times')
await r('GET', '/api/nope')
await r('POST', '/api/admin/login', { username: 'admin' })
await r('POST', '/api/admin/login', { username: 'admin', password: 'x' })
const login = await app.handle(new Request('http://localhost/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'change-me-please' }) }))
const { token } = await login.json() as any
await r('GET', '/api/admin/dashboard', undefined, { authorization: 'Bearer ' + token })
await r('GET', '/api/admin/dashboard', undefined, { authorization: 'Bearer abc' })
await r('PUT', '/api/update-times', { name: 'the stables BAR', day: 'tuesday', open_time: '10:00', close_time: '23:30', type: 'opening' }, { authorization: 'Bearer ' + token, 'idempotency-key': 'abcdefgh1' })
await r('PUT', '/api/update-times', { name: 'the stables BAR', day: 'tuesday', open_time: '10:00', close_time: '23:30', type: 'opening' }, { authorization: 'Bearer ' + token, 'idempotency-key': 'abcdefgh1' })
await r('PUT', '/api/update-times', { name: 'the stables BAR', day: 'tuesday', open_time: '11:00', close_time: '23:30', type: 'opening' }, { authorization: 'Bearer ' + token, 'idempotency-key': 'abcdefgh1' })
await r('PUT', '/api/update-times', { name: 'x', day: 'tuesday', open_time: '1000', type: 'opening' }, { authorization: 'Bearer ' + token })
await r('PUT', '/api/update-times', '{bad', { authorization: 'Bearer ' + token })
await r('PUT', '/api/update-times', { name: 'x', day: 'tuesday', open_time: '10:00', close_time: '11:00', type: 'opening' })
await r('GET', '/about')
