import { useDeferredValue, useId, useMemo, useState } from 'react'
import { parseFormattedText } from '../../../../../api/src/shared/rules/formatted-text'
import { focalPosition } from '../../../../../api/src/shared/rules/pages'
import { FormattedText } from '../../../ui/FormattedText'
import { thumbnailOf } from './PicturePicker'
import type { PageValues } from './pageValues'
import '../../../ui/info-pages.css'

const WIDTHS = [
  { key: 'phone', label: 'Phone', width: 390 },
  { key: 'desktop', label: 'Desktop', width: 1200 },
] as const
type Width = (typeof WIDTHS)[number]['key']

/**
 * The page as visitors will read it, at a phone's width or a desktop's, drawn from the same parser the
 * server uses, so a refused link or a nesting too deep shows here, with the server's words, before saving.
 */
export function PagePreview({ values }: { values: PageValues }) {
  const ids = useId()
  const [width, setWidth] = useState<Width>('phone')
  // Typing stays quick on a slow phone: the preview follows a moment behind.
  const shown = useDeferredValue(values)
  const parsed = useMemo(() => parseFormattedText(shown.body), [shown.body])
  const frameWidth = WIDTHS.find((choice) => choice.key === width)!.width
  return (
    <div className="page-preview">
      <fieldset className="page-preview__widths">
        <legend>Preview at the width of a</legend>
        {WIDTHS.map((choice) => (
          <label key={choice.key} className="page-preview__width">
            <input type="radio" name={`${ids}-width`} value={choice.key} checked={width === choice.key} onChange={() => setWidth(choice.key)} />
            {choice.label} ({choice.width} px)
          </label>
        ))}
      </fieldset>
      {/* Scrolls sideways when the frame is wider than the screen: focusable so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="page-preview__scroll" tabIndex={0} aria-label={`Preview at ${frameWidth} px`}>
        <div className={`page-preview__frame page-preview__frame--${width}`} style={{ width: frameWidth }}>
          <div className="page-preview__hero">
            {shown.picture ? (
              <img src={thumbnailOf(shown.picture)} alt={shown.pictureDescription} style={{ objectPosition: focalPosition(shown.focalX, shown.focalY) }} />
            ) : null}
            <div className="page-preview__words">
              {shown.smallHeading ? <p className="page-preview__small">{shown.smallHeading}</p> : null}
              <p className="page-preview__title">{shown.title || 'Title'}</p>
              {shown.intro ? <p className="page-preview__intro">{shown.intro}</p> : null}
            </div>
          </div>
          <div className="prose page-preview__body">
            {parsed.ok ? <FormattedText tree={parsed.tree} leadFirst /> : <p className="page-preview__problem">The text cannot be shown: {parsed.error}</p>}
          </div>
          {shown.items.length > 0 ? (
            <ul className="page-preview__items">
              {shown.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the list's order as it is edited
                <li key={index}>
                  {item.picture ? <img src={thumbnailOf(item.picture)} alt={item.pictureDescription ?? ''} width={160} height={100} /> : null}
                  <p className="page-preview__item-title">{item.title || 'Title'}</p>
                  <p>{item.text}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    </div>
  )
}
