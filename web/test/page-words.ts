/** A public page's words as the staff list sends them (GET /api/admin/pages), for the Page words and pictures screen's tests. */
import type { StaffPage } from '../src/api/types'
import { isPageKey, PAGE_WORDS } from '../../api/src/shared/rules/pages'

/** Every word the page has, each given (the required ones must be, for a save to pass the form's own check). */
const wordsOf = (key: string) => Object.fromEntries((isPageKey(key) ? PAGE_WORDS[key] : []).map((word) => [word.key, `${word.label} words`]))

export const pageItem = (title: string) => ({ title, text: `${title} text.`, picture: null, pictureDescription: '', link: null, when: '' })

export const staffPageOf = (key: string, more: Partial<StaffPage> = {}): StaffPage => ({
  page: key,
  title: `${key} title`,
  smallHeading: '',
  intro: 'An intro.',
  picture: '/images/hero-drink.jpg',
  pictureDescription: 'The hills at sunset',
  focalX: 50,
  focalY: 50,
  body: 'First paragraph.',
  items: [],
  words: wordsOf(key),
  updated_at: '2026-06-01T10:00:00.000Z',
  ...more,
})
