import { PAGE_LIMITS } from '../../../../../api/src/shared/rules/field-limits'
import { PAGE_WORDS, type PageKey, type PageWordValues } from '../../../../../api/src/shared/rules/pages'
import { InputField } from '../../shell/formParts'

/** A page's short words (a section's heading, the line above it, a button), each as the page shows it; empty ones are not shown. */
export function WordsFields({ id, page, words, onWords }: { id: string; page: PageKey; words: PageWordValues; onWords(words: PageWordValues): void }) {
  return (
    <>
      {PAGE_WORDS[page].map((word) => (
        <InputField
          key={word.key}
          label={word.required ? word.label : `${word.label} (optional)`}
          id={`${id}-${word.key}`}
          name={`words.${word.key}`}
          value={words[word.key] ?? ''}
          onValue={(value) => onWords({ ...words, [word.key]: value })}
          maxLength={PAGE_LIMITS.word}
          required={word.required}
        />
      ))}
    </>
  )
}
