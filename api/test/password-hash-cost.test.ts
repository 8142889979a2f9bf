import { describe, expect, test } from 'bun:test'
import { hashPassword, PRODUCTION_HASH, passwordHashOptions } from '../src/auth/password-hash'

describe('staff password hashing cost', () => {
  test('production and development hash with argon2id at full cost (64 MiB, two passes)', async () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(passwordHashOptions({ NODE_ENV })).toEqual(PRODUCTION_HASH)
    }
    const hash = await Bun.password.hash('a-long-staff-password', passwordHashOptions({ NODE_ENV: 'production' }))
    expect(hash).toStartWith('$argon2id$v=19$m=65536,t=2,')
    expect(await Bun.password.verify('a-long-staff-password', hash)).toBe(true)
  })

  test('only the test mode hashes lighter, still with argon2id, and its hashes check like any other', async () => {
    expect(passwordHashOptions({ NODE_ENV: 'test' }).algorithm).toBe('argon2id')
    expect(passwordHashOptions({ NODE_ENV: 'test' }).memoryCost).toBeLessThan(PRODUCTION_HASH.memoryCost)
    const hash = await hashPassword('a-long-staff-password')
    expect(hash).toStartWith('$argon2id$')
    expect(await Bun.password.verify('a-long-staff-password', hash)).toBe(true)
    expect(await Bun.password.verify('another-password', hash)).toBe(false)
  })
})
