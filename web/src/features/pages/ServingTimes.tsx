import type { PublicPage } from '../../api/types'

/** The cafe's or the bar's serving times, their page's items as staff wrote them; nothing when there are none. */
export function ServingTimes({ items }: { items: PublicPage['items'] }) {
  if (items.length === 0) return null
  return (
    <ul className="serving-times" aria-label="When we serve food">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two rows staff wrote alike are still two rows; the list is redrawn whole when it changes
        <li key={index} className="serving-times__item">
          <span className="serving-times__label">{item.title}</span>
          {item.when ? <span className="serving-times__time">{item.when}</span> : null}
          <span className="serving-times__note">{item.text}</span>
        </li>
      ))}
    </ul>
  )
}
