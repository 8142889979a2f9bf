import { describe, expect, test } from 'bun:test'
import { hasMenuText, menuSectionsFromText, type MenuTextItem, type MenuTextPage } from './menu-text'

/**
 * A pdf.js text item as getTextContent() returns it: transform [size, 0, 0, size, x, y], height the
 * font size, width from the font (here about half an em per character, as for a Times face).
 */
function text(str: string, x: number, y: number, size: number, fontName = 'regular', width = str.length * size * 0.48): MenuTextItem {
  return { str, transform: [size, 0, 0, size, x, y], height: size, width, fontName }
}
/** The blank item pdf.js puts in a wide gap between two words on a line. */
const gap = (from: number, to: number, y: number, size: number): MenuTextItem => ({
  str: ' ',
  transform: [size, 0, 0, size, from, y],
  height: 0,
  width: to - from,
  fontName: 'regular',
})
const page = (items: MenuTextItem[], bold: string[] = ['bold']): MenuTextPage => ({ items, boldFonts: new Set(bold) })

describe('menuSectionsFromText', () => {
  test('a one-column menu: title, headings in bold and bigger, dishes with right-aligned prices', () => {
    // As pdf-lib draws the demo menus: title 30 pt, headings 18 pt bold, dishes 13 pt, prices at x 500.
    const items: MenuTextItem[] = [
      text('The Stables — Bar Menu', 60, 780, 30, 'bold'),
      text('Pub Classics (served from noon)', 60, 730, 18, 'bold'),
      text('Beer-battered fish & chips, mushy peas', 60, 702, 13),
      gap(265, 500, 702, 13),
      text('£16.50', 500, 702, 13),
      text('Steak & ale pie, mash, seasonal greens', 60, 680, 13),
      gap(262, 500, 680, 13),
      text('£16.95', 500, 680, 13),
      text('Sandwiches (until 5pm)', 60, 640, 18, 'bold'),
      text('Roast beef & horseradish', 60, 612, 13),
      text('£9.50', 500, 612, 13),
      text("Ploughman's board", 60, 590, 13),
      text('£12.95', 500, 590, 13),
    ]
    expect(menuSectionsFromText([page(items)])).toEqual([
      { heading: 'The Stables — Bar Menu', level: 1, notes: [], items: [] },
      {
        heading: 'Pub Classics (served from noon)',
        level: 2,
        notes: [],
        items: [
          { name: 'Beer-battered fish & chips, mushy peas', price: '£16.50' },
          { name: 'Steak & ale pie, mash, seasonal greens', price: '£16.95' },
        ],
      },
      {
        heading: 'Sandwiches (until 5pm)',
        level: 2,
        notes: [],
        items: [
          { name: 'Roast beef & horseradish', price: '£9.50' },
          { name: "Ploughman's board", price: '£12.95' },
        ],
      },
    ])
  })

  test('two columns of dishes side by side: each column read top to bottom, left column first', () => {
    // An A4 landscape-style sheet: left column at x 40 with prices at 270, right column at 320 with prices at 550.
    const items: MenuTextItem[] = [
      text('STARTERS', 40, 760, 12, 'regular'),
      text('MAINS', 320, 760, 12, 'regular'),
      text('Soup of the day', 40, 740, 11),
      text('6.50', 270, 740, 11),
      text('Lamb shank, mash', 320, 740, 11),
      text('19.00', 550, 740, 11),
      text('Pâté, toast, chutney', 40, 724, 11),
      text('8.25', 270, 724, 11),
      text('Fish pie', 320, 724, 11),
      text('17.50', 550, 724, 11),
      text('Garlic mushrooms', 40, 708, 11),
      text('7.75', 270, 708, 11),
      text('Ham, egg & chips', 320, 708, 11),
      text('14', 550, 708, 11),
    ]
    const sections = menuSectionsFromText([page(items)])
    expect(sections.map((s) => s.heading)).toEqual(['STARTERS', 'MAINS'])
    expect(sections[0]!.items).toEqual([
      { name: 'Soup of the day', price: '6.50' },
      { name: 'Pâté, toast, chutney', price: '8.25' },
      { name: 'Garlic mushrooms', price: '7.75' },
    ])
    expect(sections[1]!.items).toEqual([
      { name: 'Lamb shank, mash', price: '19.00' },
      { name: 'Fish pie', price: '17.50' },
      { name: 'Ham, egg & chips', price: '14' },
    ])
  })

  test('a title across both columns, then two columns: the title first, then each column', () => {
    const items: MenuTextItem[] = [
      text('SUNDAY LUNCH AT THE STABLES', 150, 800, 20, 'bold'),
      text('Roasts', 40, 760, 14, 'bold'),
      text('Puddings', 320, 760, 14, 'bold'),
      text('Roast beef', 40, 740, 11),
      text('£18', 270, 740, 11),
      text('Sticky toffee pudding', 320, 740, 11),
      text('£7', 550, 740, 11),
      text('Roast chicken', 40, 724, 11),
      text('£16', 270, 724, 11),
      text('Apple crumble', 320, 724, 11),
      text('£7', 550, 724, 11),
    ]
    const sections = menuSectionsFromText([page(items)])
    expect(sections.map((s) => [s.heading, s.level, s.items.map((i) => `${i.name} ${i.price}`)])).toEqual([
      ['SUNDAY LUNCH AT THE STABLES', 1, []],
      ['Roasts', 2, ['Roast beef £18', 'Roast chicken £16']],
      ['Puddings', 2, ['Sticky toffee pudding £7', 'Apple crumble £7']],
    ])
  })

  test('dishes in bold with descriptions over two lines in a smaller face, evenly spaced', () => {
    const items: MenuTextItem[] = [
      text('Mains', 50, 700, 16, 'bold'),
      text('Fellside lamb', 50, 676, 11, 'bold'),
      text('£21.00', 520, 676, 11, 'bold'),
      text('Slow-roast shoulder, crushed new potatoes, minted peas', 50, 663, 9, 'italic'),
      text('and a red wine jus', 50, 652, 9, 'italic'),
      text('Wild mushroom risotto (v)', 50, 637, 11, 'bold'),
      text('£15.50', 520, 637, 11, 'bold'),
      text('Parmesan, truffle oil, rocket', 50, 624, 9, 'italic'),
    ]
    const sections = menuSectionsFromText([page(items)])
    expect(sections).toEqual([
      {
        heading: 'Mains',
        level: 1,
        notes: [],
        items: [
          { name: 'Fellside lamb', price: '£21.00', description: 'Slow-roast shoulder, crushed new potatoes, minted peas and a red wine jus' },
          { name: 'Wild mushroom risotto (v)', price: '£15.50', description: 'Parmesan, truffle oil, rocket' },
        ],
      },
    ])
  })

  test('the price on the last line of a description, and a name that wraps onto a second line', () => {
    const items: MenuTextItem[] = [
      text('DESSERTS', 50, 700, 11, 'regular'),
      text('Sticky toffee pudding', 50, 682, 11),
      text('Butterscotch sauce, vanilla ice cream', 50, 669, 9, 'light'),
      text('7.50', 520, 669, 9, 'light'),
      text('Warm chocolate brownie with salted caramel and', 50, 652, 11),
      text('clotted cream ice cream', 50, 639, 11),
      text('8.00', 520, 639, 11),
      text('Lemon posset', 50, 622, 11),
      text('Shortbread, raspberries', 50, 609, 9, 'light'),
      text('6.95', 520, 609, 9, 'light'),
    ]
    const sections = menuSectionsFromText([page(items)])
    expect(sections.map((s) => s.heading)).toEqual(['DESSERTS'])
    expect(sections[0]!.items).toEqual([
      { name: 'Sticky toffee pudding', description: 'Butterscotch sauce, vanilla ice cream', price: '7.50' },
      { name: 'Warm chocolate brownie with salted caramel and clotted cream ice cream', price: '8.00' },
      { name: 'Lemon posset', description: 'Shortbread, raspberries', price: '6.95' },
    ])
  })

  test('two bold names with the price on the description close under each stay dishes, not headings', () => {
    const items: MenuTextItem[] = [
      text('Fellside lamb', 50, 700, 12, 'bold'),
      text('Crushed new potatoes, minted peas', 50, 686, 10),
      text('£21.00', 520, 686, 10),
      text('Wild mushroom risotto', 50, 664, 12, 'bold'),
      text('Parmesan, rocket', 50, 650, 10),
      text('£15.50', 520, 650, 10),
    ]
    expect(menuSectionsFromText([page(items)])).toEqual([
      {
        heading: null,
        level: 1,
        notes: [],
        items: [
          { name: 'Fellside lamb', description: 'Crushed new potatoes, minted peas', price: '£21.00' },
          { name: 'Wild mushroom risotto', description: 'Parmesan, rocket', price: '£15.50' },
        ],
      },
    ])
  })

  test('prices written in one string with the name, with dot leaders, or as two sizes', () => {
    const items: MenuTextItem[] = [
      text('Hot drinks', 50, 700, 15, 'bold'),
      text('Pot of tea .......... £3.20', 50, 680, 12),
      text('Latte £3.60', 50, 664, 12),
      text('Hot chocolate', 50, 648, 12),
      text('£3.40 / £4.10', 400, 648, 12),
      text('Fellside Pale 4.2%', 50, 632, 12),
      text('€4,80', 400, 632, 12),
    ]
    expect(menuSectionsFromText([page(items)])[0]!.items).toEqual([
      { name: 'Pot of tea', price: '£3.20' },
      { name: 'Latte', price: '£3.60' },
      { name: 'Hot chocolate', price: '£3.40 / £4.10' },
      { name: 'Fellside Pale 4.2%', price: '€4,80' },
    ])
  })

  test('a name ending in a number is not a price; a line under a heading in small type is a note', () => {
    const items: MenuTextItem[] = [
      text('Local Ales', 50, 700, 18, 'bold'),
      text('All ales £4.60 a pint, £2.40 a half', 50, 684, 10, 'light'),
      text('Larkdale Bitter 3.9', 50, 664, 12),
      text('Porter for 2', 50, 648, 12),
      text('Cider', 50, 632, 12),
      text('£4.90', 400, 632, 12),
    ]
    expect(menuSectionsFromText([page(items)])).toEqual([
      {
        heading: 'Local Ales',
        level: 1,
        notes: ['All ales £4.60 a pint, £2.40 a half'],
        items: [{ name: 'Larkdale Bitter 3.9' }, { name: 'Porter for 2' }, { name: 'Cider', price: '£4.90' }],
      },
    ])
  })

  test('descriptions in the same face but indented, and a small allergy line at the end of the section', () => {
    const items: MenuTextItem[] = [
      text('Light bites', 50, 700, 16, 'bold'),
      text('Welsh rarebit', 50, 680, 11),
      text('£7.50', 500, 680, 11),
      text('on sourdough, with a dressed salad', 62, 667, 11),
      text('Smoked mackerel pâté', 50, 650, 11),
      text('£8.00', 500, 650, 11),
      text('oatcakes, pickled cucumber', 62, 637, 11),
      text('Please tell us about any allergies before you order.', 50, 600, 8, 'light'),
    ]
    expect(menuSectionsFromText([page(items)])).toEqual([
      {
        heading: 'Light bites',
        level: 1,
        notes: ['Please tell us about any allergies before you order.'],
        items: [
          { name: 'Welsh rarebit', price: '£7.50', description: 'on sourdough, with a dressed salad' },
          { name: 'Smoked mackerel pâté', price: '£8.00', description: 'oatcakes, pickled cucumber' },
        ],
      },
    ])
  })

  test('pdf.js splits a line into several items: they are joined back in order of x', () => {
    const items: MenuTextItem[] = [
      text('£8.50', 500, 700, 12),
      text('chips', 126, 700, 12, 'regular', 28),
      text('Fish', 60, 700, 12, 'regular', 22),
      text('&', 85, 700, 12, 'regular', 8),
      text(' ', 93, 700, 12, 'regular', 3),
      text('finger', 96, 700, 12, 'regular', 28),
    ]
    expect(menuSectionsFromText([page(items)])).toEqual([{ heading: null, level: 1, notes: [], items: [{ name: 'Fish & finger chips', price: '£8.50' }] }])
  })

  test('a menu over two pages keeps going in the section the first page ended in', () => {
    const first = page([text('Cakes', 60, 780, 18, 'bold'), text('Victoria sponge', 60, 750, 13), text('£4.25', 500, 750, 13)])
    const second = page([text('Scone, jam & clotted cream', 60, 780, 13), text('£4.50', 500, 780, 13), text('2', 297, 40, 9)])
    expect(menuSectionsFromText([first, second])).toEqual([
      {
        heading: 'Cakes',
        level: 1,
        notes: [],
        items: [
          { name: 'Victoria sponge', price: '£4.25' },
          { name: 'Scone, jam & clotted cream', price: '£4.50' },
        ],
      },
    ])
  })

  test('a scanned menu (no text at all, or only blanks) gives no sections', () => {
    expect(menuSectionsFromText([])).toEqual([])
    expect(menuSectionsFromText([page([]), page([gap(0, 10, 100, 12)])])).toEqual([])
    expect(hasMenuText(menuSectionsFromText([page([text('MENU', 100, 700, 40, 'bold')])]))).toBe(false)
    expect(hasMenuText(menuSectionsFromText([page([text('Soup', 100, 700, 12), text('£5', 300, 700, 12)])]))).toBe(true)
  })

  test('rotated text (a stamp across the page) is left out', () => {
    const items: MenuTextItem[] = [
      text('Soup', 60, 700, 12),
      text('£5.00', 400, 700, 12),
      { str: 'SAMPLE', transform: [20, 20, -20, 20, 200, 400], height: 28, width: 100, fontName: 'regular' },
    ]
    expect(menuSectionsFromText([page(items)])).toEqual([{ heading: null, level: 1, notes: [], items: [{ name: 'Soup', price: '£5.00' }] }])
  })
})
