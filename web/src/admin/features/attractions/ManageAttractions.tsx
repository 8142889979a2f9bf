import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import type { AttractionReply, DeleteAttractionReply } from '../../../api/types'
import { failureStatus, isPlaceholder, mutate, newPlaceholder } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { PendingBadge, useEntryImages, usePending } from '../../shell/pending'
import { mergeAttractions, type AttractionMeta, type DisplayAttraction } from './changes'
import { useAdminAttractions } from './store'
import { AdminScreen, AdminSection, Field, StatusMessage, UploadProgress, useSubmit, useStatus } from '../../shell/ui'

export const ATTRACTION_MISSING = 'Please fill in all fields and select an image to upload.'
export const ATTRACTION_UPLOADED = 'Attraction uploaded successfully!'
export const ATTRACTION_UPLOAD_ERROR = 'Error uploading attraction.'
export const SELECT_BUSINESS = 'Please select a business to edit.'
export const EDIT_MISSING = 'Please fill in the name, web address and description.'
export const EDIT_ERROR = 'Error updating business.'
export const DELETE_ERROR = 'Error deleting location'
export const NO_LOCATIONS = 'No locations to display'
export const FETCH_ERROR = 'Error fetching locations'
export const BAD_URL = 'Please enter a full web address starting with http:// or https://.'

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname
  } catch {
    return false
  }
}

const EMPTY = { name: '', url: '', description: '' }

export function ManageAttractions() {
  const ids = useId()
  const list = useAdminAttractions()
  const pending = usePending('attraction')
  useEffect(() => {
    void useAdminAttractions.getState().load()
  }, [])
  const attractions = useMemo(() => mergeAttractions(list.data ?? [], pending), [list.data, pending])

  return (
    <AdminScreen title="Manage Attractions" intro="The places listed on the Nearby page, each with a picture, a description and a link.">
      <UploadAttraction id={`${ids}-upload`} />
      <EditAttraction id={`${ids}-edit`} attractions={attractions} />
      <AdminSection title="Delete an attraction" id={`${ids}-delete`}>
        <DeleteList attractions={attractions} loading={list.status === 'loading' && !list.data} failed={list.status === 'error' && !list.data} />
      </AdminSection>
    </AdminScreen>
  )
}

function UploadAttraction({ id }: { id: string }) {
  const form = useFormDraft('attractions-upload', EMPTY)
  const [image, setImage] = useState<File | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useStatus()
  const upload = useSubmit()
  const { name, url, description } = form.values

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (upload.busy) return
    if (!name.trim() || !url.trim() || !description.trim() || !image) {
      setStatus({ text: ATTRACTION_MISSING, tone: 'error' })
      return
    }
    if (!isWebAddress(url)) {
      setStatus({ text: BAD_URL, tone: 'error' })
      return
    }
    setStatus(null)
    const body = new FormData()
    body.append('image', image)
    body.append('name', name.trim())
    body.append('url', url.trim())
    body.append('description', description.trim())
    const placeholder = newPlaceholder()
    const meta: AttractionMeta = { kind: 'attraction', op: 'create', id: placeholder, attraction: { name: name.trim(), url: url.trim(), description: description.trim() } }
    const done = () => {
      form.reset()
      setImage(null)
      if (fileInput.current) fileInput.current.value = ''
    }
    await upload.run(async (onProgress) => {
      try {
        await mutate<AttractionReply>(
          {
            method: 'POST',
            path: '/api/upload-around',
            body,
            label: `Add attraction ${name.trim()}`,
            creates: { placeholder, idField: 'attraction.id' },
            record: `attraction:${placeholder}`,
            versionField: 'attraction.updated_at',
            meta,
          },
          { onProgress },
        )
        setStatus({ text: ATTRACTION_UPLOADED, tone: 'success' })
        done()
        void useAdminAttractions.getState().load()
      } catch (error) {
        const status = failureStatus(error, ATTRACTION_UPLOAD_ERROR, 'Attraction upload')
        setStatus(status)
        if (status.pending) done()
      }
    }, true)
  }

  return (
    <AdminSection title="Add an attraction" id={id}>
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        {form.restored ? <p className="admin-form__note">Your unsaved input was restored. Please choose the image again.</p> : null}
        <div className="admin-form__row">
          <Field label="Name" htmlFor={`${id}-name`}>
            <input id={`${id}-name`} name="name" className="admin-input" required maxLength={120} value={name} onChange={(e) => form.set('name', e.currentTarget.value)} />
          </Field>
          <Field label="Web address" htmlFor={`${id}-url`}>
            <input
              id={`${id}-url`}
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://"
              className="admin-input"
              required
              maxLength={2048}
              value={url}
              onChange={(e) => form.set('url', e.currentTarget.value)}
            />
          </Field>
        </div>
        <Field label="Description" htmlFor={`${id}-description`}>
          <textarea id={`${id}-description`} name="description" rows={4} className="admin-input" required maxLength={2000} value={description} onChange={(e) => form.set('description', e.currentTarget.value)} />
        </Field>
        <Field label="Image" htmlFor={`${id}-image`}>
          <input
            ref={fileInput}
            id={`${id}-image`}
            name="image"
            type="file"
            accept="image/*"
            required
            className="admin-input admin-input--file"
            onChange={(e) => setImage(e.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        <UploadProgress progress={upload.progress} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={upload.busy}>
            {upload.busy ? 'Uploading…' : 'Upload attraction'}
          </button>
        </div>
        <StatusMessage status={status} />
      </form>
    </AdminSection>
  )
}

function EditAttraction({ id, attractions }: { id: string; attractions: DisplayAttraction[] }) {
  const form = useFormDraft('attractions-edit', { selected: '', ...EMPTY })
  const [image, setImage] = useState<File | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useStatus()
  const save = useSubmit()
  const { selected, name, url, description } = form.values

  const choose = (value: string) => {
    const attraction = attractions.find((a) => String(a.id) === value)
    form.patch(attraction ? { selected: value, name: attraction.name, url: attraction.url, description: attraction.description } : { selected: '', ...EMPTY })
    setStatus(null)
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (save.busy) return
    if (!selected) {
      setStatus({ text: SELECT_BUSINESS, tone: 'error' })
      return
    }
    if (!name.trim() || !url.trim() || !description.trim()) {
      setStatus({ text: EDIT_MISSING, tone: 'error' })
      return
    }
    if (!isWebAddress(url)) {
      setStatus({ text: BAD_URL, tone: 'error' })
      return
    }
    setStatus(null)
    const body = new FormData()
    body.append('name', name.trim())
    body.append('url', url.trim())
    body.append('description', description.trim())
    if (image) body.append('image', image)
    const current = attractions.find((a) => String(a.id) === selected)
    const recordId = isPlaceholder(selected) ? selected : Number(selected)
    await save.run(async (onProgress) => {
      try {
        const reply = await mutate<AttractionReply>(
          {
            method: 'PUT',
            path: `/api/edit-around/${selected}`,
            body,
            label: `Edit attraction ${name.trim()}`,
            baseVersion: isPlaceholder(selected) || !current?.updated_at ? undefined : current.updated_at,
            record: `attraction:${selected}`,
            versionField: 'attraction.updated_at',
            meta: { kind: 'attraction', op: 'update', id: recordId, attraction: { name: name.trim(), url: url.trim(), description: description.trim() } } satisfies AttractionMeta,
          },
          { onProgress },
        )
        setStatus({ text: reply?.message || 'Attraction updated.', tone: 'success' })
        setImage(null)
        if (fileInput.current) fileInput.current.value = ''
        void useAdminAttractions.getState().load()
      } catch (error) {
        const status = failureStatus(error, EDIT_ERROR, 'Attraction update')
        setStatus(status)
        if (status.pending) {
          setImage(null)
          if (fileInput.current) fileInput.current.value = ''
        }
      }
    }, true)
  }

  return (
    <AdminSection title="Edit an attraction" id={id}>
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <Field label="Business" htmlFor={`${id}-select`}>
          <select id={`${id}-select`} name="business" className="admin-input" value={selected} onChange={(e) => choose(e.currentTarget.value)}>
            <option value="">Select a business…</option>
            {attractions
              .filter((a) => a.pending?.op !== 'delete')
              .map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.name}
                  {a.pending ? ' (waiting to sync)' : ''}
                </option>
              ))}
          </select>
        </Field>
        <fieldset className="admin-fieldset" disabled={!selected}>
          <legend className="visually-hidden">Details of the selected attraction</legend>
          <div className="admin-form__row">
            <Field label="Name" htmlFor={`${id}-name`}>
              <input id={`${id}-name`} name="name" className="admin-input" required maxLength={120} value={name} onChange={(e) => form.set('name', e.currentTarget.value)} />
            </Field>
            <Field label="Web address" htmlFor={`${id}-url`}>
              <input id={`${id}-url`} name="url" type="url" inputMode="url" className="admin-input" required maxLength={2048} value={url} onChange={(e) => form.set('url', e.currentTarget.value)} />
            </Field>
          </div>
          <Field label="Description" htmlFor={`${id}-description`}>
            <textarea id={`${id}-description`} name="description" rows={4} className="admin-input" required maxLength={2000} value={description} onChange={(e) => form.set('description', e.currentTarget.value)} />
          </Field>
          <Field label="New image (optional)" htmlFor={`${id}-image`} hint="Leave empty to keep the current picture.">
            <input ref={fileInput} id={`${id}-image`} name="image" type="file" accept="image/*" className="admin-input admin-input--file" onChange={(e) => setImage(e.currentTarget.files?.[0] ?? null)} />
          </Field>
        </fieldset>
        <UploadProgress progress={save.progress} label="Saving" />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
        <StatusMessage status={status} />
      </form>
    </AdminSection>
  )
}

function DeleteList({ attractions, loading, failed }: { attractions: DisplayAttraction[]; loading: boolean; failed: boolean }) {
  const [status, setStatus] = useStatus()
  const [deleting, setDeleting] = useState<number | string | null>(null)

  const onDelete = async (attraction: DisplayAttraction) => {
    if (!window.confirm(`Delete ${attraction.name}? It will no longer appear on the Nearby page.`)) return
    setDeleting(attraction.id)
    try {
      await mutate<DeleteAttractionReply>({
        method: 'DELETE',
        path: `/api/delete-around/${attraction.id}`,
        label: `Delete attraction ${attraction.name}`,
        record: `attraction:${attraction.id}`,
        meta: { kind: 'attraction', op: 'delete', id: attraction.id } satisfies AttractionMeta,
      })
      setStatus({ text: `${attraction.name} deleted.`, tone: 'success' })
      await useAdminAttractions.getState().load()
    } catch (error) {
      setStatus(failureStatus(error, DELETE_ERROR, 'Attraction delete'))
    } finally {
      setDeleting(null)
    }
  }

  return (
    <>
      <StatusMessage status={status} />
      {failed ? <p className="admin-status admin-status--error admin-status--block">{FETCH_ERROR}</p> : null}
      {loading ? <p className="admin-loading">Loading attractions…</p> : null}
      {!loading && !failed && attractions.length === 0 ? <p className="admin-empty">{NO_LOCATIONS}</p> : null}
      {attractions.length > 0 ? (
        <ul className="admin-rows">
          {attractions.map((attraction) => (
            <AttractionRow key={attraction.id} attraction={attraction} deleting={deleting === attraction.id} onDelete={() => void onDelete(attraction)} />
          ))}
        </ul>
      ) : null}
    </>
  )
}

function AttractionRow({ attraction, deleting, onDelete }: { attraction: DisplayAttraction; deleting: boolean; onDelete(): void }) {
  // A place added on this device shows the picture it keeps until the server's copy exists.
  const [queuedImage] = useEntryImages(attraction.imageEntry, 'image')
  const src = attraction.imageUrl || queuedImage
  const deleted = attraction.pending?.op === 'delete'
  return (
    <li className={`admin-row admin-row--media${attraction.pending ? ' is-pending' : ''}${deleted ? ' is-deleted' : ''}`} data-attraction-id={attraction.id} data-pending={attraction.pending?.state}>
      {src ? <img className="admin-row__image" src={src} alt="" width={96} height={72} loading="lazy" decoding="async" /> : <span className="admin-row__image admin-row__image--empty" aria-hidden="true" />}
      <div className="admin-row__body">
        <p className="admin-row__title">
          {attraction.name}
          <PendingBadge mark={attraction.pending} />
        </p>
        <a className="admin-row__meta" href={attraction.url} target="_blank" rel="noreferrer">
          {attraction.url}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      <button type="button" className="button button--small button--danger" onClick={onDelete} disabled={deleting || deleted}>
        {deleting ? 'Deleting…' : 'Delete'}
        <span className="visually-hidden"> {attraction.name}</span>
      </button>
    </li>
  )
}
