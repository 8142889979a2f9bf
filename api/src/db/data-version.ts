import type { AppContext } from '../context'
import { venueDate } from '../shared/time'

/**
 * What the data shown on public pages is a function of: every committed write on this connection
 * (SQLite's total_changes()), any other connection's (PRAGMA data_version: a restore, a script) and
 * the venue's date (what is upcoming). One tiny query; equal versions mean equal data.
 */
export function dataVersion(ctx: AppContext): () => string {
  const query = ctx.db.query<{ external: number; own: number }, []>('SELECT data_version AS external, total_changes() AS own FROM pragma_data_version')
  return () => {
    const { external, own } = query.get()!
    return `${external}:${own}:${venueDate(ctx.now())}`
  }
}
