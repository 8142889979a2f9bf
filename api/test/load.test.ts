/**
 * A bounded load run against the real server on loopback: 100 concurrent clients for 30 s
 * (LOAD_SECONDS, LOAD_CLIENTS), mostly public reads, plus staff writes (events with images, bank
 * holidays added and removed, opening times) and visitors' contact messages, every write with its own
 * Idempotency-Key. Afterwards: not one 5xx or refused write, every acknowledged write is readable,
 * the database holds exactly the acknowledged writes, and `PRAGMA integrity_check` is ok. Prints
 * throughput and latency. Timings are reported, never asserted: they depend on the machine.
 */
import { afterAll, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/config'
import { makeImage } from './helpers'
import { loginToServer, startServer, waitUntilReady } from './server-process'

// Bounded so the suite stays quick; the figures it prints say how much it did. LOAD_SECONDS=60 for a longer soak.
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10)
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100)
const WRITE_SHARE = 0.15
const dataDir = mkdtempSync(join(tmpdir(), 'venue-load-'))
const config = loadConfig({ DATA_DIR: dataDir })
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** The opening-times groups; client i alone changes group i, so its last acknowledged value must be the one kept. */
const TIME_GROUPS = [
  ['Larkdale Hotel', 'monday_to_friday', 'monsal'],
  ['Larkdale Hotel', 'saturday', 'monsal'],
  ['Larkdale Hotel', 'sunday', 'monsal'],
  ['The Stables bar', 'monday_to_tuesday', 'stables'],
  ['The Stables bar', 'wednesday_to_friday', 'stables'],
  ['The Stables bar', 'saturday', 'stables'],
  ['The Stables bar', 'sunday', 'stables'],
] as const

const PUBLIC_READS = [
  '/api/opening-times',
  '/api/events',
  '/api/galleryGrouped',
  '/api/gallery/cafe',
  '/api/around',
  '/api/bank-holiday-exceptions',
  '/api/venue',
  '/api/get-menu/1',
  '/api/health',
]

interface Timings {
  reads: number[]
  writes: number[]
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const describeLatency = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const ms = (n: number) => `${n.toFixed(1)}`
  return `p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms, p99 ${ms(percentile(sorted, 99))} ms, max ${ms(sorted.at(-1) ?? 0)} ms`
}

test(`${CLIENTS} clients for ${SECONDS} s of mixed reads and writes: no errors, no lost writes`, async () => {
  // Demo content gives the reads real galleries, events and menus to return.
  // A hundred clients, all on loopback: one address here stands for a hundred people, so neither the
  // per-address message limit nor the cap on open bodies per address applies as it would to one.
  const server = startServer(dataDir, { SEED_DEMO: 'true', CONTACT_RATE_LIMIT: '1000000', OPEN_BODIES_PER_ADDRESS: '1000' })
  await waitUntilReady(server)
  const token = await loginToServer(server)
  const images = await Promise.all(['#a33', '#3a3', '#33a', '#aa3', '#3aa'].map((colour) => makeImage('jpeg', 120, 80, colour)))
  const imagesBase64 = images.map((bytes) => Buffer.from(bytes).toString('base64'))
  const fileUrls = ((await (await fetch(`${server.base}/api/gallery/generic`)).json()) as { image_url: string }[]).map((i) => i.image_url)
  expect(fileUrls.length).toBeGreaterThan(0)

  const db = new Database(config.databaseFile, { readonly: true })
  const countOf = (table: string) => (db.query(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
  const before = { events: countOf('events'), holidays: countOf('holidays'), messages: countOf('contact_messages'), keys: countOf('idempotency_keys') }
  db.close()

  const timings: Timings = { reads: [], writes: [] }
  const errors: string[] = []
  const acknowledged = {
    events: new Set<number>(),
    holidaysAdded: new Map<string, number>(),
    holidaysRemoved: new Set<string>(),
    times: new Map<number, string>(),
    messages: 0,
    writes: 0,
  }
  let holidayDay = 0
  let requests = 0

  const call = async (kind: keyof Timings, method: string, path: string, body?: unknown, authorised = false): Promise<any> => {
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (authorised) headers.authorization = `Bearer ${token}`
    if (kind === 'writes') headers['idempotency-key'] = randomUUID()
    const started = performance.now()
    let res: Response
    try {
      res = await fetch(`${server.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      })
    } catch (error) {
      errors.push(`${method} ${path}: no reply (${String(error)})`)
      return null
    }
    const reply = await res.arrayBuffer()
    timings[kind].push(performance.now() - started)
    requests++
    if (!res.ok) {
      errors.push(`${method} ${path}: ${res.status} ${new TextDecoder().decode(reply).slice(0, 200)}`)
      return null
    }
    if (kind === 'writes') acknowledged.writes++
    return res.headers.get('content-type')?.includes('json') ? JSON.parse(new TextDecoder().decode(reply)) : null
  }

  const write = async (client: number) => {
    const roll = Math.random()
    if (client < TIME_GROUPS.length && roll < 0.25) {
      const [name, day] = TIME_GROUPS[client]!
      const opens = `${String(6 + Math.floor(Math.random() * 4)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`
      if (await call('writes', 'PUT', '/api/update-times', { name, day, open_time: opens, close_time: '23:00', type: 'opening' }, true))
        acknowledged.times.set(client, opens)
    } else if (roll < 0.45) {
      const reply = await call(
        'writes',
        'POST',
        '/api/upload-event',
        {
          title: `Load test ${randomUUID()}`,
          description: 'Made by the load test.',
          startDatetime: '2031-07-01T19:30',
          image_base64: imagesBase64[Math.floor(Math.random() * imagesBase64.length)],
        },
        true,
      )
      if (reply) acknowledged.events.add(reply.event.id)
    } else if (roll < 0.75) {
      const date = new Date(Date.UTC(2032, 0, 1) + holidayDay++ * 86_400_000).toISOString().slice(0, 10)
      const location = Math.random() < 0.5 ? 'Larkdale Hotel' : 'The Stables bar'
      const reply = await call('writes', 'POST', '/api/add-bank-holiday-times', { location, holiday_date: date, open_time: '10:00', close_time: '15:00' }, true)
      if (reply) acknowledged.holidaysAdded.set(`${location}|${date}`, reply.holiday.id)
      // Half are taken away again by the same client, after a pause of its own.
      if (reply && Math.random() < 0.5) {
        await Bun.sleep(Math.random() * 200)
        if (await call('writes', 'DELETE', '/api/remove-bank-holiday-times', { location, holiday_date: date }, true))
          acknowledged.holidaysRemoved.add(`${location}|${date}`)
      }
    } else {
      const reply = await call('writes', 'POST', '/api/email/send-email', {
        name: 'Load Tester',
        phone: '07700 900123',
        email: 'load@example.org',
        message: `Hello ${randomUUID()}`,
      })
      if (reply) acknowledged.messages++
    }
  }

  const read = async () => {
    const path = Math.random() < 0.15 ? fileUrls[Math.floor(Math.random() * fileUrls.length)]! : PUBLIC_READS[Math.floor(Math.random() * PUBLIC_READS.length)]!
    await call('reads', 'GET', path)
  }

  const started = performance.now()
  const endAt = started + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < endAt) {
        if (Math.random() < WRITE_SHARE) await write(client)
        else await read()
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000

  expect(errors.slice(0, 20)).toEqual([])
  expect(server.output()).not.toContain('"unhandled"')

  // Everything acknowledged is readable through the API.
  const get = async (path: string) => (await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<any>
  const eventIds = new Set((await get('/api/admin/events')).map((e: { id: number }) => e.id))
  expect([...acknowledged.events].filter((id) => !eventIds.has(id))).toEqual([])
  const holidays = new Set(
    (await get('/api/bank-admin-holiday-exceptions')).map(
      (h: { location: string; original_holiday_date: string }) => `${h.location}|${h.original_holiday_date}`,
    ),
  )
  const keptHolidays = [...acknowledged.holidaysAdded.keys()].filter((key) => !acknowledged.holidaysRemoved.has(key))
  expect(keptHolidays.filter((key) => !holidays.has(key))).toEqual([])
  expect([...acknowledged.holidaysRemoved].filter((key) => holidays.has(key))).toEqual([])
  const times = await get('/api/opening-times')
  const timesKept = [...acknowledged.times].map(([client, opens]) => {
    const [, group, venue] = TIME_GROUPS[client]!
    return { group: `${venue}.${group}`, acknowledged: opens, kept: times[venue][group].hours?.open_time }
  })
  expect(timesKept.filter((t) => t.kept !== t.acknowledged)).toEqual([])
  expect((await get('/api/admin/messages')).length).toBe(before.messages + acknowledged.messages)

  server.proc.kill('SIGTERM')
  expect(await server.proc.exited).toBe(0)

  // Counted in the database: exactly what was acknowledged, one idempotency record per write, nothing more.
  const after = new Database(config.databaseFile, { readonly: true })
  expect(after.query('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }])
  const counted = (table: string) => (after.query(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
  const writes = {
    events: counted('events') - before.events,
    holidays: counted('holidays') - before.holidays,
    messages: counted('contact_messages') - before.messages,
    keys: counted('idempotency_keys') - before.keys,
  }
  after.close()
  const acknowledgedWrites = acknowledged.writes
  expect(writes).toEqual({
    events: acknowledged.events.size,
    holidays: keptHolidays.length,
    messages: acknowledged.messages,
    keys: acknowledgedWrites,
  })

  console.log(
    `load: ${CLIENTS} clients, ${elapsed.toFixed(1)} s, ${requests} requests (${(requests / elapsed).toFixed(0)}/s), 0 errors; ` +
      `reads ${timings.reads.length} (${describeLatency(timings.reads)}); ` +
      `writes ${acknowledgedWrites} acknowledged and counted in the database (${describeLatency(timings.writes)}): ` +
      `${writes.events} events, ${acknowledged.holidaysAdded.size} holidays added and ${acknowledged.holidaysRemoved.size} removed, ` +
      `${acknowledged.times.size} opening-time groups, ${writes.messages} contact messages`,
  )
}, 240_000)
