// Pure rules about when notices for visitors show, imported by the API, the public pages and the
// server's render alike (no server imports). What a notice may hold is in notice-fields.ts.

/** A notice as far as its showing goes: the instants it starts and ends at (UTC ISO 8601, so text order is time order). */
export interface NoticeWindow {
  starts_at: string
  ends_at: string
}

/** Whether the notice shows at `now`: from its start (included) until its end (excluded). */
export function isNoticeCurrent(notice: NoticeWindow, now: Date): boolean {
  const at = now.getTime()
  return Date.parse(notice.starts_at) <= at && at < Date.parse(notice.ends_at)
}

/** The notices that show at `now`, in the order given (soonest start first). */
export function currentNotices<T extends NoticeWindow>(notices: readonly T[], now: Date): T[] {
  return notices.filter((notice) => isNoticeCurrent(notice, now))
}

/** The next moment after `now` at which the notices shown change (a start or an end), or null when none will. */
export function nextNoticeChange(notices: readonly NoticeWindow[], now: Date): number | null {
  const at = now.getTime()
  let next: number | null = null
  for (const notice of notices) {
    for (const edge of [Date.parse(notice.starts_at), Date.parse(notice.ends_at)]) {
      if (edge > at && (next === null || edge < next)) next = edge
    }
  }
  return next
}
