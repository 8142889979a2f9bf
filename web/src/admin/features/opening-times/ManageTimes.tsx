import { useEffect, useId, useMemo } from 'react'
import { GROUP_LABELS, HOTEL_GROUPS, STABLES_GROUPS, type OpeningTimes, type UpdateTimesReply } from '../../../api/types'
import { useVenue } from '../../../shell/venue'
import { failureStatus, mutate } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { usePending } from '../../shell/pending'
import { pendingTimes, timesEditFields, type TimesMeta } from './changes'
import { useAdminOpeningTimes } from './store'
import { useResource } from '../../../stores'
import { AdminScreen, AdminSection } from '../../shell/ui'
import { FormFooter, SelectField, TimeRangeFields } from '../../shell/formParts'
import { currentOf, CurrentTimes } from './CurrentTimes'
import { useMutationForm } from '../../shell/useMutationForm'
import { problemIn, StaffForm } from '../../shell/fieldErrors'
import { venueName, type VenueKey } from '../../../../../api/src/shared/rules/venues'

export const TIMES_ERROR = 'Error updating times. Please try again.'
export const TIMES_REQUIRED = 'Please enter the opening and closing times, or tick Closed.'
export const TIMES_CHOOSE = 'Please choose a business and the days to change.'

export type Business = VenueKey
type Group = keyof typeof GROUP_LABELS

export const BUSINESSES: Record<Business, { groups: readonly Group[]; food: string }> = {
  hotel: { groups: HOTEL_GROUPS, food: 'Breakfast' },
  stables: { groups: STABLES_GROUPS, food: 'Lunch' },
}

type Chosen = (typeof BUSINESSES)[Business] & { name: string }

const INITIAL = { business: '', group: '', type: 'opening', open: '', close: '', closed: false }

/** One business's hours (or food times) for one group of days; `seen`: the times as staff saw them. */
function sendTimes({ business, group, type, open, close, closed }: typeof INITIAL, chosen: Chosen, seen: OpeningTimes | null) {
  // The business's key, not its name: a change queued offline stays valid after an owner renames the venue.
  const body = { name: business, day: group, open_time: closed ? '' : open, close_time: closed ? '' : close, type, closed }
  const meta: TimesMeta = { kind: 'times', business: business as Business, group, type: type === 'food' ? 'food' : 'opening', open, close, closed }
  return mutate<UpdateTimesReply>({
    method: 'PUT',
    path: '/api/update-times',
    body,
    label: `${chosen.name}, ${GROUP_LABELS[group as Group]}: ${type === 'food' ? chosen.food : 'opening hours'}`,
    // A change made elsewhere since to these days is not overwritten: only a time changed on both sides is asked about.
    baseVersion: seen?.updated_at || undefined,
    base: seen ? (timesEditFields(seen, meta.business, group, meta.type) ?? undefined) : undefined,
    record: `times:${business}:${group}`,
    versionField: 'opening_times.updated_at',
    meta,
  })
}

export function ManageTimes() {
  const ids = useId()
  const times = useResource(useAdminOpeningTimes)
  const form = useFormDraft('times', INITIAL)
  const { business, group, type, open, close, closed } = form.values
  const venue = useVenue()
  const named = (key: Business): Chosen => ({ ...BUSINESSES[key], name: venueName(venue, key) })
  const chosen = business === 'hotel' || business === 'stables' ? named(business) : null
  const pendingEntries = usePending('times')
  const queued = useMemo(() => pendingTimes(pendingEntries), [pendingEntries])

  const save = useMutationForm({
    validate: () =>
      problemIn(TIMES_CHOOSE, { name: !chosen }) ??
      problemIn(TIMES_CHOOSE, { day: !chosen?.groups.includes(group as Group) }) ??
      problemIn(TIMES_REQUIRED, { open_time: !closed && !open, close_time: !closed && !close }),
    send: async () => {
      const reply = await sendTimes(form.values, chosen!, times.data ?? null)
      if (reply?.opening_times) useAdminOpeningTimes.setState({ data: reply.opening_times, status: 'ready', error: null, fromCache: false })
      else void useAdminOpeningTimes.getState().load()
      return reply
    },
    sent: (reply) => ({ text: reply?.message || 'Opening times updated.', tone: 'success' }),
    failed: (error) => failureStatus(error, TIMES_ERROR, 'Opening times update'),
  })

  /** Puts the stored values of a business, group and type into the form. */
  const prefill = (nextBusiness: string, nextGroup: string, nextType: string) => {
    const current = nextBusiness && nextGroup ? currentOf(times.data, nextBusiness as Business, nextGroup) : null
    const r = nextType === 'food' ? current?.food : current?.hours
    const isClosed = current ? (nextType === 'food' ? !current.closed && !current.food : current.closed) : false
    form.patch({ business: nextBusiness, group: nextGroup, type: nextType, open: r?.open_time ?? '', close: r?.close_time ?? '', closed: isClosed })
    save.showProblem(null)
  }

  // A group chosen before the current times arrived gets its values once they do.
  const loaded = times.data
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the data arrives, not on every keystroke in the form
  useEffect(() => {
    const { business: b, group: g, type: t, open: o, close: c, closed: x } = form.values
    if (loaded && b && g && !o && !c && !x) prefill(b, g, t)
  }, [loaded])

  const foodLabel = chosen?.food ?? 'Food'
  return (
    <AdminScreen title="Manage Opening Times" intro="Times are the venue's local time. Changes show on the Contact page straight away.">
      <AdminSection title="Change times" id={`${ids}-form`}>
        <StaffForm form={save}>
          <div className="admin-form__row admin-form__row--3">
            <SelectField label="Business" id={`${ids}-business`} name="name" required value={business} onValue={(value) => prefill(value, '', type)}>
              <option value="">Choose a business…</option>
              <option value="hotel">{venue.hotelName}</option>
              <option value="stables">{venue.barName}</option>
            </SelectField>
            <SelectField
              label="Days"
              id={`${ids}-group`}
              name="day"
              required
              value={group}
              disabled={!chosen}
              onValue={(value) => prefill(business, value, type)}
            >
              <option value="">{chosen ? 'Choose the days…' : 'Choose a business first'}</option>
              {chosen?.groups.map((key) => (
                <option key={key} value={key}>
                  {GROUP_LABELS[key]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Times for" id={`${ids}-type`} name="type" value={type} onValue={(value) => prefill(business, group, value)}>
              <option value="opening">Opening hours</option>
              <option value="food">{foodLabel}</option>
            </SelectField>
          </div>
          <TimeRangeFields
            id={ids}
            open={open}
            close={close}
            closed={closed}
            closedLabel={type === 'food' ? `Closed (no ${foodLabel.toLowerCase()})` : 'Closed'}
            onOpen={(value) => form.set('open', value)}
            onClose={(value) => form.set('close', value)}
            onClosed={(value) => form.set('closed', value)}
          />
          <FormFooter form={save} label="Save times" busyLabel="Saving…" />
        </StaffForm>
      </AdminSection>

      <AdminSection title="Current times" id={`${ids}-current`}>
        <CurrentTimes
          times={times}
          venues={(Object.keys(BUSINESSES) as Business[]).filter((key) => !chosen || key === business).map((key) => ({ key, ...named(key) }))}
          selected={`${business}|${group}`}
          queued={queued}
        />
      </AdminSection>
    </AdminScreen>
  )
}
