import { Suspense } from 'react'
import { lazyPage } from '../../shell/publicRoutes'
import { pageData, useResource } from '../../stores'
import { useNotices } from './store'

/**
 * The notice's code is a chunk of its own: most days there is no notice, and the first script every
 * page needs stays within its budget. It is loaded before a page with notices hydrates (main.tsx),
 * before the server renders one (entry-server.tsx), and in an idle moment for offline use.
 */
const LazyVisitorNotice = lazyPage('features/notices/VisitorNotice.tsx', () => import('./VisitorNotice'))

export const loadVisitorNotice = LazyVisitorNotice.load

/** Before hydration: the notice's code when the page came with notices, so it hydrates with the page rather than after. */
export const loadServedNotice = async () => {
  if ((pageData()?.stores.notices as unknown[] | undefined)?.length) await loadVisitorNotice()
}

/**
 * Where the notice for visitors goes at the top of every public page: nothing while no notice is
 * current or to come (the list holds only notices that have not ended), else the notice itself,
 * which shows each from its start to its end.
 */
export function NoticeSlot() {
  const { data } = useResource(useNotices)
  if (!data?.length) return null
  return (
    <Suspense>
      <LazyVisitorNotice />
    </Suspense>
  )
}
