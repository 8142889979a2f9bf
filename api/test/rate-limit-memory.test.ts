/**
 * The in-memory rate limiter forgets keys nobody has used for a whole window, not only a key that is
 * used again: a burst of contact messages from many addresses (each seen once) must not keep an entry
 * per address for the life of the server.
 */
import { expect, test } from 'bun:test'
import { RateLimiter } from '../src/http/rate-limit'

test('keys seen once are forgotten after a window, while keys still in their window are kept and counted', () => {
  let now = 1_000_000
  const limiter = new RateLimiter(2, 60_000, () => now)
  for (let i = 0; i < 10_000; i++) limiter.record(`198.51.100.${i}`)
  expect(limiter.trackedKeys).toBe(10_000)

  now += 30_000
  limiter.record('203.0.113.7')
  limiter.record('203.0.113.7')
  now += 30_001
  // A window after the burst: the next record sweeps the 10,000 one-off keys out.
  limiter.record('192.0.2.1')
  expect(limiter.trackedKeys).toBe(2)
  // The key still inside its window keeps its count (two hits: over a limit of 2).
  expect(limiter.retryAfter('203.0.113.7')).toBeGreaterThan(0)
  expect(limiter.retryAfter('192.0.2.1')).toBe(0)
})
