/**
 * The page's one script tag: every stylesheet (site.ts, so the build makes one CSS file) and the
 * decision of when the app starts (shell/appOnDemand.ts). React and the app are a chunk of their own
 * (startApp.tsx), evaluated only then: the pre-rendered page is read, scrolled and followed by its
 * links without them.
 */
import './shell/site'
import { startAppWhenWanted } from './shell/appOnDemand'
import { keepInstallOffer } from './lib/installOffer'

keepInstallOffer()
startAppWhenWanted(() => import('./startApp').then(({ startApp }) => startApp()))
