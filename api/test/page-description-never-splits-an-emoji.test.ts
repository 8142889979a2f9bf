/**
 * A page's description is staff's intro, shortened to about 160 characters for search results. The cut
 * counts code points, so it never leaves half a surrogate pair, but an emoji made of several code points
 * (a family joined by zero-width joiners, a skin tone, a subdivision flag) is cut inside itself: the
 * preview then shows a different emoji (a smaller family), a dangling joiner, or a bare black flag.
 */
import { expect, test } from 'bun:test'
import { demoVenue } from '../src/config'
import { pageMetaFor, withPageWords } from '../src/shared/page-meta'

const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment)
const FAMILY = '👨‍👩‍👧‍👦'
const SCOTLAND = '🏴󠁧󠁢󠁳󠁣󠁴󠁿'
const THUMB = '👍🏽'

test('a shortened page description keeps every emoji of staff’s intro whole or leaves it out, wherever the cut falls', () => {
  const broken: string[] = []
  for (const emoji of [FAMILY, SCOTLAND, THUMB]) {
    for (let lead = 140; lead <= 160; lead++) {
      const intro = `${'a'.repeat(lead)}${emoji} and more words to go past the limit`
      const { description } = withPageWords(pageMetaFor('/around', 'Around', demoVenue), {
        intro,
        picture: '/images/hero-around.jpg',
        pictureDescription: 'Hills',
      })
      const allowed = new Set([...graphemes(intro), '…'])
      const foreign = graphemes(description).filter((part) => !allowed.has(part))
      if (foreign.length > 0) broken.push(`${lead} a's then ${emoji}: ends ${JSON.stringify(description.slice(-12))}`)
    }
  }
  expect(broken).toEqual([])
})
