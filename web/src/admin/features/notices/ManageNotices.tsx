import { useEffect, useId, useMemo, useState } from 'react'
import type { NoticeDeletedReply } from '../../../api/types'
import { formatShortDateTime } from '../../../../../api/src/shared/rules/venue-time'
import { venueName } from '../../../../../api/src/shared/rules/venues'
import type { VenueInfo } from '../../../api/types'
import { useVenue } from '../../../shell/venue'
import { useResource } from '../../../stores'
import { failureStatus, mutate } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { focusFollowsList } from '../../shell/listFocus'
import { PendingBadge, usePending } from '../../shell/pending'
import { AdminScreen, AdminSection, StatusMessage } from '../../shell/ui'
import { useRowDelete } from '../../shell/useRowDelete'
import { toVenueInput } from '../../time'
import { mergeNotices, noticePhase, type DisplayNotice, type NoticeMeta } from './changes'
import { EMPTY_NOTICE, NoticeForm } from './NoticeForm'
import { useAdminNotices } from './store'
import '../../styles/staff'
import { BusyButton } from '../../../ui/BusyButton'

const PHASES = [
  { phase: 'current', title: 'Showing now', empty: 'No notice is showing now.' },
  { phase: 'upcoming', title: 'Upcoming', empty: 'No notice is planned.' },
  { phase: 'past', title: 'Past', empty: 'No notice has ended yet.' },
] as const

const whereShown = (notice: DisplayNotice, identity: VenueInfo) => (notice.venue === 'both' ? 'Both venues' : venueName(identity, notice.venue))

function NoticeRow({ notice, busy, onEdit, onDelete }: { notice: DisplayNotice; busy: boolean; onEdit(): void; onDelete(): void }) {
  const identity = useVenue()
  const deleted = notice.pending?.op === 'delete'
  const short = notice.text.length > 40 ? `${notice.text.slice(0, 37)}…` : notice.text
  return (
    <li
      className={`admin-row${notice.pending ? ' is-pending' : ''}${deleted ? ' is-deleted' : ''}`}
      data-notice-id={notice.id}
      data-pending={notice.pending?.state}
    >
      <div className="admin-row__body">
        <p className="admin-row__title">
          {notice.text}
          <PendingBadge mark={notice.pending} />
        </p>
        <p className="admin-row__meta">
          {whereShown(notice, identity)} · {formatShortDateTime(new Date(notice.starts_at))} to {formatShortDateTime(new Date(notice.ends_at))}
          {notice.link ? ` · link “${notice.link_text}” to ${notice.link}` : ''}
        </p>
      </div>
      <button type="button" className="button button--small" onClick={onEdit} disabled={deleted}>
        Edit<span className="visually-hidden"> the notice “{short}”</span>
      </button>
      <BusyButton type="button" className="button button--small button--danger" onClick={focusFollowsList(onDelete)} busy={busy || deleted}>
        {busy ? 'Deleting…' : 'Delete'}
        <span className="visually-hidden"> the notice “{short}”</span>
      </BusyButton>
    </li>
  )
}

/** Staff's notices for visitors: showing now, upcoming and past, with the form to add or edit one. */
export function ManageNotices() {
  const ids = useId()
  const list = useResource(useAdminNotices)
  const pending = usePending('notice')
  const notices = useMemo(() => mergeNotices(list.data ?? [], pending), [list.data, pending])
  const form = useFormDraft('notices-form', EMPTY_NOTICE)
  const rowDelete = useRowDelete<number | string>()
  // The phases follow the clock of this device, read after the first render.
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])

  const edit = (notice: DisplayNotice) => {
    form.patch({
      editing: String(notice.id),
      text: notice.text,
      link: notice.link ?? '',
      link_text: notice.link_text ?? '',
      venue: notice.venue,
      starts_at: toVenueInput(notice.starts_at),
      ends_at: toVenueInput(notice.ends_at),
    })
    document.getElementById(`${ids}-text`)?.focus()
  }
  const remove = (notice: DisplayNotice) =>
    rowDelete.run({
      key: notice.id,
      question: `Delete the notice “${notice.text}”? Visitors will no longer see it.`,
      send: () =>
        mutate<NoticeDeletedReply>({
          method: 'DELETE',
          path: `/api/admin/notices/${notice.id}`,
          label: `Delete notice “${notice.text.slice(0, 40)}”`,
          record: `notice:${notice.id}`,
          meta: { kind: 'notice', op: 'delete', id: notice.id } satisfies NoticeMeta,
        }),
      done: () => ({ text: 'Notice deleted.', tone: 'success' }),
      failed: (error) => failureStatus(error, 'The notice was not deleted.', 'Deleting a notice'),
      reload: () => useAdminNotices.getState().load(),
    })

  return (
    <AdminScreen
      title="Notices for Visitors"
      intro="A short notice shown at the top of every page of the website from its start until its end, such as “The kitchen is closed today until 6 pm”."
    >
      <AdminSection title={form.values.editing ? 'Edit the notice' : 'Add a notice'} id={`${ids}-form`}>
        <NoticeForm id={ids} form={form} notices={notices} />
      </AdminSection>
      <StatusMessage status={rowDelete.status} />
      {!list.data && notices.length === 0 ? (
        <p className="admin-loading">{list.status === 'error' ? 'The notices could not be loaded.' : 'Loading notices…'}</p>
      ) : (
        PHASES.map(({ phase, title, empty }) => {
          const shown = now ? notices.filter((notice) => noticePhase(notice, now) === phase) : []
          return (
            <AdminSection key={phase} title={title} id={`${ids}-${phase}`}>
              {shown.length === 0 ? (
                <p className="admin-empty">{empty}</p>
              ) : (
                <ul className="admin-rows">
                  {(phase === 'past' ? [...shown].reverse() : shown).map((notice) => (
                    <NoticeRow
                      key={notice.id}
                      notice={notice}
                      busy={rowDelete.busy === notice.id}
                      onEdit={() => edit(notice)}
                      onDelete={() => void remove(notice)}
                    />
                  ))}
                </ul>
              )}
            </AdminSection>
          )
        })
      )}
    </AdminScreen>
  )
}
