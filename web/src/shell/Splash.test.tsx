import { describe, expect, jest, test } from 'bun:test'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { STAFF_PATHS } from '../../../api/src/shared/rules/staff-routes'
import { Splash } from './Splash'
import { showsSplash } from './splashPlace'

/** The splash as a full load of `path` renders it. */
const renderAt = (path: string) =>
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <Splash />
    </Router>,
  )

describe('Splash only on public pages', () => {
  test('never on a staff screen or the login, with or without a trailing slash', () => {
    for (const path of [...STAFF_PATHS, '/login', '/login/', '/manageEvent/']) expect({ path, shows: showsSplash(path) }).toEqual({ path, shows: false })
    for (const path of ['/', '/events', '/menu/menu1', '/no-such-page']) expect({ path, shows: showsSplash(path) }).toEqual({ path, shows: true })
  })

  test('a full load of a staff screen renders no splash, in the browser and on the server', () => {
    renderAt('/createEvent')
    expect(screen.queryByTestId('splash')).toBeNull()
    expect(
      renderToString(
        <Router ssrPath="/login">
          <Splash />
        </Router>,
      ),
    ).toBe('')
  })

  test('a public page still gets it', () => {
    renderAt('/events')
    expect(screen.getByTestId('splash')).toBeTruthy()
  })
})

describe('the splash never stays in the way of a visitor', () => {
  for (const [action, fire] of [
    ['a key', () => fireEvent.keyDown(window, { key: 'Tab' })],
    ['a touch', () => fireEvent.pointerDown(window)],
    ['a scroll', () => fireEvent.scroll(window)],
  ] as const)
    test(`${action} starts its fade at once, and it is gone a second later, long before its 3 s`, () => {
      jest.useFakeTimers()
      try {
        renderAt('/events')
        expect(screen.getByTestId('splash').className).toBe('splash')
        act(() => fire())
        expect(screen.getByTestId('splash').className).toContain('splash--fading')
        act(() => jest.advanceTimersByTime(1000))
        expect(screen.queryByTestId('splash')).toBeNull()
      } finally {
        jest.useRealTimers()
      }
    })
})
