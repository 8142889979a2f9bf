import { Elysia } from 'elysia'
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppContext } from '../context'

function check(run: () => void): 'ok' | string {
  try {
    run()
    return 'ok'
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** For uptime monitors and the deploy script: is the database reachable and the disk writable? */
export function healthRoutes(ctx: AppContext) {
  return new Elysia({ name: 'http.health', prefix: '/api' }).get('/health', ({ set }) => {
    const database = check(() => ctx.db.query('SELECT 1').get())
    const disk = check(() => {
      const probe = join(ctx.files.dir, `.health-${randomBytes(4).toString('hex')}`)
      writeFileSync(probe, 'ok')
      rmSync(probe)
    })
    const healthy = database === 'ok' && disk === 'ok'
    set.status = healthy ? 200 : 503
    set.headers['cache-control'] = 'no-store'
    return { status: healthy ? 'ok' : 'degraded', database, disk, version: ctx.config.version }
  })
}
