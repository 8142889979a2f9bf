/** The server sends a page at other spellings of its address; the app hydrates it at its own (startApp.tsx). */
import { expect, test } from 'bun:test'
import { canonicalPath } from './publicRoutes'

test('//eat, /./eat, /eat//, /eat/ and /eat/index.html are /eat; /index.html and // are /', () => {
  for (const spelling of ['/eat', '//eat', '/./eat', '/eat//', '/eat/', '/eat/index.html', '//eat/./index.html'])
    expect({ spelling, path: canonicalPath(spelling) }).toEqual({ spelling, path: '/eat' })
  for (const spelling of ['/', '//', '/index.html', '/./']) expect({ spelling, path: canonicalPath(spelling) }).toEqual({ spelling, path: '/' })
  expect(canonicalPath('/menu//menu1/')).toBe('/menu/menu1')
})
