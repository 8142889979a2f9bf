// The phone menu before the app has started: on a slow phone the app's code may take seconds to arrive
// and run, and a tap on the menu button must not do nothing meanwhile. The button opens and closes the
// menu, Escape and a tap outside close it, as the app's Navbar does. Once the app takes over the page
// (main.tsx marks #root with data-app just before React starts), React does all of this, carrying on
// from the state left here, and this script steps aside. A classic script with no imports, loaded
// async: it holds up neither the first paint nor the app. The open menu's rules are in the CSS each
// served page carries inline (api/src/http/critical-css.ts), so a tap restyles the header only.
;(() => {
  const appStarted = () => document.getElementById('root')?.hasAttribute('data-app') === true
  const menu = () => {
    const toggle = document.querySelector('.navbar__toggle')
    if (!toggle) return null
    const open = toggle.getAttribute('aria-expanded') === 'true'
    const show = (value) => {
      toggle.setAttribute('aria-expanded', String(value))
      toggle.closest('.site-header')?.classList.toggle('site-header--open', value)
      document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.classList.toggle('is-open', value)
      const label = toggle.querySelector('.visually-hidden')
      if (label) label.textContent = value ? 'Close menu' : 'Open menu'
    }
    return { toggle, open, show }
  }
  document.addEventListener('click', (event) => {
    if (appStarted()) return
    const found = menu()
    if (!found || !(event.target instanceof Node)) return
    if (found.toggle.contains(event.target)) found.show(!found.open)
    else if (found.open && !found.toggle.closest('nav')?.contains(event.target)) found.show(false)
  })
  // A disclosure menu, as the app's: once Tab takes focus out of it into the page, it closes (left open,
  // it would cover what now has focus). Leaving the window, with nothing taking focus, keeps it open.
  document.addEventListener('focusout', (event) => {
    if (appStarted()) return
    const found = menu()
    const nav = found?.toggle.closest('nav')
    const next = event.relatedTarget
    if (found?.open && nav?.contains(event.target) && next instanceof Node && !nav.contains(next)) found.show(false)
  })
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || appStarted()) return
    const found = menu()
    if (!found?.open) return
    found.show(false)
    found.toggle.focus()
  })
})()
