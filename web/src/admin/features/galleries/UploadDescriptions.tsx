/** The upload form's optional description (alt text) for each chosen picture. */
import { InputField } from '../../shell/formParts'
import { ALT_TEXT_HINT, ALT_TEXT_MAX } from '../../../../../api/src/shared/rules/alt-text'

export function UploadDescriptions({ files, alts, onAlts, idPrefix }: { files: File[]; alts: string[]; onAlts(alts: string[]): void; idPrefix: string }) {
  if (files.length === 0) return null
  const hintId = `${idPrefix}-alt-hint`
  return (
    <fieldset className="admin-fieldset admin-upload-alts" aria-describedby={hintId}>
      <legend>Descriptions (alt text), optional</legend>
      <p className="admin-form__hint" id={hintId}>
        {ALT_TEXT_HINT} At most {ALT_TEXT_MAX} characters; you can add or change them later.
      </p>
      {files.map((file, index) => (
        <InputField
          // biome-ignore lint/suspicious/noArrayIndexKey: descriptions are kept by position (alts[index]), and two chosen files may share a name
          key={`${file.name}-${index}`}
          label={`Description of ${file.name || `image ${index + 1}`}`}
          id={`${idPrefix}-alt-${index}`}
          name={`alt-${index}`}
          value={alts[index] ?? ''}
          maxLength={ALT_TEXT_MAX + 50}
          onValue={(value) => onAlts(files.map((_, i) => (i === index ? value : (alts[i] ?? ''))))}
        />
      ))}
    </fieldset>
  )
}
