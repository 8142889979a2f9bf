import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { ApiError } from '../../../api/client'
import type { SaveVenueReply } from '../../../api/types'
import { useOnline } from '../../../lib/hooks'
import { useResource } from '../../../stores'
import { venueStore } from '../../../shell/venue'
import { failureStatus, isQueued, mutate, versionMadeBy } from '../../adminApi'
import { useStaffMember } from '../../session'
import { listProblem } from '../../shell/listProblem'
import { FormFooter, InputField } from '../../shell/formParts'
import { StaffForm } from '../../shell/fieldErrors'
import { PendingBadge, usePending } from '../../shell/pending'
import { AdminScreen, AdminSection } from '../../shell/ui'
import { FormProblem, useMutationForm } from '../../shell/useMutationForm'
import { OWNER_ONLY_MESSAGE } from '../../../../../api/src/shared/rules/staff-roles'
import {
  VENUE_FIELDS,
  venueDetailChanges,
  venueDetailsProblems,
  venueFieldOfMessage,
  type VenueDetails as Details,
} from '../../../../../api/src/shared/rules/venue-details'
import { pendingVenue, type VenueMeta } from './changes'
import { useAdminVenue } from './store'
import { VenueLogo } from './VenueLogo'

export const VENUE_INTRO =
  'The names, phone, address and addresses of the services the site links to. Saved, they show on every page at once — except where a page’s own words name the venue (the home page’s title, for one): change those under Page Words and Pictures.'
export const VENUE_ERROR = 'The venue details could not be saved.'
export const OFFLINE_NOTE =
  'You are offline: a change is kept on this device and sent when you are back online. New booking or map addresses take effect only then, because the site’s security policy comes from the server.'

/** The form's values: every field as typed, by its path ('address.postcode'). */
type Values = Record<string, string>

const valueAt = (details: Details, path: string) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], details)

const toValues = (details: Details): Values => Object.fromEntries(VENUE_FIELDS.map((field) => [field.path, String(valueAt(details, field.path))]))

/** The details the form's values make; a number field left empty is sent as null (and refused by name). */
function toDetails(values: Values): Details {
  const out: Record<string, Record<string, unknown> | unknown> = {}
  for (const field of VENUE_FIELDS) {
    const raw = values[field.path] ?? ''
    const value = field.kind === 'number' ? (raw.trim() === '' ? null : Number(raw)) : raw
    const [group, key] = field.path.split('.') as [string, string | undefined]
    if (key) out[group] = { ...(out[group] as Record<string, unknown> | undefined), [key]: value }
    else out[group] = value
  }
  return out as unknown as Details
}

/** How each field is typed on a phone keyboard. */
const INPUT: Record<string, { type?: string; inputMode?: 'decimal' | 'tel' | 'email' | 'url'; autoComplete?: string }> = {
  phone: { type: 'tel', inputMode: 'tel' },
  email: { type: 'email', inputMode: 'email' },
  'geo.latitude': { inputMode: 'decimal' },
  'geo.longitude': { inputMode: 'decimal' },
}
const isAddress = (path: string) => /Url$|\.origin$/.test(path)

const SECTIONS: { title: string; paths: (path: string) => boolean }[] = [
  { title: 'Names and contact', paths: (path) => ['hotelName', 'barName', 'phone', 'email'].includes(path) },
  { title: 'Postal address', paths: (path) => path.startsWith('address.') },
  { title: 'Map', paths: (path) => path.startsWith('geo.') || path.startsWith('map') },
  { title: 'Booking, gift cards and Instagram', paths: (path) => path.startsWith('booking.') || path === 'giftCardUrl' || path === 'instagramUrl' },
]

/**
 * The details the form was filled from, and their version (none when filled from a change still waiting);
 * `madeBy`: standing on this form's own change kept on the device, whose version comes when it lands.
 */
type FilledFrom = { details: Details; version?: string; madeBy?: string }

function sendDetails(details: Details, from: FilledFrom | null): Promise<SaveVenueReply> {
  const fields = from ? venueDetailChanges(from.details, details).map((change) => change.field) : VENUE_FIELDS.map((field) => field.path)
  const meta: VenueMeta = { kind: 'venue', op: 'update', fields }
  return mutate<SaveVenueReply>({
    method: 'PUT',
    path: '/api/admin/venue',
    body: { ...details },
    label: 'Venue details',
    // What the form started from: another owner's change to a field this one left alone is kept, not overwritten.
    // Its own kept change landed: the version that change made (until then the outbox carries it on).
    baseVersion: (from?.madeBy && versionMadeBy(from.madeBy)) || from?.version || undefined,
    base: from ? { ...from.details } : undefined,
    record: 'venue',
    versionField: 'updated_at',
    meta,
  })
}

/** Owners change the venue's details here; the server checks each field with the same rule, and its reason shows at the field. */
export function VenueDetails() {
  const ids = useId()
  const online = useOnline()
  const editor = useStaffMember((s) => s.role === 'editor')
  const stored = useResource(useAdminVenue)
  const queued = pendingVenue(usePending('venue'))
  const [values, setValues] = useState<Values | null>(null)
  const shown = queued?.details ?? stored.data?.venue ?? null
  const filledFrom = useRef<FilledFrom | null>(null)
  // Filled once the details arrive (or a queued change's, which is what the server will have): typing is never overwritten.
  useEffect(() => {
    if (!shown || values !== null) return
    filledFrom.current = { details: shown, version: queued ? undefined : stored.data?.updated_at }
    setValues(toValues(shown))
  }, [shown, values, queued, stored.data])

  const save = useMutationForm({
    validate: () => {
      const problem = values ? venueDetailsProblems(toDetails(values))[0] : null
      return problem ? { text: problem.message, fields: [problem.field] } : null
    },
    send: async () => {
      try {
        const reply = await sendDetails(toDetails(values!), filledFrom.current)
        filledFrom.current = { details: reply.venue, version: reply.updated_at }
        useAdminVenue.setState({ data: { venue: reply.venue, updated_at: reply.updated_at }, status: 'ready', error: null, fromCache: false })
        // The details' reply has no logo (it has its own route): the one shown stays.
        venueStore.setState((now) => ({ data: { ...reply.venue, logo: now.data?.logo }, savedAt: Date.now(), status: 'ready', fromCache: false, error: null }))
        return reply
      } catch (error) {
        // Kept on the device: the form now stands on its own change, and its next save on the version that change makes.
        if (isQueued(error)) filledFrom.current = { details: toDetails(values!), version: filledFrom.current?.version, madeBy: error.entry.id }
        // The server's reason for one field is shown at that field, as the form's own checks are.
        if (error instanceof ApiError && error.status === 400) throw new FormProblem(error.message, [venueFieldOfMessage(error.message)].filter(Boolean))
        throw error
      }
    },
    sent: (reply) => ({ text: reply.message, tone: 'success' }),
    failed: (error) => failureStatus(error, VENUE_ERROR, 'Venue details'),
  })

  const sections = useMemo(() => SECTIONS.map((section) => ({ ...section, fields: VENUE_FIELDS.filter((field) => section.paths(field.path)) })), [])
  if (editor || (stored.status === 'error' && stored.error === OWNER_ONLY_MESSAGE)) {
    return (
      <AdminScreen title="Venue details" intro={VENUE_INTRO}>
        <p className="admin-status admin-status--error admin-status--block" role="alert">
          {listProblem(OWNER_ONLY_MESSAGE, 'Venue details')}
        </p>
      </AdminScreen>
    )
  }
  return (
    <AdminScreen title="Venue details" intro={VENUE_INTRO}>
      {!online ? <p className="admin-status admin-status--info admin-status--block">{OFFLINE_NOTE}</p> : null}
      {values === null ? (
        <p className="admin-loading">{stored.status === 'error' ? listProblem(stored.error, 'Venue details') : 'Loading the venue details…'}</p>
      ) : (
        <StaffForm form={save}>
          <PendingBadge mark={queued?.mark} />
          {sections.map((section, index) => (
            <AdminSection key={section.title} title={section.title} id={`${ids}-section-${index}`}>
              {section.fields.map((field) => (
                <InputField
                  key={field.path}
                  label={field.label}
                  id={`${ids}-${field.path}`}
                  name={field.path}
                  value={values[field.path] ?? ''}
                  onValue={(value) => setValues((now) => ({ ...now, [field.path]: value }))}
                  maxLength={field.max}
                  spellCheck={isAddress(field.path) || field.path === 'email' ? false : undefined}
                  {...(isAddress(field.path) ? { type: 'url', inputMode: 'url' as const } : {})}
                  {...INPUT[field.path]}
                />
              ))}
            </AdminSection>
          ))}
          <FormFooter form={save} label="Save venue details" busyLabel="Saving…" />
        </StaffForm>
      )}
      {values === null ? null : <VenueLogo />}
    </AdminScreen>
  )
}
