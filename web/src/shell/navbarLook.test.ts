import { describe, expect, test } from 'bun:test'
import { isSolidNavPath, navbarLook } from './navbarLook'

describe('navbarLook', () => {
  test('opacity 0.6 and padding 1.4rem up to 50 px', () => {
    expect(navbarLook(0)).toEqual({ opacity: 0.6, padding: '1.4rem' })
    expect(navbarLook(50)).toEqual({ opacity: 0.6, padding: '1.4rem' })
  })
  test('beyond 50 px: min(1, 0.5 + scrollY / 200) and no padding', () => {
    expect(navbarLook(60)).toEqual({ opacity: 0.8, padding: '0' })
    expect(navbarLook(80).opacity).toBeCloseTo(0.9)
    expect(navbarLook(100)).toEqual({ opacity: 1, padding: '0' })
    expect(navbarLook(200)).toEqual({ opacity: 1, padding: '0' })
  })
  test('a solid bar is always opaque', () => {
    expect(navbarLook(0, true)).toEqual({ opacity: 1, padding: '1.4rem' })
    expect(navbarLook(60, true)).toEqual({ opacity: 1, padding: '0' })
  })
  test('solid on /stay and every staff route, not elsewhere', () => {
    for (const path of [
      '/stay',
      '/admin',
      '/adminDashboard',
      '/manageGalleries',
      '/manageAttractions',
      '/manageTimes',
      '/deleteHoliday',
      '/addHoliday',
      '/uploadMenus',
      '/createEvent',
      '/manageEvent',
      '/manageNotices',
      '/messages',
      '/stay/',
    ])
      expect(isSolidNavPath(path)).toBe(true)
    for (const path of ['/', '/eat', '/drink', '/contact', '/stayover', '/login']) expect(isSolidNavPath(path)).toBe(false)
  })
})
