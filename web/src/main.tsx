/**
 * The page's one script tag: every stylesheet (site.ts, so the build makes one CSS file), the splash
 * and the browser's install offer from the start, and the decision of when the app starts
 * (shell/appOnDemand.ts). React and the app are a chunk of their own
 * (startApp.tsx), evaluated only then: the pre-rendered page is read, scrolled and followed by its
 * links without them.
 */
import './shell/site'
import { startAppWhenWanted } from './shell/appOnDemand'
import { keepInstallOffer } from './lib/installOffer'
import { showSplashBeforeTheApp } from './shell/splashBeforeTheApp'
import { showServedGalleryPictures } from './features/galleries/picturesBeforeTheApp'
import { fetchPageCodeAfterFirstPaint } from './shell/pageCodeAfterFirstPaint'

keepInstallOffer()
showSplashBeforeTheApp()
showServedGalleryPictures()
fetchPageCodeAfterFirstPaint()
startAppWhenWanted(() => import('./startApp').then(({ startApp }) => startApp()))
