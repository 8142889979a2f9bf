/**
 * Every stylesheet of the public pages, imported by the entry so that the build makes one CSS file
 * for all of them: a pre-rendered page links that one file and never waits for a second one when its
 * page's code (a lazy chunk) arrives. The order is the cascade order the pages have always had. A new
 * page's stylesheet goes here too (the bundle test fails when a page chunk brings CSS of its own).
 */
import '../offline/offline.css'
import './layout.css'
import './footer.css'
import './splash.css'
import './cookie-notice.css'
import './hero.css'
import './info-pages.css'
import './pages.css'
import './forms.css'
import './opening-times.css'
import './gallery.css'
import './menu.css'
import './events.css'
import './sections.css'
import './home.css'
import './stay.css'
import './global.css'
import './utilities.css'
// After global.css and utilities.css: it enlarges some of their controls on touch screens.
import './touch-targets.css'
