/**
 * How staff passwords are hashed. Production and development use argon2id at its full cost (64 MiB, two
 * passes: Bun's defaults, written out so a test can hold them). Under NODE_ENV=test only, the cost is light:
 * the suite hashes and checks hundreds of passwords, each costing a quarter of a second of CPU at full cost,
 * and what the tests guard (who may log in, throttles, slots) does not depend on the cost. A check reads the
 * cost from the stored hash itself, so a hash made either way is checked the same.
 */
import { runningTests } from '../config'

export const PRODUCTION_HASH = { algorithm: 'argon2id', memoryCost: 65536, timeCost: 2 } as const
const TEST_HASH = { algorithm: 'argon2id', memoryCost: 1024, timeCost: 1 } as const

export function passwordHashOptions(env?: Record<string, string | undefined>) {
  return runningTests(env) ? TEST_HASH : PRODUCTION_HASH
}

export const hashPassword = (password: string) => Bun.password.hash(password, passwordHashOptions())
