// The demo venue's words and hero pictures: what the public pages said when they were written in the components.
import type { AppContext } from '../../context'
import type { PageItem, PageKey } from './model'
import { DEMO_SERVING_TIMES, demoWords } from './demo-words'
import { fillMissingWords, insertPageIfMissing, type PageFields } from './store'

type Names = { hotelName: string; barName: string }

const hero = (title: string, picture: string, pictureDescription: string, intro = '', smallHeading = '') => ({
  title,
  small_heading: smallHeading,
  intro,
  picture,
  picture_description: pictureDescription,
  focal_x: 50,
  focal_y: 50,
})

const item = (title: string, text: string, extra: Partial<PageItem> = {}): PageItem => ({
  title,
  text,
  picture: null,
  pictureDescription: '',
  link: null,
  when: '',
  ...extra,
})

function demoPages({ hotelName, barName }: Names): Record<PageKey, PageFields> {
  return {
    home: {
      ...hero(
        hotelName,
        '/images/hero-home.jpg',
        `The dale around ${hotelName} in morning light`,
        `A stone-built inn at the head of the dale, with rooms, a cafe serving breakfast and lunch, and ${barName} for a pint after the walk. Right in the heart of the national park.`,
        `Hotel · Cafe · ${barName.replace(/ bar$/i, '')}`,
      ),
      body: '## Walk in from the hills, stay for the evening\n\nWhether you are passing through on the long-distance path, meeting friends for Sunday lunch or settling in for a few nights, there is a table, a fire and a warm welcome waiting for you.',
      items: [
        item('Drink', `Local ales, a good fire and muddy boots welcome in ${barName}.`, {
          link: '/drink',
          picture: '/images/tile-drink.jpg',
          pictureDescription: 'Pints of local ale on the bar of the Stables',
        }),
        item('Eat', 'Breakfast from 8am, lunch from noon, and cake whenever you need it.', {
          link: '/eat',
          picture: '/images/tile-eat.jpg',
          pictureDescription: 'A full breakfast and coffee on a table in the cafe',
        }),
        item('Stay', 'Seven quiet rooms with views of the hills. Dogs very welcome.', {
          link: '/stay',
          picture: '/images/tile-stay.jpg',
          pictureDescription: 'A double bedroom with a view over the dale',
        }),
      ],
    },
    about: {
      ...hero('About us', '/images/hero-drink.jpg', 'The hills at sunset', 'Two hundred years of muddy boots, good ale and long conversations.', 'Our story'),
      body: [
        `${hotelName} began life as a drovers’ inn, a place for men bringing sheep over the tops to rest themselves and their dogs before the long descent to market. The stone walls are the same ones they leaned against; the welcome, we like to think, is just as warm.`,
        '## The Stables',
        `When the last of the carriage horses left, the old stable block across the yard stood quiet for the best part of a century. A few years ago we swept out the straw, kept the beams, the cobbles and the iron hay racks, and opened ${barName}: a proper country pub with a wood burner at each end and a row of hand pulls in between.`,
        'We pour ales from small breweries within a morning’s drive, a handful of good ciders, and a gin made by a neighbour who will happily tell you about the juniper. Dogs have their own water bowls and, on a Friday, their own biscuits.',
        '> “The sort of pub you plan a whole walk around — and then don’t want to leave.”',
        '## The cafe and the rooms',
        'In the main house the cafe opens early for walkers and cyclists, with breakfasts from eight, lunches from noon and a cake counter that rarely survives a sunny Sunday. Upstairs, seven rooms look out over the dale: five doubles and two family rooms, each a little different, all quiet, all non-smoking.',
        '## The people',
        'We are a small team, most of us born within sight of the hill behind the house. Ask us about the best route up, where the curlews nest in spring or which bench catches the last of the evening sun — we will be glad to tell you.',
      ].join('\n\n'),
      items: [],
    },
    drink: {
      ...hero(barName, '/images/hero-drink.jpg', 'The hills at sunset', 'Local ales, a crackling log fire and honest pub grub in our old stone stables.'),
      body: [
        '## A proper country pub',
        "Once home to the farm's working horses, the Stables is now where walkers, cyclists and villagers gather around the fire.",
        'Expect cask ales from breweries just over the hill, a good cider or two, and a bar that knows its way around a gin and tonic. Muddy boots and well-behaved dogs are more than welcome, and there is always a bowl of water by the door.',
      ].join('\n\n'),
      items: DEMO_SERVING_TIMES.drink ?? [],
    },
    eat: {
      ...hero(
        'The Cafe',
        '/images/hero-eat.jpg',
        'Green hills under a clear morning sky',
        `Hearty breakfasts, homemade lunches and cake worth the walk, at ${hotelName}.`,
      ),
      body: [
        '## From first coffee to a late lunch',
        'Whether you are setting out up the fell or coming down with muddy boots, our cafe is a warm, unhurried place to sit and refuel.',
        'We bake every morning and cook with what the dale does best: eggs from the farm up the lane, bacon and sausages from our butcher in the village, and bread and scones straight from our own oven. Dogs and walkers are always welcome.',
      ].join('\n\n'),
      items: DEMO_SERVING_TIMES.eat ?? [],
    },
    stay: {
      ...hero(
        'Stay with us',
        '/images/hero-stay.jpg',
        'Soft morning light over the dale',
        `Seven peaceful rooms at ${hotelName}, with breakfast in the cafe and the Stables bar just across the yard.`,
      ),
      body: [
        '## Rest easy in the heart of the national park',
        'We have five double rooms and 2 family rooms, each one individually furnished with local wool throws, deep mattresses and a tray of homemade biscuits.',
        'Wake to birdsong and the river, come down to a cooked breakfast, and spend the day on the fells with a flask filled at the cafe. Dogs are welcome in every room, and the whole house is non-smoking.',
      ].join('\n\n'),
      items: [
        item('Five double rooms', 'Calm, comfortable rooms with king-size beds, most with views over the dale.'),
        item('Two family rooms', 'Space for two adults and two children, with a double and a pair of singles.'),
        item('Dogs welcome', 'Bring the whole family: beds, bowls and treats are waiting for four-legged guests.'),
        item('Non-smoking', 'All rooms and indoor spaces are non-smoking, so everything stays fresh.'),
      ],
    },
    events: {
      ...hero(
        "What's on",
        '/images/hero-events.jpg',
        'The dale at dusk under a darkening sky',
        'Music by the fire, quiz nights, tastings and walks: there is always something happening in the dale.',
      ),
      body: '',
      items: [],
    },
    around: {
      ...hero(
        'Around & about',
        '/images/hero-around.jpg',
        'Rolling green hills under a blue sky',
        'Waterfalls, castles, market towns and miles of trails: the best of the national park starts at our door.',
      ),
      body: '## Places to visit on your stay\n\nA few of our favourite days out, all within a short walk or drive. Ask at the bar for maps and local tips.',
      items: [],
    },
    contact: {
      ...hero('Contact & opening times', '/images/hero-contact.jpg', 'The front door, with the porch light on', '', 'Get in touch'),
      body: '',
      items: [],
    },
  }
}

/** Adds the demo venue's content for each page that has none (a database seeded before pages existed gets it too). */
export function seedPages(ctx: AppContext): void {
  const at = ctx.now().toISOString()
  const words = demoWords(ctx.venue())
  ctx.db.transaction(() => {
    for (const [page, fields] of Object.entries(demoPages(ctx.venue()))) {
      insertPageIfMissing(ctx.db, page as PageKey, { ...fields, words: words[page as PageKey] }, at)
      fillMissingWords(ctx.db, page as PageKey, words[page as PageKey], DEMO_SERVING_TIMES[page as PageKey] ?? null)
    }
  })()
}
