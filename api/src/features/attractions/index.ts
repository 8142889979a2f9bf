import { Elysia, status } from 'elysia'
import { adminGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import type { FileStore, StoredFile } from '../../files/file-store'
import { ATTRACTION_IMAGE } from '../../shared/rules/uploads'
import { badRequest, notFound } from '../../http/errors'
import { readAltText, readShownText } from '../../http/field-readers'
import { isWebAddress } from '../../shared/rules/web-address'
import { expectedVersion, nextVersion, VersionConflict } from '../../shared/version'
import {
  ATTRACTION_CHANGED_MESSAGE,
  AttractionConflictReply,
  AttractionIdParams,
  AttractionList,
  AttractionReply,
  DeleteAttractionReply,
  EDIT_AROUND_MISSING,
  EditAroundBody,
  INVALID_AROUND_URL,
  LIMITS,
  UPLOAD_AROUND_MISSING,
  UploadAroundBody,
  type Attraction,
} from './model'
import { changesBetween } from '../activity'
import { deleteAttraction, findAttraction, insertAttraction, listAttractions, updateAttraction, type AttractionRow } from './store'

interface TextFields {
  name: string
  url: string
  description: string
}

function readTextFields(body: TextFields, missingMessage: string): TextFields {
  const fields = {
    name: readShownText('The name', body.name) ?? '',
    url: body.url.trim(),
    description: readShownText('The description', body.description, { multiline: true }) ?? '',
  }
  if (!fields.name || !fields.url || !fields.description) throw badRequest(missingMessage)
  if (fields.name.length > LIMITS.name) throw badRequest(`The name must be at most ${LIMITS.name} characters.`)
  if (fields.description.length > LIMITS.description) {
    throw badRequest(`The description must be at most ${LIMITS.description} characters.`)
  }
  if (fields.url.length > LIMITS.url || !isWebAddress(fields.url)) throw badRequest(INVALID_AROUND_URL)
  return fields
}

/** A browser form with no file chosen sends an empty file part; that means "no image". */
const chosenImage = (image: File | '' | undefined): File | null => (image instanceof Blob && image.size > 0 ? image : null)

const saveImage = (files: FileStore, image: File): Promise<StoredFile> =>
  files.save(image, { label: 'Image', accept: ATTRACTION_IMAGE.types, maxBytes: ATTRACTION_IMAGE.maxBytes })

const toReply = (files: FileStore, row: AttractionRow): Attraction => ({
  id: row.id,
  name: row.name,
  url: row.url,
  description: row.description,
  imageUrl: files.urlOf(row.image),
  image_variants: files.variantsOf({ name: row.image, width: row.width, height: row.height, animated: row.animated }),
  width: row.width,
  height: row.height,
  updated_at: row.updated_at,
  alt_text: row.alt_text,
})

export function attractionsRoutes(ctx: AppContext) {
  const { db, files } = ctx
  const now = () => ctx.now().toISOString()
  return new Elysia({ name: 'feature.attractions', prefix: '/api' })
    .use(adminGuard(ctx))
    .get('/around', () => listAttractions(db).map((row) => toReply(files, row)), { response: AttractionList })
    .post(
      '/upload-around',
      async ({ body, commit, activity, set }) => {
        const fields = readTextFields(body, UPLOAD_AROUND_MISSING)
        const altText = readAltText(body.alt) ?? null
        const image = chosenImage(body.image)
        if (!image) throw badRequest(UPLOAD_AROUND_MISSING)
        const saved = await saveImage(files, image)
        const reply = files.recordWith([saved], () =>
          commit(() => {
            const id = insertAttraction(db, { ...fields, image: saved.name, alt_text: altText }, now())
            activity({ kind: 'attraction', action: 'create', record_id: id, summary: `Added the attraction “${fields.name}”` })
            return { message: 'Attraction uploaded successfully!', attraction: toReply(files, findAttraction(db, id)!) }
          }, 201),
        )
        set.status = 201
        return reply
      },
      { admin: true, body: UploadAroundBody, response: { 201: AttractionReply } },
    )
    .put(
      '/edit-around/:id',
      async ({ params, body, commit, activity, request }) => {
        const fields = readTextFields(body, EDIT_AROUND_MISSING)
        const altText = readAltText(body.alt)
        const basedOn = expectedVersion(request, body.updated_at)
        const missing = () => notFound(`No attraction with id ${params.id}.`)
        // Checked before the image is saved so an edit of a deleted attraction writes nothing to disk.
        if (!findAttraction(db, params.id)) throw missing()
        const image = chosenImage(body.image)
        const saved = image ? await saveImage(files, image) : null
        let replacedImage: string | null = null
        let reply: AttractionReply
        try {
          reply = files.recordWith([saved], () =>
            commit(() => {
              const current = findAttraction(db, params.id)
              if (!current) throw missing()
              if (basedOn !== null && current.updated_at !== basedOn) throw new VersionConflict(ATTRACTION_CHANGED_MESSAGE, toReply(files, current))
              updateAttraction(
                db,
                params.id,
                { ...fields, image: saved?.name ?? current.image, alt_text: altText === undefined ? current.alt_text : altText },
                nextVersion(ctx.now(), current.updated_at),
              )
              if (saved && saved.name !== current.image) replacedImage = current.image
              activity({
                kind: 'attraction',
                action: 'update',
                record_id: params.id,
                summary: `Edited the attraction “${fields.name}”`,
                changes: changesBetween(current, findAttraction(db, params.id)!),
              })
              return { message: 'Attraction updated.', attraction: toReply(files, findAttraction(db, params.id)!) }
            }),
          )
        } catch (error) {
          if (error instanceof VersionConflict) return status(409, { error: error.message, current: error.current as Attraction })
          throw error
        }
        files.release(replacedImage)
        return reply
      },
      { admin: true, params: AttractionIdParams, body: EditAroundBody, response: { 200: AttractionReply, 409: AttractionConflictReply } },
    )
    .delete(
      '/delete-around/:id',
      ({ params, commit, activity }) => {
        let removedImage: string | null = null
        const reply = commit(() => {
          const row = findAttraction(db, params.id)
          if (!row) throw notFound(`No attraction with id ${params.id}.`)
          deleteAttraction(db, params.id)
          activity({ kind: 'attraction', action: 'delete', record_id: params.id, summary: `Deleted the attraction “${row.name}”` })
          removedImage = row.image
          return { message: 'Attraction deleted.', id: params.id }
        })
        files.release(removedImage)
        return reply
      },
      { admin: true, params: AttractionIdParams, response: DeleteAttractionReply },
    )
}
