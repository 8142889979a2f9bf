import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { jsonError } from '../../http/errors'
import { notModified } from '../../http/negotiation'
import { APP_ICONS, appNames, MANIFEST_ICONS, type AppIcon } from '../../shared/rules/app-identity'
import { findLogo } from './logo'

/** Asked for again on every use, answered 304 while unchanged: a new logo or name shows at the next visit. */
const REVALIDATE = 'no-cache'

const reply = (body: ConstructorParameters<typeof Response>[0], type: string, etag: string, request: Request) => {
  const headers = { 'content-type': type, 'cache-control': REVALIDATE, etag, 'x-content-type-options': 'nosniff' }
  return notModified(request, etag) ? new Response(null, { status: 304, headers }) : new Response(body, { headers })
}

const noSuchIcon = () => jsonError(404, 'No such icon.')

/** The worker could not draw the icon now (busy with uploads, restarting): the browser or installed app asks again later. */
const cannotDraw = () => jsonError(503, 'The icon could not be drawn just now: please try again in a minute.', { 'retry-after': '60' })

/**
 * The installed app's icons, the favicon and the web app manifest, as the venue is now: drawn by the
 * visitors' file worker (never behind an upload) from the logo an owner uploaded (once per logo, kept on disk beside the
 * uploads; 503 when it cannot be drawn), else the build's files; the
 * manifest with the venue's current names, the build's for everything else. Same addresses throughout,
 * so pages and installed apps need nothing new to follow a change.
 */
export function appIconRoutes(ctx: AppContext) {
  const built = (file: string) => join(ctx.config.webDistDir, file)
  const iconsDir = join(ctx.config.uploadsDir, '..', 'app-icons')
  const drawing = new Map<string, Promise<string>>()
  let builtManifest: Record<string, unknown> | null = null

  const manifestOfBuild = (): Record<string, unknown> => {
    builtManifest ??= existsSync(built('manifest.webmanifest')) ? JSON.parse(readFileSync(built('manifest.webmanifest'), 'utf8')) : {}
    return builtManifest!
  }
  /** The background of the padded icons: the build's theme colour, so an uploaded logo's icons match. */
  const background = () => String(manifestOfBuild().theme_color ?? '#2f4a3a')

  /** The icon's file drawn from the logo (one drawing at a time per icon). */
  function drawnIcon(logoName: string, icon: AppIcon): Promise<string> {
    const file = join(iconsDir, `${logoName.slice(0, 32)}-${icon.fileName.slice('icons/'.length)}`)
    if (existsSync(file)) return Promise.resolve(file)
    let made = drawing.get(file)
    if (!made) {
      mkdirSync(iconsDir, { recursive: true })
      const { size, purpose } = icon
      // The visitors' worker, as for every picture copy they ask for: an icon never waits behind an upload.
      made = ctx.pictureWorker
        .run('appIcon', { logo: ctx.files.pathOf(logoName), output: `${file}.part`, size, purpose, background: background() })
        .then(() => {
          // Written whole before it is named: a reply never sends half an icon.
          renameSync(`${file}.part`, file)
          removeOtherLogosIcons()
          return file
        })
        .finally(() => drawing.delete(file))
      drawing.set(file, made)
    }
    return made
  }

  /** Icons of a logo that is no longer the venue's are removed; drawings under way (`.part`) are left to finish. */
  function removeOtherLogosIcons() {
    const now = findLogo(ctx.db)?.name.slice(0, 32)
    for (const old of readdirSync(iconsDir)) if (!old.endsWith('.part') && (!now || !old.startsWith(now))) rmSync(join(iconsDir, old), { force: true })
  }

  /**
   * The icon of the logo now, as bytes (an icon is a few KB). A logo replaced while its icon was drawn
   * or read is removed from disk with its icons: the icon is then drawn from the logo that replaced it.
   * Null when the venue has no logo of its own.
   */
  async function currentIcon(icon: AppIcon): Promise<{ bytes: Uint8Array<ArrayBuffer>; logoName: string } | null> {
    for (let attempt = 1; ; attempt++) {
      const logo = findLogo(ctx.db)
      if (!logo) return null
      try {
        return { bytes: await Bun.file(await drawnIcon(logo.name, icon)).bytes(), logoName: logo.name }
      } catch (error) {
        if (attempt < 3 && findLogo(ctx.db)?.name !== logo.name) continue
        throw error
      }
    }
  }

  return new Elysia({ name: 'feature.venue.app-icons' })
    .get('/icons/:file', async ({ params, request }) => {
      const icon = APP_ICONS.find((known) => known.fileName === `icons/${params.file}`)
      if (!icon) return noSuchIcon()
      let drawn: Awaited<ReturnType<typeof currentIcon>>
      try {
        drawn = await currentIcon(icon)
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', msg: 'app icon not drawn', icon: icon.fileName, cause: String((error as Error)?.stack ?? error) }))
        return cannotDraw()
      }
      if (drawn) return reply(drawn.bytes, 'image/png', `"${drawn.logoName.slice(0, 32)}-${params.file}"`, request)
      if (!existsSync(built(icon.fileName))) return noSuchIcon()
      const file = Bun.file(built(icon.fileName))
      return reply(file, 'image/png', `"built-${file.size}-${file.lastModified}"`, request)
    })
    .get('/manifest.webmanifest', ({ request }) => {
      const venue = ctx.venue()
      const logo = findLogo(ctx.db)
      const version = logo ? logo.name.slice(0, 8) : 'built'
      const manifest = {
        ...manifestOfBuild(),
        ...appNames(venue),
        // The address names the logo: an installed app sees new icons as new, and fetches them.
        icons: MANIFEST_ICONS.map((icon) => ({
          src: `/${icon.fileName}?v=${version}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        })),
      }
      const text = JSON.stringify(manifest)
      return reply(text, 'application/manifest+json', `"${createHash('sha1').update(text).digest('hex').slice(0, 16)}"`, request)
    })
}
