/**
 * Password checks run at most four at once, and at most one from any one address: someone with a
 * member's password logging in over and over from one address kept all four busy, and the owner's
 * login from elsewhere was answered "too many logins at once" 12 times in 13.
 */
import { expect, test } from 'bun:test'
import { CHECKS_AT_ONCE_PER_ADDRESS, LoginThrottle, MAX_CONCURRENT_LOGIN_CHECKS } from '../src/auth/login-throttle'
import { HttpError } from '../src/http/errors'

const busy = (start: () => unknown) => {
  try {
    start()
    return false
  } catch (error) {
    return error instanceof HttpError && error.status === 429 && /at once/.test(error.message)
  }
}

test('one address gets one check at a time; the other slots stay free for everyone else', () => {
  expect([MAX_CONCURRENT_LOGIN_CHECKS, CHECKS_AT_ONCE_PER_ADDRESS]).toEqual([4, 1])
  const throttle = new LoginThrottle(() => Date.now())
  const first = throttle.begin('insider', '203.0.113.5')
  expect(busy(() => throttle.begin('insider', '203.0.113.5'))).toBe(true)
  expect(busy(() => throttle.begin('someone', '203.0.113.5'))).toBe(true)
  // The owner, elsewhere, is checked.
  const owner = throttle.begin('owner', '198.51.100.7')
  owner.succeeded()
  first.succeeded()
  // Once its check is over, the address may try again.
  expect(busy(() => throttle.begin('insider', '203.0.113.5').succeeded())).toBe(false)
})

test('four addresses at once still fill the four slots, and a fifth waits its moment', () => {
  const throttle = new LoginThrottle(() => Date.now())
  const running = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'].map((address) => throttle.begin('a', address))
  expect(busy(() => throttle.begin('b', '192.0.2.5'))).toBe(true)
  running[0]!.failed()
  expect(busy(() => throttle.begin('b', '192.0.2.5'))).toBe(false)
})
