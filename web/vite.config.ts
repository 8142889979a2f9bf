import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { loadConfig } from '../api/src/config'
import { chunkModules } from './build/chunk-modules'
import { pwaIcons } from './build/pwa-icons'
import { appNames, MANIFEST_ICONS } from '../api/src/shared/rules/app-identity'
import { precompress } from './build/precompress'
import { prerender } from './build/prerender'
import { precacheOneCopyPerPicture, staticImages } from './build/static-images'

const root = fileURLToPath(new URL('.', import.meta.url))
// venue.json is only the database's first-start seed: pages take the current details from the server; the build keeps them
// for what only it can make (the installed app's name, the pre-rendered fallback pages).
const { venueSeed: venue, siteUrl } = loadConfig()
const THEME = '#2f4a3a'
const BACKGROUND = '#f7f2e8'
const define = { __VENUE__: JSON.stringify(venue) }

export default defineConfig({
  root,
  plugins: [
    react(),
    pwaIcons(`${root}public/logo.svg`, THEME),
    staticImages(),
    chunkModules(fileURLToPath(new URL('..', import.meta.url))),
    prerender({ entry: 'src/entry-server.tsx', define, venue, siteUrl }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered by src/offline/registerServiceWorker.ts, which also drives the update prompt.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,webp,avif,woff2}'],
        // pdf.js (1.6 MB) is cached by the service worker when a menu is first opened, not downloaded up front.
        // Of the pictures, one small copy each is (precacheOneCopyPerPicture): offline it stands in for the
        // originals and the other AVIF/WebP copies, which are kept once a page has shown them.
        // The app icons are fetched by the browser itself when the app is installed (or added to a home
        // screen) and kept with it; no page draws them, so a first visit does not download them twice.
        // The staff screens' chunk is kept by the service worker once a staff member has opened one online:
        // visitors never download it. Link previews' 1200×630 pictures (images/og) are for other sites'
        // fetchers, never for a page. The not-found pages (404*.html) answer 404, which would fail the
        // install; offline, the app shell shows the same page for an unknown path.
        globIgnores: ['**/pdf-*.js', '**/pdf.worker*', '**/AdminRoutes-*', 'images/og/**', '404*.html', 'icons/*.png'],
        manifestTransforms: [async (entries) => ({ ...precacheOneCopyPerPicture(entries), warnings: [] })],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        ...appNames(venue),
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // No orientation lock: a menu is easier to read turned sideways, and tablets stand either way.
        theme_color: THEME,
        background_color: BACKGROUND,
        lang: 'en-GB',
        icons: MANIFEST_ICONS.map((icon) => ({
          src: `/${icon.fileName}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        })),
      },
    }),
    precompress(),
  ],
  define,
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./build/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Read by the pre-render step (each page's chunk is preloaded) and by the bundle test.
    manifest: true,
    // No preload helper around dynamic imports: a pre-rendered page lists its chunks in its HTML
    // (web/build/prerender.ts), and every other chunk is fetched while the page is idle (startApp.tsx).
    modulePreload: false,
    rolldownOptions: {
      // A feature's public entry (web/src/features/<x>/index.ts) only re-exports: without this, a page taking one
      // name from it would bring every module the entry names into its chunk (the contact page's opening-times
      // table into the entry chunk, through the home page's open-now status).
      treeshake: { moduleSideEffects: (id) => (/\/web\/src\/features\/[^/]+\/index\.tsx?$/.test(id) ? false : undefined) },
      output: {
        // The entry is the small script that decides when the app starts (main.tsx); the app (React,
        // the router, the stores, the home page) is one chunk with everything it imports statically,
        // fetched at low priority with the page and evaluated only when it starts (Rolldown would
        // otherwise split out what it shares with the pages' chunks into many small files).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'app', test: /\/web\/src\/startApp\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev:web` talks to `npm run dev:api` on port 3000.
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
})
