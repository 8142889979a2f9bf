import { Elysia } from 'elysia'
import { randomBytes } from 'node:crypto'
import { countAdmins, createAdmin, getSetting, setSetting } from './auth/admin-store'
import { authRoutes } from './auth/index'
import type { Config } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db/database'
import { FileStore } from './files/file-store'
import { VariantQueue } from './files/variants'
import { createMailer } from './features/contact/mailer'
import { attractionsRoutes } from './features/attractions/index'
import { contactRoutes } from './features/contact/index'
import { eventsRoutes } from './features/events/index'
import { galleriesRoutes } from './features/galleries/index'
import { holidaysRoutes } from './features/holidays/index'
import { menusRoutes } from './features/menus/index'
import { openingTimesRoutes } from './features/opening-times/index'
import { venueRoutes } from './features/venue/index'
import { apiReplies } from './http/api-replies'
import { bodyParsing } from './http/body-limits'
import { errorHandling } from './http/errors'
import { healthRoutes } from './http/health'
import { securityHeaders } from './http/security'
import { uploadedFiles, webApp } from './http/web-app'
import { seedDemoContent } from './seed/demo'

export const MIN_PASSWORD_LENGTH = 12

/** The development account created with the demo content; the README tells staff to change it. */
export const DEMO_ADMIN = { username: 'admin', password: 'change-me-please' }

/** Opens the database, applies migrations and prepares everything a request handler needs. */
export async function createContext(config: Config, overrides: Partial<Pick<AppContext, 'now' | 'mailer'>> = {}): Promise<AppContext> {
  const db = openDatabase(config.databaseFile)
  let jwtSecret = config.jwtSecret ?? getSetting(db, 'jwt_secret')
  if (!jwtSecret) {
    jwtSecret = randomBytes(48).toString('base64url')
    setSetting(db, 'jwt_secret', jwtSecret)
  }
  const variants = new VariantQueue(db, config.uploadsDir, config.variantsDir)
  const ctx: AppContext = {
    config,
    db,
    files: new FileStore(db, config.uploadsDir, variants),
    variants,
    mailer: overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom),
    now: overrides.now ?? (() => new Date()),
    jwtSecret,
  }
  if (countAdmins(db) === 0) {
    if (config.adminUsername && config.adminPassword) {
      if (config.adminPassword.length < MIN_PASSWORD_LENGTH) {
        throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
      }
      await createAdmin(db, config.adminUsername, config.adminPassword)
    }
    else if (config.seedDemo) await createAdmin(db, DEMO_ADMIN.username, DEMO_ADMIN.password)
    else console.warn(JSON.stringify({ level: 'warn', msg: 'no staff account: set ADMIN_USERNAME and ADMIN_PASSWORD and restart' }))
  }
  if (config.seedDemo) await seedDemoContent(ctx)
  return ctx
}

/** The whole HTTP application. The server and the tests both build it here. */
export function createApp(ctx: AppContext) {
  return new Elysia()
    .use(securityHeaders(ctx.config))
    .use(errorHandling)
    .use(bodyParsing)
    .use(apiReplies)
    .use(authRoutes(ctx))
    .use(healthRoutes(ctx))
    .use(venueRoutes(ctx))
    .use(openingTimesRoutes(ctx))
    .use(holidaysRoutes(ctx))
    .use(galleriesRoutes(ctx))
    .use(attractionsRoutes(ctx))
    .use(eventsRoutes(ctx))
    .use(menusRoutes(ctx))
    .use(contactRoutes(ctx))
    .use(uploadedFiles(ctx.files))
    .use(webApp(ctx.config.webDistDir))
}

export type App = ReturnType<typeof createApp>
