import { Elysia } from 'elysia'
import { countAdmins, createAdmin, DEMO_ADMIN } from './auth/admin-store'
import { staffGate } from './auth/guard'
import { authRoutes } from './auth/index'
import { accountRoutes } from './auth/account'
import { assertAcceptablePassword } from './auth/password-policy'
import { loadSigningSecret } from './auth/signing-secret'
import type { Config } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db/database'
import { FileStore } from './files/file-store'
import { VariantQueue } from './files/variants'
import { uploadSlots } from './files/decode-slots'
import { FileWorker } from './files/worker-client'
import { createMailer } from './features/contact/mailer'
import { attractionsRoutes } from './features/attractions/index'
import { contactRoutes } from './features/contact/index'
import { eventsRoutes } from './features/events/index'
import { galleriesRoutes } from './features/galleries/index'
import { holidaysRoutes } from './features/holidays/index'
import { menusRoutes } from './features/menus/index'
import { noticesRoutes } from './features/notices/index'
import { openingTimesRoutes } from './features/opening-times/index'
import { appIconRoutes, currentVenue, seedVenue, venueRoutes } from './features/venue/index'
import { pagesRoutes } from './features/pages/index'
import { activityRoutes } from './features/activity/index'
import { activityTrail } from './features/activity/store'
import { staffRoutes } from './features/staff/index'
import { seoRoutes } from './features/seo/index'
import { apiReplies } from './http/api-replies'
import { bodyParsing } from './http/body-limits'
import { errorHandling } from './http/errors'
import { healthRoutes } from './http/health'
import { securityHeaders } from './http/security'
import { currentPageMeta } from './features/seo/current-page-meta'
import { currentStructuredData } from './features/seo/current-structured-data'
import { renderedPages } from './http/rendered-pages'
import { uploadedFiles, webApp } from './http/web-app'
import { seedDemoContent } from './seed/demo'

export { MIN_PASSWORD_LENGTH } from './shared/rules/staff-passwords'
import { MIN_PASSWORD_LENGTH } from './shared/rules/staff-passwords'

export { DEMO_ADMIN }

/** Opens the database, applies migrations and prepares everything a request handler needs. */
export async function createContext(config: Config, overrides: Partial<Pick<AppContext, 'now' | 'mailer'>> = {}): Promise<AppContext> {
  const db = openDatabase(config.databaseFile)
  const jwtSecret = loadSigningSecret(config, db)
  // Two workers: a picture copy a visitor asks for never waits behind an upload, nor dies with one over its budget.
  const memoryMb = config.fileWorkerMemoryMb
  const worker = new FileWorker({
    idleMs: config.fileWorkerIdleMs,
    jobSeconds: config.fileJobSeconds,
    memoryMb,
    first: uploadSlots,
    firstWaitMs: config.uploadWaitSeconds * 1000,
  })
  const pictureWorker = new FileWorker({ idleMs: config.fileWorkerIdleMs, jobSeconds: config.pictureJobSeconds, memoryMb })
  const variants = new VariantQueue(db, config.uploadsDir, config.variantsDir, pictureWorker)
  const now = overrides.now ?? (() => new Date())
  seedVenue(db, config.venueSeed, now().toISOString())
  const ctx: AppContext = {
    config,
    db,
    files: new FileStore(db, config.uploadsDir, variants, worker),
    variants,
    worker,
    pictureWorker,
    mailer: overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom),
    now,
    jwtSecret,
    activity: activityTrail({ db, now }),
    // The reader follows this context's data version, so it is made once the context exists (just below).
    venue: () => readVenue(),
  }
  const readVenue = currentVenue(ctx, config.venueSeed)
  if (countAdmins(db) === 0) {
    if (config.adminUsername && config.adminPassword) {
      if (config.adminPassword.length < MIN_PASSWORD_LENGTH) {
        throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
      }
      if (config.production && config.adminPassword === DEMO_ADMIN.password) {
        throw new Error('ADMIN_PASSWORD is the published demo password. Choose another one for production.')
      }
      // The first owner holds the most rights: their password meets the rules every other staff password
      // meets. Outside production the published demo password is the development account's, on purpose.
      const developmentDemo = !config.production && config.adminPassword === DEMO_ADMIN.password
      try {
        if (!developmentDemo) assertAcceptablePassword(config.adminPassword, config.adminUsername, ctx.venue())
      } catch (error) {
        throw new Error(`ADMIN_PASSWORD is refused: ${(error as Error).message}`)
      }
      await createAdmin(db, config.adminUsername, config.adminPassword, { at: now().toISOString() })
    }
    // A published password on a public server is an open door: in production there is no demo account, ever.
    else if (config.seedDemo && !config.production) await createAdmin(db, DEMO_ADMIN.username, DEMO_ADMIN.password, { at: now().toISOString() })
    else console.warn(JSON.stringify({ level: 'warn', msg: 'no staff account: set ADMIN_USERNAME and ADMIN_PASSWORD and restart' }))
  }
  if (config.seedDemo) await seedDemoContent(ctx)
  return ctx
}

/** The whole HTTP application. The server and the tests both build it here. */
export function createApp(ctx: AppContext) {
  const structuredData = currentStructuredData(ctx)
  const pageMeta = currentPageMeta(ctx)
  // Public pages are rendered with the data the API answers now, read through the app itself.
  const readOwnApi = (path: string, init: RequestInit): Promise<Response> => app.handle(new Request(new URL(path, 'http://localhost').href, init))
  const replies = apiReplies(ctx)
  const app = new Elysia()
    // First: a kept public reply is answered before any other work (it carries the security headers itself).
    .use(replies.answerKept)
    .use(securityHeaders(ctx.config, ctx.venue))
    .use(errorHandling)
    .use(bodyParsing(ctx.config.uploadsDir, ctx.config.bodyBaseSeconds))
    // Before any route reads a body: staff routes without a valid token are refused here.
    .use(staffGate(ctx, (): readonly { method: string; path: string; hooks?: { transform?: unknown } }[] => app.routes))
    .use(replies.serialise)
    .use(authRoutes(ctx))
    .use(accountRoutes(ctx))
    .use(healthRoutes(ctx))
    .use(venueRoutes(ctx))
    .use(openingTimesRoutes(ctx))
    .use(holidaysRoutes(ctx))
    .use(galleriesRoutes(ctx))
    .use(attractionsRoutes(ctx))
    .use(eventsRoutes(ctx))
    .use(menusRoutes(ctx))
    .use(noticesRoutes(ctx))
    .use(pagesRoutes(ctx))
    .use(contactRoutes(ctx))
    .use(staffRoutes(ctx))
    .use(activityRoutes(ctx))
    .use(uploadedFiles(ctx.files))
    .use(appIconRoutes(ctx))
    .use(seoRoutes(ctx))
    .use(webApp(ctx.config.webDistDir, structuredData, pageMeta, renderedPages(ctx, readOwnApi, structuredData, pageMeta)))
  return app
}

export type App = ReturnType<typeof createApp>
