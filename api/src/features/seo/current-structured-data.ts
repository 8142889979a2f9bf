import type { AppContext } from '../../context'
import { listHolidaysFrom } from '../holidays'
import { readOpeningTimes } from '../opening-times'
import { localBusinessData, structuredDataScript } from '../../shared/structured-data'
import { venueDate } from '../../shared/time'
import { dataVersion } from '../../db/data-version'

/**
 * The venues' structured-data block as the database has it now, for the pages the server sends.
 * It is rebuilt only when something may have changed: a write on this connection (SQLite's
 * total_changes()), a write by any other connection (PRAGMA data_version: a restore, a script) or a
 * new day at the venue (exceptions expire). Checking costs one tiny query, so a page stays a lookup.
 * Writes that change nothing shown (a contact message) rebuild the same text, so pages keep their ETag.
 */
export function currentStructuredData(ctx: AppContext): () => string {
  const version = dataVersion(ctx)
  let builtFor = ''
  let script = ''
  return () => {
    const today = venueDate(ctx.now())
    const current = version()
    if (current !== builtFor) {
      const exceptions = listHolidaysFrom(ctx.db, today).map((row) => ({ ...row, closed: row.closed === 1 }))
      script = structuredDataScript(
        localBusinessData({ venue: ctx.venue(), siteUrl: ctx.config.siteUrl, openingTimes: readOpeningTimes(ctx.db), exceptions, today }),
      )
      builtFor = current
    }
    return script
  }
}
