import { describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderAt } from '../../test/shell-helpers'
import { builtVenue as venue } from '../lib/venue'
import { Navbar } from './Navbar'

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true })
  act(() => {
    window.dispatchEvent(new Event('scroll'))
  })
}

const header = () => document.querySelector('header.site-header') as HTMLElement

async function expectLook(opacity: number, padding: string) {
  await waitFor(() => {
    expect(header().style.getPropertyValue('--nav-alpha')).toBe(String(opacity))
    expect(header().style.paddingTop).toBe(padding)
    expect(header().style.paddingBottom).toBe(padding)
  })
}

describe('Navbar', () => {
  test('links: logo home, the pages, Gift Cards in a new tab, Nearby, Contact', () => {
    renderAt('/', <Navbar />)
    expect(screen.getByRole('link', { name: `${venue.hotelName} home` }).getAttribute('href')).toBe('/')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = Array.from(nav.querySelectorAll('ul a')).map((a) => [a.textContent?.replace(' (opens in a new tab)', ''), a.getAttribute('href')])
    expect(links).toEqual([
      ['Home', '/'],
      ['Drink', '/drink'],
      ['Eat', '/eat'],
      ['Stay', '/stay'],
      ['Events', '/events'],
      ['Gift Cards', venue.giftCardUrl],
      ['Nearby', '/around'],
      ['Contact', '/contact'],
    ])
    const gift = screen.getByRole('link', { name: /Gift Cards/ })
    expect(gift.getAttribute('target')).toBe('_blank')
    expect(gift.getAttribute('rel')).toContain('noopener')
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
  })

  test('opacity and padding follow the scroll position', async () => {
    scrollTo(0)
    renderAt('/', <Navbar />)
    await expectLook(0.6, '1.4rem')
    scrollTo(50)
    await expectLook(0.6, '1.4rem')
    scrollTo(60)
    await expectLook(0.8, '0px')
    scrollTo(100)
    await expectLook(1, '0px')
    scrollTo(200)
    await expectLook(1, '0px')
    scrollTo(0)
    await expectLook(0.6, '1.4rem')
  })

  test('solid on /stay and staff routes whatever the scroll', async () => {
    scrollTo(0)
    renderAt('/stay', <Navbar />)
    await expectLook(1, '1.4rem')
    expect(header().className).toContain('site-header--solid')
  })

  test('solid on /admin', async () => {
    scrollTo(0)
    renderAt('/admin', <Navbar />)
    await expectLook(1, '1.4rem')
  })

  test('the mobile menu opens and closes with its button', () => {
    renderAt('/', <Navbar />)
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(menu).toBeTruthy()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(menu.className).not.toContain('is-open')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(menu.className).toContain('is-open')
    expect(toggle.textContent).toContain('Close menu')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  test('a click outside the menu closes it; a click inside does not', () => {
    renderAt(
      '/',
      <>
        <Navbar />
        <p>Page text</p>
      </>,
    )
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    fireEvent.click(toggle)
    fireEvent.mouseDown(screen.getByRole('navigation', { name: 'Main' }).querySelector('ul')!)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.mouseDown(screen.getByText('Page text'))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  test('Escape closes the menu and returns focus to its button', () => {
    renderAt('/', <Navbar />)
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    fireEvent.click(toggle)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  test('any route change closes the menu', async () => {
    const { memory } = renderAt('/', <Navbar />)
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    act(() => memory.navigate('/eat'))
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'))
    expect(screen.getByRole('link', { name: 'Eat' }).getAttribute('aria-current')).toBe('page')
  })

  test('following a menu link closes the menu', async () => {
    const { location } = renderAt('/', <Navbar />)
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    fireEvent.click(toggle)
    fireEvent.click(screen.getByRole('link', { name: 'Drink' }))
    await waitFor(() => expect(location()).toBe('/drink'))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })
})
