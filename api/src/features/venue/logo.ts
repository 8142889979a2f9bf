import type { Database } from 'bun:sqlite'
import { Elysia, t } from 'elysia'
import type { RecordActivity } from '../../auth/activity-trail'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { badRequest, HttpError } from '../../http/errors'
import { SHIPPED_LOGO } from '../../shared/rules/picture-paths'
import { VENUE_LOGO } from '../../shared/rules/uploads'

export interface LogoRow {
  name: string
  updated_at: string
}

export const findLogo = (db: Database): LogoRow | null => db.query<LogoRow, []>('SELECT name, updated_at FROM venue_logo WHERE id = 1').get()

/** The address of the venue's logo now: its upload (content-addressed, so never stale in a cache) or the shipped one. */
export const logoUrl = (ctx: AppContext): string => {
  const row = findLogo(ctx.db)
  return row ? ctx.files.urlOf(row.name) : SHIPPED_LOGO
}

const LogoReply = t.Object({ message: t.String(), logo: t.String() })
const LogoBody = t.Object({ logo: t.File({ error: 'Choose a logo (PNG or WebP) to upload.' }) })

/**
 * Why a picture will not do as the logo (animated, too small for the app's icons, or far from square), or
 * null. An animated logo would move on every page without end (nothing there pauses it) while the icons
 * and favicon drawn from it showed its first frame only.
 */
function logoProblem({ width, height, animated }: { width: number | null; height: number | null; animated: boolean }): string | null {
  if (!width || !height) return 'The logo could not be read as a picture.'
  if (animated)
    return 'The logo is animated: please choose a still picture (a PNG, or a WebP of one frame). It shows on every page and in the app’s icons, which keep still.'
  if (Math.min(width, height) < VENUE_LOGO.minSize)
    return `The logo is ${width} × ${height} pixels: at least ${VENUE_LOGO.minSize} × ${VENUE_LOGO.minSize} is needed for the installed app's icons (512 × 512 looks best).`
  if (Math.max(width, height) / Math.min(width, height) > 1.25)
    return `The logo is ${width} × ${height} pixels: it needs to be about square (the app's icons are), so please crop it.`
  return null
}

/**
 * Owners replace the logo (PNG or WebP, through the file worker) or go back to the shipped one. The
 * change is one write with its trail entry; every page served next shows it, and the installed app's
 * icons and the favicon follow (app-icons.ts). The logo replaced is removed from disk once released.
 */
export function venueLogoRoutes(ctx: AppContext) {
  const change = (name: string | null, record: RecordActivity) => {
    const before = findLogo(ctx.db)
    const at = ctx.now().toISOString()
    if (name)
      ctx.db
        .query(
          'INSERT INTO venue_logo (id, name, updated_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at',
        )
        .run(name, at)
    else ctx.db.query('DELETE FROM venue_logo WHERE id = 1').run()
    const after = name ? ctx.files.urlOf(name) : SHIPPED_LOGO
    record({
      kind: 'venue',
      action: 'update',
      record_id: null,
      summary: name ? 'Replaced the logo' : 'Went back to the original logo',
      changes: [{ field: 'logo', before: before ? ctx.files.urlOf(before.name) : SHIPPED_LOGO, after }],
    })
    return { replaced: before && before.name !== name ? before.name : null, logo: after }
  }
  return new Elysia({ name: 'feature.venue.logo' })
    .use(adminGuard(ctx))
    .post(
      '/admin/venue/logo',
      async ({ body, commit, activity }) => {
        const saved = await ctx.files.save(body.logo, { label: 'The logo', accept: VENUE_LOGO.types, maxBytes: VENUE_LOGO.maxBytes }).catch((error) => {
          // Said in the logo's own words: an SVG is what a logo usually is, and why it is refused is worth saying.
          if (error instanceof HttpError && error.status === 415) throw new HttpError(415, VENUE_LOGO.typeMessage)
          throw error
        })
        const problem = logoProblem(saved)
        if (problem) {
          ctx.files.discard([saved])
          throw badRequest(problem)
        }
        const result = ctx.files.recordWith([saved], () => commit(() => change(saved.name, activity)))
        if (result.replaced) ctx.files.release(result.replaced)
        return { message: 'The new logo is saved: every page shows it now.', logo: result.logo }
      },
      { admin: true, owner: true, body: LogoBody, response: LogoReply },
    )
    .delete(
      '/admin/venue/logo',
      ({ commit, activity }) => {
        const result = commit(() => change(null, activity))
        if (result.replaced) ctx.files.release(result.replaced)
        return { message: 'The original logo is back on every page.', logo: result.logo }
      },
      { admin: true, owner: true, response: LogoReply },
    )
}
