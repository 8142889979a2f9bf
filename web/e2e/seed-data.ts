/**
 * `bun web/e2e/seed-data.ts DIR`: the demo content as a development server seeds it on first start
 * (demo owner, pictures, menus, events), with every image variant made, then the database closed so
 * the folder can be copied. Used by seeded-data.ts.
 */
import { createContext } from '../../api/src/app'
import { loadConfig } from '../../api/src/config'

const dir = process.argv[2]
if (!dir) throw new Error('usage: bun web/e2e/seed-data.ts DATA_DIR')
// The demo owner's password is hashed at the test cost, as the test servers hash (auth/password-hash.ts reads
// NODE_ENV each time it hashes): every browser-test login checks this hash, a seventh of a second of CPU at full cost.
process.env.NODE_ENV = 'test'
const ctx = await createContext(loadConfig({ DATA_DIR: dir, NODE_ENV: 'development', SEED_DEMO: 'true', LOG_REQUESTS: 'false' }))
await ctx.variants.idle()
await ctx.variants.stop()
await ctx.worker.stop()
ctx.db.close()
