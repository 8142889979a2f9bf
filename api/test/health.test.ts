/**
 * GET /api/health: anyone learns only whether the server is healthy; staff with a valid token also
 * see each check and the version; the disk is written to at most every few seconds however often
 * a monitor asks.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { DEMO_ADMIN } from '../src/app'
import { DISK_CHECK_INTERVAL_MS } from '../src/http/health'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let clock = new Date('2026-05-02T10:00:00Z').getTime()
beforeAll(async () => {
  t = await makeTestApp({ now: () => new Date(clock) })
})
afterAll(() => t.close())

test('the public reply is just the status; staff get the checks and the version', async () => {
  const open = await t.call('GET', '/api/health')
  expect(open.status).toBe(200)
  expect(await jsonOf(open)).toEqual({ status: 'ok' })
  const staff = await t.call('GET', '/api/health', { token: await t.token() })
  expect(await jsonOf(staff)).toEqual({ status: 'ok', database: 'ok', disk: 'ok', version: t.ctx.config.version })
})

test('an invalid, forged or revoked token gets the public reply, not an error', async () => {
  const revoked = (await jsonOf(await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN }))).token
  expect((await t.call('POST', '/api/admin/logout', { token: revoked })).status).toBe(200)
  for (const authorization of [`Bearer ${revoked}`, 'Bearer a.b.c', 'Basic x', `Bearer ${revoked.slice(0, -3)}abc`]) {
    const res = await t.call('GET', '/api/health', { headers: { authorization } })
    expect(res.status).toBe(200)
    expect(await jsonOf(res)).toEqual({ status: 'ok' })
  }
})

test('the disk is written to at most once every few seconds, and a broken disk is 503 without paths in public', async () => {
  // Writing and removing the probe file changes the folder's modification time: that is what is watched.
  const folderChanged = () => statSync(t.ctx.files.dir).mtimeMs
  clock += DISK_CHECK_INTERVAL_MS
  let before = folderChanged()
  await Bun.sleep(5)
  expect((await t.call('GET', '/api/health')).status).toBe(200)
  expect(folderChanged()).not.toBe(before)
  before = folderChanged()
  for (let i = 0; i < 20; i++) {
    clock += Math.floor(DISK_CHECK_INTERVAL_MS / 40)
    expect((await t.call('GET', '/api/health')).status).toBe(200)
  }
  expect(folderChanged()).toBe(before)
  clock += DISK_CHECK_INTERVAL_MS
  await t.call('GET', '/api/health')
  expect(folderChanged()).not.toBe(before)
  expect(readdirSync(t.ctx.files.dir).filter((name) => name.startsWith('.health-'))).toEqual([])

  rmSync(t.ctx.files.dir, { recursive: true })
  writeFileSync(t.ctx.files.dir, 'not a directory')
  try {
    // Within the interval the last answer stands; after it, the broken disk shows.
    clock += DISK_CHECK_INTERVAL_MS
    const broken = await t.call('GET', '/api/health')
    expect(broken.status).toBe(503)
    const text = await broken.text()
    expect(JSON.parse(text)).toEqual({ status: 'degraded' })
    expect(text).not.toContain(t.dataDir)
    // A fresh login: the test above logged the account out, which revoked every earlier token.
    const fresh = (await jsonOf(await t.call('POST', '/api/admin/login', { json: DEMO_ADMIN }))).token
    const staff = await jsonOf(await t.call('GET', '/api/health', { token: fresh }))
    expect(staff.disk).not.toBe('ok')
    expect(staff.disk).not.toContain(t.dataDir)
  } finally {
    rmSync(t.ctx.files.dir)
  }
})
