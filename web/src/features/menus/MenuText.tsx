import type { MenuSection } from '../../../../api/src/shared/menu-text'
import './menu.css'

/** Heading levels under the page's h1: the menu's title is an h2, its sections h3, smaller ones h4. */
const headingTag = (level: number) => (level <= 1 ? 'h2' : level === 2 ? 'h3' : 'h4')

/**
 * A menu as real text: each section's heading, then its dishes as a description list (name, price,
 * description), in type a phone reads without zooming. Screen readers and search engines read it too.
 */
export function MenuText({ sections }: { sections: MenuSection[] }) {
  // Sections with no heading of their own (dishes before the first heading) sit under the page's h1.
  const topLevel = Math.min(...sections.map((section) => (section.heading ? section.level : Infinity)))
  return (
    <div className="menu-text">
      {sections.map((section, index) => {
        const Heading = headingTag(section.level - (Number.isFinite(topLevel) ? topLevel - 1 : 0))
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a parsed menu is replaced whole, never reordered, so a section's place is its identity
          <section key={index} className={`menu-text__section menu-text__section--level-${section.level}`}>
            {section.heading ? <Heading className="menu-text__heading">{section.heading}</Heading> : null}
            {section.notes.map((note, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes keep their order in the menu; the same note may appear twice
              <p key={n} className="menu-text__note">
                {note}
              </p>
            ))}
            {section.items.length ? (
              <dl className="menu-text__items">
                {section.items.map((item, n) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: dishes keep their order in the menu; two may share a name
                  <div key={n} className="menu-text__item">
                    <dt className="menu-text__name">{item.name}</dt>
                    {item.price ? <dd className="menu-text__price">{item.price}</dd> : null}
                    {item.description ? <dd className="menu-text__description">{item.description}</dd> : null}
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
        )
      })}
    </div>
  )
}
