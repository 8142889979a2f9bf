// An app icon or the favicon asked for while an owner replaces the logo: the icon being drawn from the
// logo that was just replaced (and removed from disk) is drawn again from the new one, never a 500; a
// drawing that fails for another reason says so (503, try again), in JSON.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { fileOf, jsonOf, makeImage, makeTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: string
beforeAll(async () => {
  t = await makeTestApp()
  owner = await t.token()
})
afterAll(() => t?.close())

async function upload(bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.append('logo', fileOf(bytes, name))
  const res = await t.call('POST', '/api/admin/venue/logo', { token: owner, form })
  expect(res.status).toBe(200)
  return (await jsonOf(res)).logo as string
}

/**
 * Holds the visitors' file worker's icon drawings until `open()`: what happens meanwhile (a new logo saved) is
 * done before the held drawing reads its logo. `asked` resolves once a drawing is held.
 */
function holdIconDrawings() {
  const worker = t.ctx.pictureWorker
  const run = worker.run.bind(worker)
  let open!: () => void
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  let held!: () => void
  const asked = new Promise<void>((resolve) => {
    held = resolve
  })
  worker.run = ((kind, input) => {
    if (kind !== 'appIcon') return run(kind, input)
    held()
    return gate.then(() => run(kind, input))
  }) as typeof worker.run
  return { asked, open: () => (open(), (worker.run = run)) }
}

const colourOf = async (res: Response) => {
  const { dominant } = await sharp(new Uint8Array(await res.arrayBuffer())).stats()
  return dominant
}

describe('an app icon while the logo changes', () => {
  test('asked for as the logo is replaced: the icon of the new logo, not an error', async () => {
    await upload(await makeImage('png', 512, 512, '#ff0000'), 'red.png')
    const hold = holdIconDrawings()
    const icon = t.call('GET', '/icons/icon-192.png')
    await hold.asked
    // The red logo is replaced, and its file removed, while its icon waits to be drawn.
    await upload(await makeImage('png', 512, 512, '#0000ff'), 'blue.png')
    hold.open()
    const res = await icon
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png'])
    const { r, b } = await colourOf(res)
    expect(b).toBeGreaterThan(200)
    expect(r).toBeLessThan(50)
  })

  test('a drawing that fails while the logo stays the same: 503 in JSON with the reason, and the next ask draws it', async () => {
    await upload(await makeImage('png', 512, 512, '#00ff00'), 'green.png')
    const worker = t.ctx.pictureWorker
    const run = worker.run.bind(worker)
    worker.run = ((kind, input) => (kind === 'appIcon' ? Promise.reject(new Error('the worker could not draw it')) : run(kind, input))) as typeof worker.run
    let res: Response
    try {
      res = await t.call('GET', '/icons/favicon-48.png')
    } finally {
      worker.run = run
    }
    expect([res.status, res.headers.get('content-type'), res.headers.get('retry-after')]).toEqual([503, 'application/json; charset=utf-8', '60'])
    expect((await jsonOf(res)).error).toMatch(/icon could not be drawn just now/)
    const again = await t.call('GET', '/icons/favicon-48.png')
    expect([again.status, again.headers.get('content-type')]).toEqual([200, 'image/png'])
  })
})
