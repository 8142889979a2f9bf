/**
 * Crash consistency: the real server (`bun api/src/server.ts`) is killed with SIGKILL at random
 * moments — mostly in the middle of a stream of uploads, edits and deletes, sometimes while it is
 * still starting — and restarted, many times over. After each kill, with the server down:
 * `PRAGMA integrity_check` is ok, every write that was answered 2xx is there, and no record points
 * to a missing file. After each restart (which runs the start-up sweep): no stray file is left in
 * the uploads or variants folders. Then every write left unanswered by the kill is sent again with
 * its Idempotency-Key, as the staff outbox does, and must take effect exactly once.
 * CRASH_KILLS sets the number of kills (12).
 */
import { afterAll, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/config'
import { fileOf, makeImage, makePdf } from './helpers'
import { loginToServer, startServer, waitUntilReady, type ServerProcess } from './server-process'

// Twelve kills at random moments of three writers' work, two of them while the server starts; CRASH_KILLS=100 for a longer soak.
const KILLS = Number(process.env.CRASH_KILLS ?? 12)
const WRITERS = 3
const REQUEST_TIMEOUT_MS = 30_000
const dataDir = mkdtempSync(join(tmpdir(), 'venue-crash-'))
const config = loadConfig({ DATA_DIR: dataDir })
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function kill(server: ServerProcess): Promise<void> {
  server.proc.kill('SIGKILL')
  await server.proc.exited
}

// ---------------------------------------------------------------------------------------------
// Writes, and what their replies promise
// ---------------------------------------------------------------------------------------------
type Presence = 'present' | 'deleting' | 'deleted'

/** What acknowledged replies promise is in the database. Ambiguity only while a request is unanswered. */
const model = {
  gallery: new Map<number, Presence>(),
  events: new Map<number, Presence>(),
  attractions: new Map<number, { presence: Presence; name: string; pendingName: string | null }>(),
  holidays: new Map<string, Presence>(),
  /** Writer 0 alone changes the hotel's Sunday hours and the menus, so "the last acknowledged" is well defined. */
  sundayOpens: { acknowledged: null as string | null, pending: null as string | null },
  menus: new Map<1 | 2, { acknowledged: string | null; pending: boolean; superseded: Set<string> }>([
    [1, { acknowledged: null, pending: false, superseded: new Set() }],
    [2, { acknowledged: null, pending: false, superseded: new Set() }],
  ]),
}

interface Write {
  method: string
  path: string
  key: string
  body: () => Promise<{ json?: unknown; form?: FormData }>
  /** Called when the request is sent: what may or may not have happened until a reply comes. */
  sent?: () => void
  /** Called with the 2xx reply: what is now promised. */
  acknowledged: (reply: any) => void
  /** After a resend, checks the write took effect exactly once. */
  once?: (db: Database) => string | null
}

const figures = { kills: 0, startupKills: 0, acknowledged: 0, resent: 0, requests: 0 }
const failures: string[] = []
let token = ''
let serial = 0

async function send(server: ServerProcess, write: Write): Promise<{ status: number; body: any } | null> {
  const { json, form } = await write.body()
  figures.requests++
  try {
    const res = await fetch(`${server.base}${write.path}`, {
      method: write.method,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': write.key, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: json !== undefined ? JSON.stringify(json) : form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON: kept as text for the failure message.
    }
    return { status: res.status, body }
  } catch {
    return null // the server died before answering
  }
}

const unique = () => `${Date.now().toString(36)}-${(++serial).toString(36)}`
const randomColour = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`
/** Every image differs, so a record is found by its own file and a duplicate would show. */
const uniqueImage = () =>
  makeImage(Math.random() < 0.5 ? 'png' : 'jpeg', 16 + Math.floor(Math.random() * 48), 16 + Math.floor(Math.random() * 48), randomColour())
const fileName = (url: string) => url.split('/').pop()!
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)]
const owned = new Map<number, { gallery: number[]; events: number[]; attractions: number[]; holidays: string[] }>()

function galleryUpload(): Write {
  const type = pick(['generic', 'cafe', 'rooms', 'stables', 'events'])!
  const count = 1 + Math.floor(Math.random() * 2)
  const images = Promise.all(Array.from({ length: count }, uniqueImage))
  return {
    method: 'POST',
    path: '/api/upload-gallery',
    key: randomUUID(),
    body: async () => {
      const form = new FormData()
      form.append('type', type)
      for (const image of await images) form.append('images', fileOf(image, 'photo', 'image/png'))
      return { form }
    },
    acknowledged: (reply) => {
      for (const image of reply.images) model.gallery.set(image.id, 'present')
    },
  }
}

function eventCreate(): Write {
  const title = `Event ${unique()}`
  const image = uniqueImage()
  return {
    method: 'POST',
    path: '/api/upload-event',
    key: randomUUID(),
    body: async () => ({
      json: { title, description: 'Crash test', startDatetime: '2031-06-01T19:30', image_base64: Buffer.from(await image).toString('base64') },
    }),
    acknowledged: (reply) => model.events.set(reply.event.id, 'present'),
    once: (db) => count(db, 'SELECT COUNT(*) AS n FROM events WHERE title = ?', title, `event '${title}'`),
  }
}

function attractionCreate(): Write {
  const name = `Walk ${unique()}`
  const image = uniqueImage()
  return {
    method: 'POST',
    path: '/api/upload-around',
    key: randomUUID(),
    body: async () => {
      const form = new FormData()
      form.append('name', name)
      form.append('url', 'https://example.org/walk')
      form.append('description', 'Crash test')
      form.append('image', fileOf(await image, 'walk.jpg', 'image/jpeg'))
      return { form }
    },
    acknowledged: (reply) => model.attractions.set(reply.attraction.id, { presence: 'present', name, pendingName: null }),
    once: (db) => count(db, 'SELECT COUNT(*) AS n FROM attractions WHERE name = ?', name, `attraction '${name}'`),
  }
}

function attractionEdit(id: number): Write {
  const name = `Walk ${unique()}`
  const image = Math.random() < 0.6 ? uniqueImage() : null
  return {
    method: 'PUT',
    path: `/api/edit-around/${id}`,
    key: randomUUID(),
    body: async () => {
      const form = new FormData()
      form.append('name', name)
      form.append('url', 'https://example.org/edited')
      form.append('description', 'Edited in the crash test')
      if (image) form.append('image', fileOf(await image, 'walk.png', 'image/png'))
      return { form }
    },
    sent: () => {
      model.attractions.get(id)!.pendingName = name
    },
    acknowledged: () => {
      const attraction = model.attractions.get(id)!
      attraction.name = name
      attraction.pendingName = null
    },
  }
}

function deletion(kind: 'gallery' | 'events' | 'attractions', id: number): Write {
  const request = {
    gallery: { method: 'DELETE', path: `/api/delete-gallery/${id}`, body: async () => ({}) },
    events: { method: 'POST', path: '/api/delete-event', body: async () => ({ json: { id } }) },
    attractions: { method: 'DELETE', path: `/api/delete-around/${id}`, body: async () => ({}) },
  }[kind]
  const setPresence = (presence: Presence) => {
    if (kind === 'attractions') model.attractions.get(id)!.presence = presence
    else model[kind].set(id, presence)
  }
  return { ...request, key: randomUUID(), sent: () => setPresence('deleting'), acknowledged: () => setPresence('deleted') }
}

let holidayDay = 0
function holidayAdd(): Write {
  const date = new Date(Date.UTC(2040, 0, 1) + holidayDay++ * 86_400_000).toISOString().slice(0, 10)
  const location = Math.random() < 0.5 ? 'Larkdale Hotel' : 'The Stables bar'
  const id = `${location}|${date}`
  return {
    method: 'POST',
    path: '/api/add-bank-holiday-times',
    key: randomUUID(),
    body: async () => ({ json: { location, holiday_date: date, open_time: '10:00', close_time: '16:00' } }),
    acknowledged: () => model.holidays.set(id, 'present'),
  }
}

function holidayRemove(id: string): Write {
  const [location, date] = id.split('|') as [string, string]
  return {
    method: 'DELETE',
    path: '/api/remove-bank-holiday-times',
    key: randomUUID(),
    body: async () => ({ json: { location, holiday_date: date } }),
    sent: () => model.holidays.set(id, 'deleting'),
    acknowledged: () => model.holidays.set(id, 'deleted'),
  }
}

function sundayHours(): Write {
  const opens = `${String(6 + Math.floor(Math.random() * 5)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`
  return {
    method: 'PUT',
    path: '/api/update-times',
    key: randomUUID(),
    body: async () => ({ json: { name: 'Larkdale Hotel', day: 'sunday', open_time: opens, close_time: '21:00', type: 'opening' } }),
    sent: () => {
      model.sundayOpens.pending = opens
    },
    acknowledged: () => {
      model.sundayOpens.acknowledged = opens
      model.sundayOpens.pending = null
    },
  }
}

function menuUpload(): Write {
  const business = Math.random() < 0.5 ? 1 : 2
  const pdf = makePdf(`Menu ${unique()}`)
  const menu = model.menus.get(business)!
  return {
    method: 'POST',
    path: '/api/upload-pdf',
    key: randomUUID(),
    body: async () => {
      const form = new FormData()
      form.append('business_id', String(business))
      form.append('pdf', fileOf(await pdf, 'menu.pdf', 'application/pdf'))
      return { form }
    },
    sent: () => {
      menu.pending = true
    },
    acknowledged: (reply) => {
      if (menu.acknowledged) menu.superseded.add(menu.acknowledged)
      menu.acknowledged = fileName(reply.menu.pdf_url)
      menu.pending = false
    },
  }
}

function count(db: Database, sql: string, value: string, what: string): string | null {
  const n = (db.query(sql).get(value) as { n: number }).n
  return n === 1 ? null : `${what} is there ${n} times after being sent again with its key`
}

/** The next write for one writer: creates, edits and deletes of its own records, in a random mix. */
function nextWrite(writer: number): Write {
  const mine = owned.get(writer)!
  const live = (ids: number[], presence: (id: number) => Presence | undefined) => ids.filter((id) => presence(id) === 'present')
  const roll = Math.random()
  if (writer === 0 && roll < 0.12) return sundayHours()
  if (writer === 0 && roll < 0.22) return menuUpload()
  if (roll < 0.45) return galleryUpload()
  if (roll < 0.6) return eventCreate()
  if (roll < 0.68) return attractionCreate()
  const attraction = pick(live(mine.attractions, (id) => model.attractions.get(id)?.presence))
  if (roll < 0.76 && attraction !== undefined) return attractionEdit(attraction)
  if (roll < 0.82) return holidayAdd()
  const holiday = pick(mine.holidays.filter((id) => model.holidays.get(id) === 'present'))
  if (roll < 0.86 && holiday) return holidayRemove(holiday)
  const kinds = [
    ['gallery', live(mine.gallery, (id) => model.gallery.get(id))],
    ['events', live(mine.events, (id) => model.events.get(id))],
    ['attractions', live(mine.attractions, (id) => model.attractions.get(id)?.presence)],
  ] as const
  const [kind, ids] = pick(kinds.filter(([, ids]) => ids.length > 0)) ?? ['gallery', []]
  const id = pick([...ids])
  return id === undefined ? galleryUpload() : deletion(kind, id)
}

/** Remembers which records a writer made, so only it edits or deletes them. */
function claim(writer: number, write: Write, reply: any) {
  const mine = owned.get(writer)!
  if (write.path === '/api/upload-gallery') mine.gallery.push(...reply.images.map((i: { id: number }) => i.id))
  if (write.path === '/api/upload-event') mine.events.push(reply.event.id)
  if (write.path === '/api/upload-around') mine.attractions.push(reply.attraction.id)
  if (write.path === '/api/add-bank-holiday-times') mine.holidays.push(`${reply.holiday.location}|${reply.holiday.original_holiday_date}`)
}

const unanswered: { writer: number; write: Write }[] = []

async function writeUntilKilled(server: ServerProcess, writer: number): Promise<void> {
  for (;;) {
    const write = nextWrite(writer)
    write.sent?.()
    const reply = await send(server, write)
    if (reply === null) {
      unanswered.push({ writer, write })
      return
    }
    if (reply.status >= 300) {
      failures.push(`${write.method} ${write.path} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`)
      return
    }
    write.acknowledged(reply.body)
    claim(writer, write, reply.body)
    figures.acknowledged++
  }
}

/** Sends again, with the same key and body, every write the kill left unanswered (as the outbox does). */
async function resendUnanswered(server: ServerProcess): Promise<void> {
  const db = new Database(config.databaseFile, { readonly: true })
  try {
    for (const { writer, write } of unanswered.splice(0)) {
      const reply = await send(server, write)
      figures.resent++
      if (!reply || reply.status >= 300) {
        failures.push(
          `resending ${write.method} ${write.path} (key ${write.key}) got ${reply ? `${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}` : 'no reply'}`,
        )
        continue
      }
      write.acknowledged(reply.body)
      claim(writer, write, reply.body)
      const twice = write.once?.(db)
      if (twice) failures.push(twice)
      if (write.path === '/api/upload-gallery') {
        const names = reply.body.images.map((i: { image_url: string }) => fileName(i.image_url))
        const rows = (db.query(`SELECT COUNT(*) AS n FROM gallery_images WHERE image IN (${names.map(() => '?').join(', ')})`).get(...names) as { n: number }).n
        if (rows !== names.length) failures.push(`a resent gallery upload of ${names.length} images left ${rows} rows`)
      }
    }
  } finally {
    db.close()
  }
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------
const FILE_COLUMNS = [
  ['gallery_images', 'image'],
  ['attractions', 'image'],
  ['events', 'image'],
  ['menus', 'pdf'],
] as const
const VARIANT = /^([a-f0-9]{32})-\d+\.(avif|webp)$/

/** With the server down: the database is whole, acknowledged writes are there, records have their files. */
function checkAfterKill(when: string): void {
  const problems: string[] = []
  const db = new Database(config.databaseFile)
  try {
    const integrity = db.query('PRAGMA integrity_check').all() as { integrity_check: string }[]
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') problems.push(`integrity_check: ${JSON.stringify(integrity)}`)
    const foreignKeys = db.query('PRAGMA foreign_key_check').all()
    if (foreignKeys.length) problems.push(`foreign_key_check: ${JSON.stringify(foreignKeys)}`)

    const exists = (sql: string, ...args: (string | number)[]) => db.query(sql).get(...args) !== null
    const expectPresence = (what: string, presence: Presence, found: boolean) => {
      if (presence === 'present' && !found) problems.push(`${what} was acknowledged but is gone`)
      if (presence === 'deleted' && found) problems.push(`${what} was deleted (acknowledged) but is back`)
    }
    for (const [id, presence] of model.gallery) expectPresence(`gallery image ${id}`, presence, exists('SELECT 1 FROM gallery_images WHERE id = ?', id))
    for (const [id, presence] of model.events) expectPresence(`event ${id}`, presence, exists('SELECT 1 FROM events WHERE id = ?', id))
    for (const [id, attraction] of model.attractions) {
      const row = db.query('SELECT name FROM attractions WHERE id = ?').get(id) as { name: string } | null
      expectPresence(`attraction ${id}`, attraction.presence, row !== null)
      if (row && attraction.presence !== 'deleted' && row.name !== attraction.name && row.name !== attraction.pendingName) {
        problems.push(
          `attraction ${id} is named '${row.name}', expected '${attraction.name}'${attraction.pendingName ? ` or '${attraction.pendingName}'` : ''}`,
        )
      }
    }
    for (const [id, presence] of model.holidays) {
      const [location, date] = id.split('|') as [string, string]
      const venue = location === 'Larkdale Hotel' ? 'hotel' : 'stables'
      expectPresence(`holiday ${id}`, presence, exists('SELECT 1 FROM holidays WHERE venue = ? AND holiday_date = ?', venue, date))
    }
    const { acknowledged, pending } = model.sundayOpens
    if (acknowledged) {
      const opens = (db.query("SELECT open_time FROM opening_times WHERE venue = 'hotel' AND group_key = 'sunday'").get() as { open_time: string }).open_time
      if (opens !== acknowledged && opens !== pending)
        problems.push(`the hotel opens at ${opens} on Sundays, expected ${acknowledged}${pending ? ` or ${pending}` : ''}`)
    }
    for (const [business, menu] of model.menus) {
      if (!menu.acknowledged) continue
      const row = db.query('SELECT pdf FROM menus WHERE business_id = ? ORDER BY id DESC LIMIT 1').get(business) as { pdf: string } | null
      if (!row) problems.push(`business ${business} has no menu, but one was acknowledged`)
      else if (menu.superseded.has(row.pdf)) problems.push(`business ${business} went back to an older menu ${row.pdf}`)
      else if (!menu.pending && row.pdf !== menu.acknowledged) problems.push(`business ${business} has menu ${row.pdf}, expected ${menu.acknowledged}`)
    }

    for (const [table, column] of FILE_COLUMNS) {
      for (const row of db.query(`SELECT id, ${column} AS file FROM ${table} WHERE ${column} IS NOT NULL`).all() as { id: number; file: string }[]) {
        if (!existsSync(join(config.uploadsDir, row.file))) problems.push(`${table} ${row.id} refers to ${row.file}, which is not on disk`)
      }
    }
  } finally {
    db.close()
  }
  if (problems.length) failures.push(`${when}:\n  ${problems.join('\n  ')}`)
}

/** After the start-up sweep: every file in the uploads and variants folders belongs to a record. */
async function checkNoStrayFiles(when: string): Promise<void> {
  const strays = () => {
    const db = new Database(config.databaseFile, { readonly: true })
    try {
      const used = new Set(
        FILE_COLUMNS.flatMap(([table, column]) =>
          (db.query(`SELECT ${column} AS file FROM ${table} WHERE ${column} IS NOT NULL`).all() as { file: string }[]).map((r) => r.file),
        ),
      )
      const stems = new Set([...used].map((name) => name.slice(0, 32)))
      const list = (dir: string) => (existsSync(dir) ? readdirSync(dir) : [])
      return [
        ...list(config.uploadsDir)
          .filter((name) => !used.has(name))
          .map((name) => `uploads/${name}`),
        ...list(config.variantsDir)
          .filter((name) => !stems.has(VARIANT.exec(name)?.[1] ?? ''))
          .map((name) => `variants/${name}`),
      ]
    } finally {
      db.close()
    }
  }
  // Variants are written in the background after start-up: give a half-written one time to land.
  let found = strays()
  for (let wait = 0; found.length > 0 && wait < 20; wait++) {
    await Bun.sleep(250)
    found = strays()
  }
  if (found.length) failures.push(`${when}: stray files after the start-up sweep: ${found.join(', ')}`)
}

// ---------------------------------------------------------------------------------------------

test(`SIGKILL ${KILLS} times mid-write: the database stays whole, acknowledged writes stay, no file is lost or left over`, async () => {
  for (let w = 0; w < WRITERS; w++) owned.set(w, { gallery: [], events: [], attractions: [], holidays: [] })
  const started = performance.now()
  for (let cycle = 0; cycle < KILLS; cycle++) {
    const server = startServer(dataDir)
    // Now and then the kill comes while the server is still starting (migrations, sweep, admin account).
    if (cycle > 0 && cycle % 6 === 5) {
      await Bun.sleep(Math.random() * 400)
      await kill(server)
      figures.kills++
      figures.startupKills++
      checkAfterKill(`kill ${cycle + 1} (while starting)`)
      continue
    }
    await waitUntilReady(server)
    await checkNoStrayFiles(`start ${cycle + 1}`)
    token = await loginToServer(server)
    await resendUnanswered(server)
    const writers = Array.from({ length: WRITERS }, (_, w) => writeUntilKilled(server, w))
    await Bun.sleep(100 + Math.random() * 900)
    await kill(server)
    figures.kills++
    await Promise.all(writers)
    if (server.output().includes('"unhandled"')) failures.push(`kill ${cycle + 1}: the server logged an unhandled error:\n${server.output().slice(0, 3000)}`)
    checkAfterKill(`kill ${cycle + 1}`)
    if (failures.length) break
  }
  expect(failures).toEqual([])

  // A last start: the sweep leaves no strays, every unanswered write goes through once, and the API
  // shows exactly what was acknowledged. Then a graceful stop.
  const server = startServer(dataDir)
  await waitUntilReady(server)
  await checkNoStrayFiles('last start')
  token = await loginToServer(server)
  await resendUnanswered(server)
  expect(failures).toEqual([])
  const get = async (path: string) => (await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<any>
  const present = <K>(map: Map<K, Presence>) =>
    [...map]
      .filter(([, presence]) => presence === 'present')
      .map(([id]) => String(id))
      .sort()
  const listed = (items: unknown[], key: (item: any) => string) => items.map(key).sort()
  const grouped = Object.values(await get('/api/galleryGrouped')).flat() as unknown[]
  expect(listed(grouped, (image) => String(image.id))).toEqual(present(model.gallery))
  expect(listed(await get('/api/admin/events'), (event) => String(event.id))).toEqual(present(model.events))
  const attractions = [...model.attractions]
    .filter(([, a]) => a.presence === 'present')
    .map(([id, a]) => `${id} ${a.name}`)
    .sort()
  expect(listed(await get('/api/around'), (a) => `${a.id} ${a.name}`)).toEqual(attractions)
  expect(listed(await get('/api/bank-admin-holiday-exceptions'), (h) => `${h.location}|${h.original_holiday_date}`)).toEqual(present(model.holidays))
  if (model.sundayOpens.acknowledged) expect((await get('/api/opening-times')).monsal.sunday.hours.open_time).toBe(model.sundayOpens.acknowledged)
  for (const [business, menu] of model.menus) {
    if (menu.acknowledged) expect(fileName((await get(`/api/get-menu/${business}`)).pdf_url)).toBe(menu.acknowledged)
  }
  server.proc.kill('SIGTERM')
  expect(await server.proc.exited).toBe(0)
  checkAfterKill('after a graceful stop')
  expect(failures).toEqual([])

  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `crash: ${figures.kills} SIGKILLs survived (${figures.startupKills} while starting), ${figures.requests} write requests, ${figures.acknowledged} acknowledged and all kept, ` +
      `${figures.resent} unanswered writes resent and applied once; ${model.gallery.size} gallery images, ${model.events.size} events, ${model.attractions.size} attractions; ${seconds} s`,
  )
}, 300_000)
