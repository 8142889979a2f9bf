import { useId, useMemo } from 'react'
import { usePending } from '../../shell/pending'
import { AdminScreen, AdminSection } from '../../shell/ui'
import { AttractionList } from './AttractionList'
import { mergeAttractions } from './changes'
import { EditAttraction } from './EditAttraction'
import { useAdminAttractions } from './store'
import { useResource } from '../../../stores'
import { UploadAttraction } from './UploadAttraction'

export * from './messages'

export function ManageAttractions() {
  const ids = useId()
  const list = useResource(useAdminAttractions)
  const pending = usePending('attraction')
  const attractions = useMemo(() => mergeAttractions(list.data ?? [], pending), [list.data, pending])

  return (
    <AdminScreen title="Manage Attractions" intro="The places listed on the Nearby page, each with a picture, a description and a link.">
      <UploadAttraction id={`${ids}-upload`} />
      <EditAttraction id={`${ids}-edit`} attractions={attractions} />
      <AdminSection title="Delete an attraction" id={`${ids}-delete`}>
        <AttractionList attractions={attractions} loading={list.status === 'loading' && !list.data} failed={list.status === 'error' && !list.data} />
      </AdminSection>
    </AdminScreen>
  )
}
