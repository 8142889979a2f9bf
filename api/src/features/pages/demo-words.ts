// The demo venue's short words and serving times: what the public pages said when they were written in the components.
import type { PageItem, PageKey } from './model'

type Names = { hotelName: string; barName: string }

const servingTime = (title: string, when: string, text: string): PageItem => ({ title, when, text, picture: null, pictureDescription: '', link: null })

/** Each page's words (PAGE_WORDS' keys) for the demo venue. */
export function demoWords({ barName }: Names): Record<PageKey, Record<string, string>> {
  return {
    home: {
      galleryHeading: 'Life in the dale',
      galleryIntro: 'Mornings on the fells, evenings by the fire.',
      giftCardHeading: 'Give someone a day in the dales',
      giftCardText: `A night in one of our rooms, a long lunch after a walk or a round of local ales by the fire in ${barName} — our gift cards can be spent on all of it, and they never go out of fashion.`,
      contactHeading: 'Send us a message',
      contactIntro: 'Questions about rooms, tables, dogs or directions — we usually reply the same day.',
    },
    about: { stayButton: 'Stay with us', contactButton: 'Find us' },
    drink: {
      eyebrow: 'Ales, fires & pub grub',
      galleryHeading: `Inside ${barName}`,
      contactHeading: 'Get in touch',
      contactIntro: '',
    },
    eat: { eyebrow: 'Breakfast & lunch', galleryHeading: 'From the cafe', contactHeading: 'Get in touch', contactIntro: '' },
    stay: {
      eyebrow: 'Our rooms',
      bookingEyebrow: 'Check availability',
      bookingHeading: 'Book your room',
      bookingText: 'Check availability and book online below, or if you would rather talk, call us on',
    },
    events: { eyebrow: 'Coming up', galleryHeading: 'Past events' },
    around: { eyebrow: 'Nearby' },
    contact: { contactIntro: 'Send us a message and we will get back to you as soon as we can.' },
  }
}

/** The serving times of the bar and the cafe, their pages' items. */
export const DEMO_SERVING_TIMES: Partial<Record<PageKey, PageItem[]>> = {
  drink: [
    servingTime('Breakfast', 'from 8am', 'Bacon rolls and coffee for early starters.'),
    servingTime('Pub grub', 'from noon', "Fish & chips, steak & ale pie, burgers and ploughman's."),
    servingTime('The bar', 'until late', 'Local ales, ciders and a fire in the hearth.'),
  ],
  eat: [
    servingTime('Breakfast', 'from 8am', 'Full breakfasts, pancakes, porridge with local honey.'),
    servingTime('Lunch', 'from noon', 'Soups, sandwiches, jacket potatoes and daily specials.'),
    servingTime('Tea & cake', 'all day', 'Scones, sponges and a proper pot of tea.'),
  ],
}
