/**
 * Every stylesheet of the public pages, imported by the entry so that the build makes one CSS file
 * for all of them: a pre-rendered page links that one file and never waits for a second one when its
 * page's code (a lazy chunk) arrives. The order is the cascade order the pages have always had. A new
 * page's stylesheet goes here too (the bundle test fails when a page chunk brings CSS of its own).
 */
import './offline.css'
import './layout.css'
import './footer.css'
import './splash.css'
import './cookie-notice.css'
import '../ui/hero.css'
import '../ui/info-pages.css'
import '../ui/pages.css'
import '../ui/forms.css'
import '../features/opening-times/opening-times.css'
import '../features/galleries/gallery.css'
import '../features/menus/menu.css'
import '../features/events/events.css'
import '../features/home/sections.css'
import '../features/home/home.css'
import '../features/stay/stay.css'
import '../features/notices/notices.css'
import './global.css'
import './utilities.css'
// After global.css and utilities.css: it enlarges some of their controls on touch screens.
import './touch-targets.css'
