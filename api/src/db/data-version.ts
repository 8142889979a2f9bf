import type { AppContext } from '../context'
import { venueDate } from '../shared/time'

/**
 * How long another process's writes (a script, `sqlite3` by hand) may take to show. Asking SQLite
 * for PRAGMA data_version opens a read of the file, several times the cost of answering a kept reply,
 * so it is asked at most this often; this server's own writes show at once.
 */
export const EXTERNAL_CHANGES_CHECK_MS = 250

const MINUTE_MS = 60_000

/**
 * One per app: the reply cache, the served pages and the structured data all ask the same one, so
 * another process's write shows in all of them at the same moment (with one each, a page could show
 * it while the API still sent the old reply, for up to EXTERNAL_CHANGES_CHECK_MS).
 */
const versions = new WeakMap<AppContext, () => string>()

export function dataVersion(ctx: AppContext): () => string {
  let version = versions.get(ctx)
  if (!version) {
    version = newDataVersion(ctx)
    versions.set(ctx, version)
  }
  return version
}

/**
 * What the data shown on public pages is a function of: every committed write on this connection
 * (SQLite's total_changes(), a counter in memory), any other connection's (PRAGMA data_version: a
 * script, checked every EXTERNAL_CHANGES_CHECK_MS) and the venue's date (what is upcoming). Equal
 * versions mean equal data. Asked on every public read, so each part is kept as cheap as it can be.
 */
function newDataVersion(ctx: AppContext): () => string {
  const ownChanges = ctx.db.query<[number], []>('SELECT total_changes()')
  const externalChanges = ctx.db.query<[number], []>('PRAGMA data_version')
  let external = 0
  let externalCheckedAt = Number.NEGATIVE_INFINITY
  // The venue's date changes only on a minute (zone offsets are whole minutes), so it is worked out once a minute.
  let dateMinute = Number.NaN
  let date = ''
  return () => {
    const nowMs = ctx.now().getTime()
    const wallMs = performance.now()
    if (wallMs - externalCheckedAt >= EXTERNAL_CHANGES_CHECK_MS) {
      external = Number(externalChanges.values()[0]![0])
      externalCheckedAt = wallMs
    }
    const minute = Math.floor(nowMs / MINUTE_MS)
    if (minute !== dateMinute) {
      date = venueDate(new Date(nowMs))
      dateMinute = minute
    }
    return `${external}:${Number(ownChanges.values()[0]![0])}:${date}`
  }
}
