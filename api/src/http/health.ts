import { Elysia } from 'elysia'
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { adminGuard, staffOrNull } from '../auth/guard'
import type { AppContext } from '../context'

/** A monitor may poll every second; the disk is written to at most this often, the answer kept between. */
export const DISK_CHECK_INTERVAL_MS = 5_000

function check(run: () => void, dataDir: string): 'ok' | string {
  try {
    run()
    return 'ok'
  } catch (error) {
    // Staff see the cause, with the data folder named rather than spelled out.
    return (error instanceof Error ? error.message : String(error)).split(dataDir).join('DATA_DIR')
  }
}

/**
 * For uptime monitors and the deploy script: is the database reachable and the disk writable? Anyone
 * gets `{ status }` (200 or 503); staff with a valid token also get each check's result and the version,
 * which tell an attacker what runs here and where.
 */
export function healthRoutes(ctx: AppContext) {
  let disk: { checkedAt: number; result: string } | null = null
  const diskState = () => {
    const now = ctx.now().getTime()
    if (!disk || now - disk.checkedAt >= DISK_CHECK_INTERVAL_MS || now < disk.checkedAt) {
      const result = check(() => {
        const probe = join(ctx.files.dir, `.health-${randomBytes(4).toString('hex')}`)
        writeFileSync(probe, 'ok')
        rmSync(probe)
      }, ctx.config.dataDir)
      disk = { checkedAt: now, result }
    }
    return disk.result
  }

  return new Elysia({ name: 'http.health', prefix: '/api' }).use(adminGuard(ctx)).get('/health', async ({ set, request, jwt }) => {
    const database = check(() => ctx.db.query('SELECT 1').get(), ctx.config.dataDir)
    const diskResult = diskState()
    const healthy = database === 'ok' && diskResult === 'ok'
    set.status = healthy ? 200 : 503
    set.headers['cache-control'] = 'no-store'
    const status = healthy ? 'ok' : 'degraded'
    const staff = await staffOrNull(ctx, jwt, request)
    return staff ? { status, database, disk: diskResult, version: ctx.config.version } : { status }
  })
}
