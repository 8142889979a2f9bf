import type { usePickedImage } from '../../pickedImage'
import { Field } from '../../shell/ui'
import { useFieldErrorProps } from '../../shell/fieldErrors'
import type { DisplayEvent } from './changes'
import { EVENT_EDIT_IMAGE } from '../../../../../api/src/shared/rules/uploads'
import '../../styles/staff'
import './events.css'

export const CLEAR_SELECTED_IMAGE = 'Clear selected image'

/** The edit dialog's optional new picture: the current one until another is chosen, then its preview. */
export function ReplaceImage({ id, event, picked }: { id: string; event: DisplayEvent; picked: ReturnType<typeof usePickedImage> }) {
  const { file: image, preview, clear } = picked
  const errorProps = useFieldErrorProps('image', id, true)
  return (
    <div className="admin-replace">
      <Field label="Replace Image" htmlFor={id} hint={EVENT_EDIT_IMAGE.hint}>
        <input
          {...errorProps}
          ref={picked.input}
          id={id}
          name="image"
          type="file"
          accept={EVENT_EDIT_IMAGE.accept}
          className="admin-input admin-input--file"
          onChange={(e) => void picked.pick(e.currentTarget.files?.[0] ?? null)}
        />
      </Field>
      <div className="admin-replace__images">
        {event.image_url && !preview ? (
          <figure className="admin-preview">
            <img src={event.image_url} alt="Current event image" width={event.image_width ?? 240} height={event.image_height ?? 180} />
            <figcaption>Current image</figcaption>
          </figure>
        ) : null}
        {preview ? (
          <figure className="admin-preview">
            <img src={preview} alt="Preview of the replacement image" width={240} height={180} />
            <figcaption>{image?.name ?? 'New image'}</figcaption>
          </figure>
        ) : null}
      </div>
      {image ? (
        <button type="button" className="button button--small button--ghost" onClick={clear}>
          {CLEAR_SELECTED_IMAGE}
        </button>
      ) : null}
    </div>
  )
}
