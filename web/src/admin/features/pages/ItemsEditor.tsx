import { useLayoutEffect, useState } from 'react'
import { PAGE_LIMITS } from '../../../../../api/src/shared/rules/field-limits'
import type { PageEditItem } from '../../../../../api/src/shared/rules/page-fields'
import { InputField, TextAreaField } from '../../shell/formParts'
import { PicturePicker } from './PicturePicker'

const EMPTY_ITEM: PageEditItem = { title: '', text: '', picture: null, pictureDescription: '', link: null, when: '' }

/** Where focus goes once the list has changed: a control of a row (by its id's end), or the Add button. */
type FocusTarget = { index: number; control: 'title' | 'up' | 'down' | 'remove' } | 'add'

type ItemFieldsProps = { id: string; index: number; item: PageEditItem; onItem(item: PageEditItem): void; when: boolean }

/** An item's fields; a serving time (`when`) says when instead of showing a picture and a link. */
function ItemFields({ id, index, item, onItem, when }: ItemFieldsProps) {
  const name = (field: string) => `items[${index + 1}].${field}`
  const field = (key: keyof PageEditItem) => `${id}-${index}-${key}`
  return (
    <>
      <InputField
        label="Title"
        id={field('title')}
        name={name('title')}
        value={item.title}
        onValue={(title) => onItem({ ...item, title })}
        maxLength={PAGE_LIMITS.itemTitle}
        required
      />
      {when ? (
        <InputField
          label="When (optional)"
          hint="For example: from 8am, all day."
          id={field('when')}
          name={name('when')}
          value={item.when ?? ''}
          onValue={(value) => onItem({ ...item, when: value })}
          maxLength={PAGE_LIMITS.itemWhen}
        />
      ) : null}
      <TextAreaField
        label="Text"
        id={field('text')}
        name={name('text')}
        rows={3}
        value={item.text}
        onValue={(text) => onItem({ ...item, text })}
        maxLength={PAGE_LIMITS.itemText}
        required
      />
      {when ? null : <PictureAndLink id={id} index={index} item={item} onItem={onItem} />}
    </>
  )
}

function PictureAndLink({ id, index, item, onItem }: Omit<ItemFieldsProps, 'when'>) {
  const name = (field: string) => `items[${index + 1}].${field}`
  const field = (key: keyof PageEditItem) => `${id}-${index}-${key}`
  return (
    <>
      <PicturePicker
        id={field('picture')}
        name={name('picture')}
        label="Picture"
        optional
        value={item.picture ?? ''}
        onValue={(picture) => onItem({ ...item, picture: picture || null })}
      />
      {item.picture ? (
        <InputField
          label="What the picture shows"
          id={field('pictureDescription')}
          name={name('pictureDescription')}
          value={item.pictureDescription ?? ''}
          onValue={(pictureDescription) => onItem({ ...item, pictureDescription })}
          maxLength={PAGE_LIMITS.pictureDescription}
          required
        />
      ) : null}
      <InputField
        label="Link (optional)"
        hint="Where it leads when pressed: a page of this site (/eat) or an address (https://…)."
        id={field('link')}
        name={name('link')}
        type="url"
        inputMode="url"
        spellCheck={false}
        value={item.link ?? ''}
        onValue={(link) => onItem({ ...item, link: link || null })}
      />
    </>
  )
}

/** A page's list (the home tiles, Stay's rooms and features): add, change, move and remove; focus follows each move. */
export function ItemsEditor({
  id,
  items,
  kind,
  onItems,
}: {
  id: string
  items: PageEditItem[]
  /** What one item is called on this page, and several ('tile', 'Tiles'); whether items say when. */
  kind: { one: string; many: string; when?: boolean }
  onItems(items: PageEditItem[]): void
}) {
  const { one, many } = kind
  const [focus, setFocus] = useState<FocusTarget | null>(null)
  const [said, setSaid] = useState('')

  useLayoutEffect(() => {
    if (!focus) return
    const target = focus === 'add' ? `${id}-add` : `${id}-${focus.index}-${focus.control}`
    document.getElementById(target)?.focus()
    setFocus(null)
  }, [focus, id])

  const titleOf = (item: PageEditItem) => item.title.trim() || `this ${one}`
  const move = (index: number, by: -1 | 1) => {
    const to = index + by
    const next = [...items]
    ;[next[index], next[to]] = [next[to]!, next[index]!]
    onItems(next)
    // The same button on the moved item, unless it now stands at the end that button moves towards.
    const atEnd = to === 0 || to === items.length - 1
    setFocus({ index: to, control: atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down' })
    setSaid(`“${titleOf(items[index]!)}” moved to place ${to + 1} of ${items.length}.`)
  }
  const remove = (index: number) => {
    onItems(items.filter((_, at) => at !== index))
    setFocus(items.length === 1 ? 'add' : { index: Math.min(index, items.length - 2), control: 'remove' })
    setSaid(`“${titleOf(items[index]!)}” removed. Save the page to make it final.`)
  }
  const add = () => {
    onItems([...items, { ...EMPTY_ITEM }])
    setFocus({ index: items.length, control: 'title' })
    setSaid('')
  }

  return (
    <>
      <ol className="page-items">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list; focus is put back by place after a move
          <li key={index} className="page-items__item">
            <p className="page-items__place">
              {one[0]!.toUpperCase()}
              {one.slice(1)} {index + 1} of {items.length}
            </p>
            <ItemFields
              id={id}
              index={index}
              item={item}
              when={kind.when === true}
              onItem={(changed) => onItems(items.map((old, at) => (at === index ? changed : old)))}
            />
            <div className="page-items__actions">
              <button
                type="button"
                id={`${id}-${index}-up`}
                className="button button--small button--ghost"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                Move up<span className="visually-hidden"> “{titleOf(item)}”</span>
              </button>
              <button
                type="button"
                id={`${id}-${index}-down`}
                className="button button--small button--ghost"
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
              >
                Move down<span className="visually-hidden"> “{titleOf(item)}”</span>
              </button>
              <button type="button" id={`${id}-${index}-remove`} className="button button--small button--danger" onClick={() => remove(index)}>
                Remove<span className="visually-hidden"> “{titleOf(item)}”</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      {items.length === 0 ? <p className="admin-empty">No {many.toLowerCase()} yet.</p> : null}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <button type="button" id={`${id}-add`} className="button button--ghost" onClick={add} disabled={items.length >= PAGE_LIMITS.items}>
        Add a {one}
      </button>
    </>
  )
}
