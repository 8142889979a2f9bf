import { SITE_PICTURES } from '../../../../../api/src/shared/rules/site-pictures'
import { staticVariantUrl } from '../../../ui/staticImages'
import { SelectField } from '../../shell/formParts'

/** A shipped picture's name as staff read it: "/images/hero-stay.jpg" is "Stay (large)", a tile "Stay (small)". */
export function pictureName(path: string): string {
  const shipped = /^\/images\/(hero|tile)-([a-z]+)\.jpg$/.exec(path)
  if (shipped) return `${shipped[2]![0]!.toUpperCase()}${shipped[2]!.slice(1)} (${shipped[1] === 'hero' ? 'wide' : 'small'})`
  return path.startsWith('/files/') ? 'Your uploaded picture' : path
}

/** A small copy to look at: a shipped picture's 480 px WebP, an uploaded one as it is. */
export const thumbnailOf = (path: string) => (path.startsWith('/images/') ? staticVariantUrl(path, 480, 'webp') : path)

/**
 * The picture of a hero or an item, chosen from the site's pictures (and the page's uploaded one, when
 * it has one), with a small copy of it. `optional`: an item may have none.
 */
export function PicturePicker({
  id,
  name,
  label,
  value,
  uploaded,
  optional = false,
  onValue,
}: {
  id: string
  name: string
  label: string
  value: string
  uploaded?: string
  optional?: boolean
  onValue(value: string): void
}) {
  const choices = [...(uploaded ? [uploaded] : []), ...SITE_PICTURES]
  return (
    <div className="page-picture">
      <SelectField label={label} id={id} name={name} value={value} onValue={onValue}>
        {optional ? <option value="">No picture</option> : null}
        {choices.map((path) => (
          <option key={path} value={path}>
            {pictureName(path)}
          </option>
        ))}
      </SelectField>
      {value ? <img className="page-picture__thumb" src={thumbnailOf(value)} alt="" width={120} height={75} /> : null}
    </div>
  )
}
