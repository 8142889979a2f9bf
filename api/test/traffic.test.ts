import { expect, test } from 'bun:test'
import { Traffic } from '../src/http/traffic'

test('traffic: quiet before any request, busy for quietMs after each one', () => {
  let now = 1_000
  const traffic = new Traffic(() => now)
  expect(traffic.busyFor(1000)).toBe(0)
  traffic.note()
  expect(traffic.busyFor(1000)).toBe(1000)
  now += 400
  expect(traffic.busyFor(1000)).toBe(600)
  traffic.note()
  expect(traffic.busyFor(1000)).toBe(1000)
  now += 1000
  expect(traffic.busyFor(1000)).toBe(0)
})

test('the file worker exits a second after its last job unless FILE_WORKER_IDLE_MS says otherwise (a new one starts in a fraction of a second)', async () => {
  const { loadConfig } = await import('../src/config')
  expect(loadConfig({ DATA_DIR: '/tmp/unused-traffic-test' }).fileWorkerIdleMs).toBe(1000)
  expect(loadConfig({ DATA_DIR: '/tmp/unused-traffic-test', FILE_WORKER_IDLE_MS: '5000' }).fileWorkerIdleMs).toBe(5000)
})
