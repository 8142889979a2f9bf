/** A public page's words as the staff list sends them (GET /api/admin/pages), for the Page words and pictures screen's tests. */
import type { StaffPage } from '../src/api/types'

export const pageItem = (title: string) => ({ title, text: `${title} text.`, picture: null, pictureDescription: '', link: null })

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
  updated_at: '2026-06-01T10:00:00.000Z',
  ...more,
})
