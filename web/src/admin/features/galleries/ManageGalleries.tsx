import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import type { DeleteGalleryReply, GalleryImage, UploadGalleryReply } from '../../../api/types'
import { discard, type OutboxEntry } from '../../../offline/outbox'
import { failureStatus, mutate } from '../../adminApi'
import { useFormDraft } from '../../drafts'
import { PendingBadge, useEntryImages, usePending } from '../../shell/pending'
import { galleryDeletes, queuedUploads, type GalleryMeta } from './changes'
import { useGalleryGrouped } from './store'
import { AdminScreen, AdminSection, Field, StatusMessage, UploadProgress, useSubmit, useStatus } from '../../shell/ui'

export const GALLERY_MISSING = 'Please select images and provide a type.'
export const GALLERY_SUCCESS = 'Upload successful!'
export const GALLERY_ERROR = 'Error uploading the images.'
export const UNKNOWN_CATEGORY = 'Unknown Category'

/** The upload form's types, named as the pages that show them. */
export const GALLERY_TYPE_OPTIONS = [
  { value: 'generic', label: 'Home' },
  { value: 'cafe', label: 'Eat' },
  { value: 'rooms', label: 'Stay' },
  { value: 'stables', label: 'Drink' },
  { value: 'events', label: 'Events' },
] as const

/** The grouped gallery's category numbers (SPEC.md §3, 5 from DECISIONS.md). */
export const CATEGORY_NAMES: Record<string, string> = { '1': 'Home', '2': 'Eat', '3': 'Stay', '4': 'Drink', '5': 'Events' }
export const categoryName = (key: string) => CATEGORY_NAMES[key] ?? UNKNOWN_CATEGORY
const PUBLIC_PAGE: Record<string, string> = { '1': '/', '2': '/eat', '3': '/stay', '4': '/drink', '5': '/events' }

const MAX_IMAGES = 20
/** The grouped gallery's category of each upload type. */
const CATEGORY_OF_TYPE: Record<string, string> = { generic: '1', cafe: '2', rooms: '3', stables: '4', events: '5' }

export function ManageGalleries() {
  const ids = useId()
  const form = useFormDraft('galleries-upload', { type: '' })
  const [files, setFiles] = useState<File[]>([])
  const fileInput = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useStatus()
  const upload = useSubmit()
  const grouped = useGalleryGrouped()
  const [listStatus, setListStatus] = useStatus()
  const [deleting, setDeleting] = useState<number | null>(null)
  const pending = usePending('gallery')
  const uploads = useMemo(() => queuedUploads(pending), [pending])
  const deletes = useMemo(() => galleryDeletes(pending), [pending])

  useEffect(() => {
    void useGalleryGrouped.getState().load()
  }, [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (upload.busy) return
    if (files.length === 0 || !form.values.type) {
      setStatus({ text: GALLERY_MISSING, tone: 'error' })
      return
    }
    if (files.some((file) => file.type && !file.type.startsWith('image/'))) {
      setStatus({ text: 'Only image files can be uploaded to a gallery.', tone: 'error' })
      return
    }
    if (files.length > MAX_IMAGES) {
      setStatus({ text: `Please choose at most ${MAX_IMAGES} images at a time.`, tone: 'error' })
      return
    }
    setStatus(null)
    const body = new FormData()
    for (const file of files) body.append('images', file)
    body.append('type', form.values.type)
    const meta: GalleryMeta = { kind: 'gallery', op: 'create', category: CATEGORY_OF_TYPE[form.values.type] ?? form.values.type }
    const done = () => {
      setFiles([])
      if (fileInput.current) fileInput.current.value = ''
    }
    await upload.run(async (onProgress) => {
      try {
        await mutate<UploadGalleryReply>({ method: 'POST', path: '/api/upload-gallery', body, label: `Upload ${files.length} gallery image(s)`, meta }, { onProgress })
        setStatus({ text: GALLERY_SUCCESS, tone: 'success' })
        done()
        void useGalleryGrouped.getState().load()
      } catch (error) {
        const status = failureStatus(error, GALLERY_ERROR, 'Gallery upload')
        setStatus(status)
        if (status.pending) done()
      }
    }, true)
  }

  const onDelete = async (image: GalleryImage) => {
    if (!window.confirm('Delete this image from the gallery? Visitors will no longer see it.')) return
    setDeleting(image.id)
    try {
      await mutate<DeleteGalleryReply>({
        method: 'DELETE',
        path: `/api/delete-gallery/${image.id}`,
        label: `Delete gallery image ${image.id}`,
        meta: { kind: 'gallery', op: 'delete', id: image.id } satisfies GalleryMeta,
      })
      setListStatus({ text: 'Image deleted.', tone: 'success' })
      await useGalleryGrouped.getState().load()
    } catch (error) {
      setListStatus(failureStatus(error, 'Error deleting the image.', 'Gallery delete'))
    } finally {
      setDeleting(null)
    }
  }

  const groups = grouped.data ? Object.keys(grouped.data).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b)) : []

  return (
    <AdminScreen title="Manage Galleries" intro="Photos appear in the gallery of the page you choose, newest first.">
      <AdminSection title="Upload images" id={`${ids}-upload`}>
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-describedby={`${ids}-upload-hint`}>
          <p className="admin-form__hint" id={`${ids}-upload-hint`}>
            Choose up to {MAX_IMAGES} photos (JPEG, PNG, WebP, GIF or AVIF) and the page they belong to.
          </p>
          <div className="admin-form__row">
            <Field label="Images" htmlFor={`${ids}-images`}>
              <input
                ref={fileInput}
                id={`${ids}-images`}
                name="images"
                type="file"
                accept="image/*"
                multiple
                required
                className="admin-input admin-input--file"
                onChange={(event) => setFiles(Array.from(event.currentTarget.files ?? []))}
              />
            </Field>
            <Field label="Gallery" htmlFor={`${ids}-type`}>
              <select id={`${ids}-type`} name="type" required className="admin-input" value={form.values.type} onChange={(event) => form.set('type', event.currentTarget.value)}>
                <option value="">Choose a page…</option>
                {GALLERY_TYPE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          {files.length > 0 ? <p className="admin-form__note">{files.length === 1 ? '1 image selected' : `${files.length} images selected`}</p> : null}
          <UploadProgress progress={upload.progress} />
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={upload.busy}>
              {upload.busy ? 'Uploading…' : 'Upload'}
            </button>
          </div>
          <StatusMessage status={status} />
        </form>
      </AdminSection>

      <AdminSection title="Images by page" id={`${ids}-list`}>
        <StatusMessage status={listStatus} />
        {grouped.status === 'error' && !grouped.data ? <p className="admin-status admin-status--error admin-status--block">Error fetching the galleries.</p> : null}
        {!grouped.data && grouped.status !== 'error' ? <p className="admin-loading">Loading images…</p> : null}
        {groups.map((key) => {
          const images = (grouped.data as Record<string, GalleryImage[]>)[key] ?? []
          const queued = uploads.filter((u) => u.category === key)
          const headingId = `${ids}-cat-${key}`
          return (
            <section key={key} className="admin-gallery" aria-labelledby={headingId} data-category={key}>
              <h3 id={headingId} className="admin-gallery__title">
                {categoryName(key)} <span className="admin-count">({images.length})</span>
                {PUBLIC_PAGE[key] ? (
                  <a className="admin-gallery__view" href={PUBLIC_PAGE[key]} target="_blank" rel="noreferrer">
                    View page<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </h3>
              {images.length === 0 && queued.length === 0 ? (
                <p className="admin-empty">No images yet.</p>
              ) : (
                <ul className="admin-thumbs">
                  {queued.map((upload) => (
                    <QueuedThumbs key={upload.entry.id} entry={upload.entry} category={key} />
                  ))}
                  {images.map((image) => {
                    const removal = deletes.get(image.id)
                    return (
                      <li key={image.id} className={`admin-thumb${removal ? ' is-pending is-deleted' : ''}`} data-image-id={image.id} data-pending={removal?.state}>
                        <img src={image.image_url} alt={image.alt || `${categoryName(key)} gallery image ${image.id}`} width={image.width} height={image.height} loading="lazy" decoding="async" />
                        {removal ? (
                          <span className="admin-thumb__badge">
                            <PendingBadge mark={removal} />
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="admin-thumb__delete"
                            onClick={() => void onDelete(image)}
                            disabled={deleting === image.id}
                            aria-label={`Delete image ${image.id} from ${categoryName(key)}`}
                          >
                            {deleting === image.id ? 'Deleting…' : 'Delete'}
                          </button>
                        )}
                      </li>
                    )
                  })}
                </ul>
              )}
            </section>
          )
        })}
      </AdminSection>
    </AdminScreen>
  )
}

/** Pictures of an upload still on this device, shown from the bytes it keeps; it can be cancelled until it is sent. */
function QueuedThumbs({ entry, category }: { entry: OutboxEntry; category: string }) {
  const urls = useEntryImages(entry, 'images')
  const mark = { entryId: entry.id, state: entry.state, op: 'create' as const }
  return (
    <>
      {urls.map((url, index) => (
        <li key={url} className="admin-thumb is-pending" data-pending={entry.state} data-queued-upload={entry.id}>
          <img src={url} alt={`New ${categoryName(category)} image ${index + 1} (not uploaded yet)`} width={200} height={150} decoding="async" />
          <span className="admin-thumb__badge">
            <PendingBadge mark={mark} />
          </span>
          {index === 0 && entry.state !== 'sending' ? (
            <button type="button" className="admin-thumb__delete" onClick={() => void discard(entry.id)} aria-label={`Cancel the upload of ${urls.length} image(s) to ${categoryName(category)}`}>
              Cancel
            </button>
          ) : null}
        </li>
      ))}
    </>
  )
}
