import { useEffect, useId, useRef } from 'react'
import { Link, useSearch } from 'wouter'
import type { StaffPage } from '../../../api/types'
import { isPageKey, PAGE_KEYS, PAGE_NAMES, type PageKey } from '../../../../../api/src/shared/rules/pages'
import { formatShortDateTime } from '../../../../../api/src/shared/rules/venue-time'
import { useResource } from '../../../stores'
import { listProblem } from '../../shell/listProblem'
import { PendingBadge, usePending } from '../../shell/pending'
import { AdminScreen, AdminSection } from '../../shell/ui'
import { pendingPage } from './changes'
import { PageEditor } from './PageEditor'
import { useAdminPages } from './store'
import '../../styles/staff'
import './pages.css'

export const PAGES_PATH = '/managePages'
export const PAGES_INTRO =
  'The words and pictures of each page of the website: the title and picture at the top, the text, and the lists (the home page’s tiles, the rooms). Saved, they show on the website at once; offline, they are kept on this device and sent when you are back online.'

const publicPath = (page: PageKey) => (page === 'home' ? '/' : `/${page}`)

function PageRow({ page, stored }: { page: PageKey; stored: StaffPage | undefined }) {
  const queued = pendingPage(usePending('page'), page)
  return (
    <li className="admin-row" data-page={page}>
      <div className="admin-row__body">
        <p className="admin-row__title">
          {PAGE_NAMES[page]}
          <PendingBadge mark={queued.mark ?? queued.picture} />
        </p>
        <p className="admin-row__meta">
          {stored ? `“${stored.title}” · changed ${formatShortDateTime(new Date(stored.updated_at))} · ` : ''}
          <a href={publicPath(page)}>
            See it on the website<span className="visually-hidden"> ({PAGE_NAMES[page]})</span>
          </a>
        </p>
      </div>
      <Link href={`${PAGES_PATH}?page=${page}`} className="button button--small" id={`page-edit-${page}`}>
        Edit<span className="visually-hidden"> the {PAGE_NAMES[page]} page</span>
      </Link>
    </li>
  )
}

/** Staff's words and pictures for every public page: the list, then one page's editor (`?page=about`). */
export function ManagePages() {
  const ids = useId()
  const list = useResource(useAdminPages)
  const wanted = new URLSearchParams(useSearch()).get('page') ?? ''
  const chosen = isPageKey(wanted) ? wanted : null
  const stored = chosen ? list.data?.find((page) => page.page === chosen) : undefined
  const heading = useRef<HTMLHeadingElement>(null)
  const last = useRef<PageKey | null>(null)

  // Opening a page's editor puts focus on its heading; back on the list, on the Edit link of the page just left.
  useEffect(() => {
    if (chosen) heading.current?.focus()
    else if (last.current) document.getElementById(`page-edit-${last.current}`)?.focus()
    last.current = chosen
  }, [chosen])

  if (!list.data) {
    return (
      <AdminScreen title="Page words and pictures" intro={PAGES_INTRO}>
        <p className="admin-loading">{list.status === 'error' ? listProblem(list.error, 'The pages') : 'Loading the pages…'}</p>
      </AdminScreen>
    )
  }
  return (
    <AdminScreen title="Page words and pictures" intro={PAGES_INTRO}>
      {chosen && stored ? (
        <>
          <div className="page-editor__top">
            <h2 className="page-editor__title" ref={heading} tabIndex={-1}>
              The {PAGE_NAMES[chosen]} page
            </h2>
            <Link href={PAGES_PATH} className="admin-header__back">
              <span aria-hidden="true">←</span> All pages
            </Link>
          </div>
          <PageEditor key={chosen} page={chosen} stored={stored} />
        </>
      ) : (
        <AdminSection title="Pages" id={`${ids}-pages`}>
          <ul className="admin-rows">
            {PAGE_KEYS.map((page) => (
              <PageRow key={page} page={page} stored={list.data?.find((row) => row.page === page)} />
            ))}
          </ul>
        </AdminSection>
      )}
    </AdminScreen>
  )
}
