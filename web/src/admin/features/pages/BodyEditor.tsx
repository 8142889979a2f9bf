import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { linkProblem } from '../../../../../api/src/shared/rules/formatted-text'
import { FirstErrorNote, useFieldErrorProps } from '../../shell/fieldErrors'
import { Field } from '../../shell/ui'
import { applyFormat, type Format, type Selected } from './markdownEdits'

const BUTTONS: { format: Format; label: string; shows: string }[] = [
  { format: 'heading', label: 'Heading', shows: 'H' },
  { format: 'bold', label: 'Bold', shows: 'B' },
  { format: 'italic', label: 'Italic', shows: 'I' },
  { format: 'bullets', label: 'Bulleted list', shows: '•' },
  { format: 'numbers', label: 'Numbered list', shows: '1.' },
  { format: 'quote', label: 'Quote', shows: '“' },
  { format: 'link', label: 'Link', shows: '↗' },
]

export const BODY_HINT =
  'Press a button to format the selected words, or type the marks yourself: ## for a heading, **bold**, *italic*, - for a list, > for a quote, [words](address) for a link. Links may go to https:, http:, mailto:, tel: or a page of this site (/stay).'

/** The link's address field, shown after Link is pressed: the address is checked with the rule the server uses. */
function LinkAddress({ id, onAdd, onCancel }: { id: string; onAdd(address: string): void; onCancel(): void }) {
  const [address, setAddress] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  const add = () => {
    const trimmed = address.trim()
    const why = trimmed ? linkProblem(trimmed) : 'Type the address the link leads to, such as https://… or /stay.'
    if (why) return setProblem(why)
    onAdd(trimmed)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      add()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    }
  }
  return (
    <div className="page-link">
      <label htmlFor={id} className="admin-field__label">
        Address of the link
      </label>
      <input
        ref={input}
        id={id}
        className="admin-input"
        type="url"
        inputMode="url"
        spellCheck={false}
        value={address}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setAddress(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {problem ? (
        <p id={`${id}-problem`} className="page-link__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="page-link__actions">
        <button type="button" className="button button--small" onClick={add}>
          Add the link
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}

/** Left and right (Home and End) move focus along the toolbar's buttons, and the one reached becomes its Tab stop. */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
  const at = buttons.indexOf(event.target as HTMLButtonElement)
  const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }
  if (at === -1 || !(event.key in moves)) return
  event.preventDefault()
  const next = buttons[(moves[event.key]! + buttons.length) % buttons.length]!
  for (const button of buttons) button.tabIndex = button === next ? 0 : -1
  next.focus()
}

/** The page's text: a box for Markdown with a button for each kind of formatting; focus stays in the text. */
export function BodyEditor({ id, value, onValue }: { id: string; value: string; onValue(value: string): void }) {
  const area = useRef<HTMLTextAreaElement>(null)
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null)
  const [asking, setAsking] = useState<Selected | null>(null)
  const errorProps = useFieldErrorProps('body', id, true)

  // After a button, the words it touched stay selected in the text, which keeps focus.
  useLayoutEffect(() => {
    if (!selection || !area.current) return
    area.current.focus()
    area.current.setSelectionRange(selection.start, selection.end)
    setSelection(null)
  }, [selection])

  const apply = (format: Format, address?: string, from?: Selected) => {
    const element = area.current!
    const selected = from ?? { text: value, start: element.selectionStart, end: element.selectionEnd }
    if (format === 'link' && address === undefined) return setAsking(selected)
    const next = applyFormat(selected, format, address)
    onValue(next.text)
    setAsking(null)
    setSelection({ start: next.start, end: next.end })
  }

  return (
    <Field label="Text of the page" htmlFor={id} hint={BODY_HINT}>
      <div className="page-toolbar" role="toolbar" aria-label="Formatting" aria-controls={id} onKeyDown={moveAlongToolbar}>
        {BUTTONS.map(({ format, label, shows }, index) => (
          <button
            key={format}
            type="button"
            // One stop for Tab; the arrow keys move along the buttons (the toolbar pattern).
            tabIndex={index === 0 ? 0 : -1}
            className={`page-toolbar__button page-toolbar__button--${format}`}
            aria-label={label}
            title={label}
            // Keeps the text's selection when pressed with a mouse: the format applies to what is selected.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => apply(format)}
          >
            <span aria-hidden="true">{shows}</span>
          </button>
        ))}
      </div>
      {asking ? (
        <LinkAddress
          id={`${id}-link`}
          onAdd={(address) => apply('link', address, asking)}
          onCancel={() => {
            setAsking(null)
            setSelection({ start: asking.start, end: asking.end })
          }}
        />
      ) : null}
      <textarea
        {...errorProps}
        ref={area}
        id={id}
        name="body"
        className="admin-input page-body"
        rows={14}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
      />
      <FirstErrorNote name="body" />
    </Field>
  )
}
