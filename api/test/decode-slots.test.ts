/**
 * The decode cap that bounds memory under parallel uploads (files/decode-slots.ts): however many staff
 * uploads arrive at once, no more than DECODE_SLOTS pictures are decoded side by side, and the rest
 * wait their turn in order. Real app, real SQLite, real sharp decodes.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import sharp from 'sharp'
import { DECODE_SLOTS, decodeSlots, Semaphore } from '../src/files/decode-slots'
import { fileOf, makeTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await makeTestApp()
})
afterAll(() => t.close())

test('the semaphore never runs more than its slots at once, and serves the waiting in order', async () => {
  const slots = new Semaphore(2)
  const started: number[] = []
  const releases: (() => void)[] = []
  const runs = Array.from({ length: 6 }, (_, i) =>
    slots.run(async () => {
      started.push(i)
      await new Promise<void>((resolve) => releases.push(resolve))
    }),
  )
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  await settle()
  expect(started).toEqual([0, 1])
  while (releases.length) {
    releases.shift()!()
    await settle()
  }
  await Promise.all(runs)
  expect(started).toEqual([0, 1, 2, 3, 4, 5])
  expect(slots.peak).toBe(2)
  expect(slots.busy).toBe(0)
})

// Twelve real decodes and resizes: on a machine busy with other suites this takes longer than the default limit.
test(`twelve gallery uploads sent at once are decoded at most ${DECODE_SLOTS} at a time, and all stored`, async () => {
  const token = await t.token()
  const noise = new Uint8Array(800 * 600 * 3).map((_, i) => (i * 7919) & 0xff)
  const jpeg = new Uint8Array(
    await sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  )
  decodeSlots.resetPeak()
  const replies = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const form = new FormData()
      form.append('type', 'rooms')
      // Different bytes after the end marker: twelve different uploads of the same picture.
      form.append('images', fileOf(new Uint8Array([...jpeg, ...new TextEncoder().encode(`#${i}`)]), `room-${i}.jpg`, 'image/jpeg'))
      return (await t.call('POST', '/api/upload-gallery', { token, form })).status
    }),
  )
  expect(replies).toEqual(Array.from({ length: 12 }, () => 201))
  expect(decodeSlots.peak).toBeGreaterThanOrEqual(1)
  expect(DECODE_SLOTS).toBe(2) // what the README promises: two at a time
  expect(decodeSlots.peak).toBeLessThanOrEqual(2)
}, 120_000)
