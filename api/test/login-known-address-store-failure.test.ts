/**
 * A correct password is a login, even when the note of where it came from cannot be written (a full
 * disk, a locked database): the address is known in memory for this run and the failure is logged.
 */
import { expect, spyOn, test } from 'bun:test'
import { LoginThrottle } from '../src/auth/login-throttle'

test('a store that cannot remember the address does not turn a correct password into an error', () => {
  const now = Date.now()
  const throttle = new LoginThrottle(() => now, {
    load: () => [],
    remember: () => {
      throw new Error('SQLITE_FULL: database or disk is full')
    },
    forget: () => undefined,
  })
  const logged = spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const attempt = throttle.begin('olive', '203.0.113.5')
    expect(() => attempt.succeeded()).not.toThrow()
    expect(String(logged.mock.calls[0]?.[0])).toContain('could not keep a known login address')
  } finally {
    logged.mockRestore()
  }
  // Known in memory: five failures elsewhere at the name do not hold up this address.
  for (let i = 0; i < 5; i++) throttle.begin('olive', `192.0.2.${i}`).failed()
  expect(throttle.begin('olive', '203.0.113.5').held).toBeNull()
  expect(throttle.begin('olive', '198.51.100.9').held?.status).toBe(429)
})
