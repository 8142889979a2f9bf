// The short words and serving times staff wrote (the pages feature's words and items) are what the cafe, bar and
// Stay pages show: none of that copy lives in the components.
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { screen, within } from '@testing-library/react'
import { renderAt, resetStores, restoreFetch, stubFetch } from '../../../test/shell-helpers'
import { Eat } from '../eat/Eat'
import { Stay } from '../stay/Stay'
import { pageContentStore } from './store'
import { builtVenue as venue } from '../../lib/venue'

const pageOf = (page: string, words: Record<string, string>, items: object[] = []) => ({
  page,
  title: `${page} title`,
  smallHeading: '',
  intro: '',
  picture: `/images/hero-${page}.jpg`,
  pictureDescription: 'The dale',
  focalX: 50,
  focalY: 50,
  body: [],
  items,
  words,
  updated_at: '2026-11-28T10:00:00.000Z',
})
const servingTime = (title: string, when: string, text: string) => ({ title, when, text, picture: null, pictureDescription: '', link: null })

beforeEach(async () => {
  await resetStores([pageContentStore('eat'), pageContentStore('stay')])
})
afterEach(async () => {
  await Bun.sleep(30)
  restoreFetch()
})

test('the cafe page: the line above its text, its serving times in order (a time left out too), its gallery heading and its form', async () => {
  stubFetch({
    '/api/pages/eat': pageOf('eat', { eyebrow: 'Coffee & cake', galleryHeading: 'On the counter', contactHeading: 'Book a table', contactIntro: '' }, [
      servingTime('Elevenses', 'from 10am', 'Scones warm from the oven.'),
      servingTime('Supper', '', 'Fridays only.'),
    ]),
    '/api/gallery/cafe': [{ id: 1, url: '/files/a.jpg', alt_text: 'A scone', width: 800, height: 600, image_variants: [] }],
  })
  renderAt('/eat', <Eat />)
  const times = await screen.findByRole('list', { name: 'When we serve food' })
  expect(
    within(times)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Elevensesfrom 10amScones warm from the oven.', 'SupperFridays only.'])
  expect(screen.getByText('Coffee & cake').className).toBe('eyebrow')
  expect(await screen.findByRole('heading', { level: 2, name: 'On the counter' })).toBeTruthy()
  expect(screen.getByRole('heading', { level: 2, name: 'Book a table' })).toBeTruthy()
})

test('Stay: the booking section says what staff wrote before the phone number; an empty line above the text is not drawn', async () => {
  stubFetch({
    '/api/pages/stay': pageOf('stay', { eyebrow: '', bookingEyebrow: 'Rooms free tonight?', bookingHeading: 'Reserve', bookingText: 'Book below or ring' }),
  })
  renderAt('/stay', <Stay />)
  const booking = (await screen.findByRole('heading', { level: 2, name: 'Reserve' })).closest('section')!
  expect(booking.querySelector('.section-heading p')!.textContent).toBe(`Book below or ring ${venue.phone}.`)
  expect(within(booking).getByText('Rooms free tonight?').className).toBe('eyebrow')
  expect(document.querySelectorAll('.stay-rooms .eyebrow')).toHaveLength(0)
})
