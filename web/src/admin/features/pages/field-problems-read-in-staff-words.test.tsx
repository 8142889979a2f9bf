/**
 * Page words and pictures: a refused field is marked and its reason shown at the field, in the words of
 * the screen — never the programmer's name of the field, which staff see nowhere else: "items[2].link: The link …" under a room's Link box, "pictureDescription: cannot be empty." under
 * "What the picture shows", "title: cannot be empty." under Title. At the field, the reason should read in
 * staff's words (the label is right above it; other staff screens say "The title must be …").
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { mockApi, resetAdmin, type MockApi } from '../../../../test/admin-helpers'
import { describedBy, invalidLabels } from '../../../../test/field-errors'
import { quiet } from '../../../../test/quiet'
import { PAGE_KEYS } from '../../../../../api/src/shared/rules/pages'
import { ManagePages } from './ManagePages'
import { pageItem, staffPageOf } from '../../../../test/page-words'

const page = (key: string) => staffPageOf(key, key === 'stay' ? { items: [pageItem('Double rooms'), pageItem('Family rooms')] } : {})

let mock: MockApi
beforeEach(() => resetAdmin('/managePages?page=stay'))
afterEach(() => mock?.restore())

async function openStay() {
  mock = mockApi({ 'GET /api/admin/pages': { body: PAGE_KEYS.map(page) } })
  render(<ManagePages />)
  await screen.findByRole('heading', { name: /The Stay page/i })
  return screen.getByRole('button', { name: /^Save the/ }).closest('form') as HTMLFormElement
}

/** The reason shown at the one invalid control of `form`. */
async function reasonAtField(form: HTMLFormElement, label: string): Promise<string> {
  await waitFor(() => expect(invalidLabels(form)).toEqual([label]))
  const control = form.querySelector('[aria-invalid="true"]')!
  return describedBy(control)
}

describe('a refused field’s reason, at the field', () => {
  test('a room’s refused link reads without "items[2].link:"', async () => {
    const form = await openStay()
    fireEvent.change(form.querySelector('input[name="items[2].link"]')!, { target: { value: 'javascript:alert(1)' } })
    let reason = ''
    await quiet(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save the Stay page' }))
      reason = await reasonAtField(form, 'Link (optional)')
    })
    expect(reason).toContain('javascript: links are refused')
    expect(reason).not.toMatch(/items\[\d+\]/)
  })

  test('an empty picture description reads without "pictureDescription:"', async () => {
    const form = await openStay()
    fireEvent.change(within(form).getAllByLabelText('What the picture shows')[0]!, { target: { value: '' } })
    let reason = ''
    await quiet(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save the Stay page' }))
      reason = await reasonAtField(form, 'What the picture shows')
    })
    expect(reason).not.toContain('pictureDescription')
  })
})
