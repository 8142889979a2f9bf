import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { MB } from '../src/files/file-store'
import { fileOf, jsonOf, makeImage, makePdf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = await t.token()
})
afterAll(() => t.close())

interface Menu {
  id: number
  business_id: 1 | 2
  type_id: string
  pdf_url: string
  updated_at: string
}

const sameBytes = (actual: ArrayBuffer, expected: Uint8Array) => Buffer.from(actual).equals(expected)
const onDisk = (url: string) => existsSync(join(t.ctx.files.dir, url.replace('/files/', '')))
const uploadsOnDisk = () => readdirSync(t.ctx.files.dir).sort()
const menuRows = () => t.ctx.db.query('SELECT id, business_id, type_id, pdf FROM menus ORDER BY id').all()

function menuForm(fields: Record<string, string | File>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

async function uploadPdf(fields: Record<string, string | File>, headers: Record<string, string> = {}) {
  return t.call('POST', '/api/upload-pdf', { token, form: menuForm(fields), headers })
}

async function uploadOk(bytes: Uint8Array, businessId: string, typeId?: string): Promise<Menu> {
  const res = await uploadPdf({
    pdf: fileOf(bytes, 'menu.pdf', 'application/pdf'),
    business_id: businessId,
    ...(typeId === undefined ? {} : { type_id: typeId }),
  })
  expect(res.status).toBe(201)
  return (await jsonOf(res)).menu
}

describe('GET /api/get-menu/:businessId', () => {
  test('before any upload it is a 404 with a readable message', async () => {
    const fresh = await makeTestApp()
    try {
      for (const id of ['1', '2']) {
        const res = await fresh.call('GET', `/api/get-menu/${id}`)
        expect(res.status).toBe(404)
        expect(await jsonOf(res)).toEqual({ error: 'No menu has been uploaded yet.' })
      }
    } finally {
      fresh.close()
    }
  })

  test('a business id other than 1 or 2 is a 400', async () => {
    for (const id of ['0', '3', 'abc', '1.0', '-1', '%20']) {
      const res = await t.call('GET', `/api/get-menu/${id}`)
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe('Business id must be 1 (the Stables) or 2 (the hotel and cafe).')
    }
  })
})

describe('POST /api/upload-pdf', () => {
  test('stores the PDF, replies 201 with its id, and get-menu serves it byte for byte', async () => {
    const pdf = await makePdf('Bar menu one')
    const res = await uploadPdf({ pdf: fileOf(pdf, 'bar.pdf', 'application/pdf'), business_id: '1', type_id: '1' })
    expect(res.status).toBe(201)
    const body = await jsonOf(res)
    expect(body.message).toBe('Upload successful!')
    expect(body.id).toBe(body.menu.id)
    expect(body.menu).toMatchObject({ business_id: 1, type_id: '1' })
    expect(body.menu.pdf_url).toMatch(/^\/files\/[a-f0-9]{32}\.pdf$/)
    const get = await t.call('GET', '/api/get-menu/1')
    expect(get.status).toBe(200)
    expect(await jsonOf(get)).toEqual(body.menu)
    const file = await t.call('GET', body.menu.pdf_url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(sameBytes(await file.arrayBuffer(), pdf)).toBe(true)
  })

  test("type_id defaults to '1', and business 2 is kept apart from business 1", async () => {
    const menu = await uploadOk(await makePdf('Cafe menu'), '2')
    expect(menu).toMatchObject({ business_id: 2, type_id: '1' })
    expect((await jsonOf(await t.call('GET', '/api/get-menu/2'))).id).toBe(menu.id)
    expect((await jsonOf(await t.call('GET', '/api/get-menu/1'))).business_id).toBe(1)
  })

  test('a new upload for the same business and type replaces the old one and removes its file', async () => {
    const first = await uploadOk(await makePdf('Stables v1'), '1')
    expect(onDisk(first.pdf_url)).toBe(true)
    const second = await uploadOk(await makePdf('Stables v2'), '1')
    expect(second.pdf_url).not.toBe(first.pdf_url)
    expect(onDisk(first.pdf_url)).toBe(false)
    expect((await t.call('GET', first.pdf_url)).status).toBe(404)
    expect(onDisk(second.pdf_url)).toBe(true)
    expect(await jsonOf(await t.call('GET', '/api/get-menu/1'))).toEqual(second)
    const rows = t.ctx.db.query("SELECT id FROM menus WHERE business_id = 1 AND type_id = '1'").all()
    expect(rows).toEqual([{ id: second.id }])
  })

  test('another type for the same business does not replace it, and can be asked for', async () => {
    const food = await uploadOk(await makePdf('Stables food'), '1', '1')
    const drinks = await uploadOk(await makePdf('Stables drinks'), '1', 'drinks')
    expect(onDisk(food.pdf_url)).toBe(true)
    expect(await jsonOf(await t.call('GET', '/api/get-menu/1?type_id=1'))).toEqual(food)
    expect(await jsonOf(await t.call('GET', '/api/get-menu/1?type_id=drinks'))).toEqual(drinks)
    expect((await t.call('GET', '/api/get-menu/1?type_id=wine')).status).toBe(404)
    expect((await t.call('GET', '/api/get-menu/1?type_id=no%20spaces')).status).toBe(400)
  })

  test('a file shared by two businesses stays on disk while one still uses it', async () => {
    const shared = await makePdf('Shared menu')
    const a = await uploadOk(shared, '1', 'shared')
    const b = await uploadOk(shared, '2', 'shared')
    expect(a.pdf_url).toBe(b.pdf_url)
    await uploadOk(await makePdf('Replacement'), '2', 'shared')
    expect(onDisk(a.pdf_url)).toBe(true)
    await uploadOk(await makePdf('Replacement 2'), '1', 'shared')
    expect(onDisk(a.pdf_url)).toBe(false)
  })

  test('uploading the same file again keeps it on disk', async () => {
    const pdf = await makePdf('Same again')
    const first = await uploadOk(pdf, '2', 'same')
    const again = await uploadOk(pdf, '2', 'same')
    expect(again.pdf_url).toBe(first.pdf_url)
    expect(onDisk(again.pdf_url)).toBe(true)
  })

  test('missing file or business is a 400 with the form message', async () => {
    const before = menuRows()
    const pdf = fileOf(await makePdf(), 'menu.pdf', 'application/pdf')
    for (const fields of [
      { business_id: '1', type_id: '1' },
      { pdf, type_id: '1' },
      { pdf, business_id: '' },
      { pdf: '', business_id: '1' },
      { pdf: fileOf(new Uint8Array(0), ''), business_id: '1' },
    ] as Record<string, string | File>[]) {
      const res = await uploadPdf(fields)
      expect(res.status).toBe(400)
      expect(await jsonOf(res)).toEqual({ error: 'Please fill in all fields and select a file.' })
    }
    expect(menuRows()).toEqual(before)
  })

  test('an unknown business or a malformed type is a 400', async () => {
    const pdf = fileOf(await makePdf(), 'menu.pdf', 'application/pdf')
    for (const fields of [
      { pdf, business_id: '3' },
      { pdf, business_id: 'stables' },
      { pdf, business_id: '1', type_id: 'a b' },
      { pdf, business_id: '1', type_id: 'x'.repeat(21) },
    ] as Record<string, string | File>[]) {
      const res = await uploadPdf(fields)
      expect(res.status).toBe(400)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
  })

  test('a JSON body is a 400, not a crash', async () => {
    const res = await t.call('POST', '/api/upload-pdf', { token, json: { pdf: 'JVBERi0=', business_id: 1 } })
    expect(res.status).toBe(400)
    expect(typeof (await jsonOf(res)).error).toBe('string')
  })

  test('text named .pdf and a PNG sent as the PDF are refused by content with 415', async () => {
    const before = { rows: menuRows(), files: uploadsOnDisk() }
    const text = fileOf(new TextEncoder().encode('Fish and chips £16.50'), 'menu.pdf', 'application/pdf')
    const png = fileOf(await makeImage('png'), 'menu.pdf', 'application/pdf')
    for (const pdf of [text, png]) {
      const res = await uploadPdf({ pdf, business_id: '1' })
      expect(res.status).toBe(415)
      expect(await jsonOf(res)).toEqual({ error: 'Menu PDF must be PDF.' })
    }
    expect(menuRows()).toEqual(before.rows)
    expect(uploadsOnDisk()).toEqual(before.files)
  })

  test('a truncated PDF is a 400', async () => {
    const pdf = await makePdf('Cut short')
    const res = await uploadPdf({ pdf: fileOf(pdf.slice(0, pdf.length - 200), 'menu.pdf'), business_id: '1' })
    expect(res.status).toBe(400)
    expect((await jsonOf(res)).error).toBe('Menu PDF is not a complete PDF file.')
  })

  test('a PDF over 20 MB is a 413', async () => {
    const before = menuRows()
    const big = new Uint8Array(20 * MB + 1)
    big.set(new TextEncoder().encode('%PDF-1.7\n'))
    big.set(new TextEncoder().encode('%%EOF\n'), big.length - 6)
    const res = await uploadPdf({ pdf: fileOf(big, 'huge.pdf', 'application/pdf'), business_id: '2' })
    expect(res.status).toBe(413)
    expect(await jsonOf(res)).toEqual({ error: 'Menu PDF is too large: the limit is 20 MB.' })
    expect(menuRows()).toEqual(before)
  })
})

describe('upload-pdf without a valid token', () => {
  test('is a 401 and nothing changes', async () => {
    const before = { rows: menuRows(), files: uploadsOnDisk() }
    for (const headers of [{}, { authorization: 'Bearer not.a.token' }] as Record<string, string>[]) {
      const res = await t.call('POST', '/api/upload-pdf', {
        form: menuForm({ pdf: fileOf(await makePdf('Sneaky'), 'menu.pdf'), business_id: '1' }),
        headers,
      })
      expect(res.status).toBe(401)
      expect(typeof (await jsonOf(res)).error).toBe('string')
    }
    expect(menuRows()).toEqual(before.rows)
    expect(uploadsOnDisk()).toEqual(before.files)
  })
})

describe('Idempotency-Key on upload-pdf', () => {
  test('the same upload twice with one key makes one row and the same reply', async () => {
    const pdf = await makePdf('Idempotent menu')
    const headers = { 'idempotency-key': 'menu-upload-0001' }
    const fields = () => ({ pdf: fileOf(pdf, 'menu.pdf', 'application/pdf'), business_id: '2', type_id: 'idem' })
    const first = await uploadPdf(fields(), headers)
    const second = await uploadPdf(fields(), headers)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    const reply = await jsonOf(first)
    expect(await jsonOf(second)).toEqual(reply)
    const rows = t.ctx.db.query("SELECT id FROM menus WHERE business_id = 2 AND type_id = 'idem'").all()
    expect(rows).toEqual([{ id: reply.id }])
  })

  test('the same key with a different file is a 422', async () => {
    const headers = { 'idempotency-key': 'menu-upload-0002' }
    expect((await uploadPdf({ pdf: fileOf(await makePdf('A'), 'a.pdf'), business_id: '2', type_id: 'k2' }, headers)).status).toBe(201)
    const before = menuRows()
    const res = await uploadPdf({ pdf: fileOf(await makePdf('B'), 'b.pdf'), business_id: '2', type_id: 'k2' }, headers)
    expect(res.status).toBe(422)
    expect(menuRows()).toEqual(before)
  })
})

describe('demo menus', () => {
  test('both businesses have a readable demo menu', async () => {
    const demo = await makeTestApp({ seedDemo: true })
    try {
      for (const id of ['1', '2']) {
        const res = await demo.call('GET', `/api/get-menu/${id}`)
        expect(res.status).toBe(200)
        const menu: Menu = await jsonOf(res)
        expect(menu.business_id).toBe(Number(id) as 1 | 2)
        const file = await demo.call('GET', menu.pdf_url)
        expect(file.status).toBe(200)
        const text = new TextDecoder('latin1').decode(await file.arrayBuffer())
        expect(text.startsWith('%PDF-')).toBe(true)
      }
      const stables: Menu = await jsonOf(await demo.call('GET', '/api/get-menu/1'))
      const cafe: Menu = await jsonOf(await demo.call('GET', '/api/get-menu/2'))
      expect(stables.pdf_url).not.toBe(cafe.pdf_url)
    } finally {
      demo.close()
    }
  }, 60_000)
})
