/**
 * The build output (npm run build, or WEB_DIST_DIR): what a public page downloads before it is
 * interactive, read from Vite's manifest and the list of modules in each chunk
 * (web/build/chunk-modules.ts). Staff screens and pdf.js must only ever be reachable through a
 * dynamic import (so must the formatted-text parser); every public page must be pre-rendered with its h1, its hero and the hero's preload.
 * Prints the sizes of what the first render of / needs (the targets live in the benchmark).
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'
import { CHUNK_MODULES_FILE } from '../build/chunk-modules'
import { APP_SHELL, prerenderedFile } from '../build/prerender'

const dist = process.env.WEB_DIST_DIR || join(import.meta.dir, '..', 'dist')
const read = (file: string) => readFileSync(join(dist, file), 'utf8')
const manifest = JSON.parse(read('.vite/manifest.json')) as Manifest
const chunkModules = JSON.parse(read(CHUNK_MODULES_FILE)) as Record<string, string[]>

/** Each public page, the name its module exports it under, its file under src, and the hero it must carry in its HTML. */
const PAGES = [
  { path: '/', module: 'Home', source: 'features/home/Home.tsx', hero: 'hero-home' },
  { path: '/about', module: 'About', source: 'features/about/About.tsx', hero: 'hero-drink' },
  { path: '/eat', module: 'Eat', source: 'features/eat/Eat.tsx', hero: 'hero-eat' },
  { path: '/drink', module: 'Drink', source: 'features/drink/Drink.tsx', hero: 'hero-drink' },
  { path: '/stay', module: 'Stay', source: 'features/stay/Stay.tsx', hero: 'hero-stay' },
  { path: '/events', module: 'Events', source: 'features/events/Events.tsx', hero: 'hero-events' },
  { path: '/around', module: 'Around', source: 'features/attractions/Around.tsx', hero: 'hero-around' },
  { path: '/contact', module: 'Contact', source: 'features/contact/Contact.tsx', hero: 'hero-contact' },
  { path: '/menu/menu1', module: 'Menu', source: 'features/menus/Menu.tsx', hero: null },
  { path: '/menu/menu2', module: 'Menu', source: 'features/menus/Menu.tsx', hero: null },
] as const

const ADMIN_CODE = /^web\/src\/admin\//
const PDF_JS = /(^|\/)node_modules\/pdfjs-dist\/|^web\/src\/features\/menus\/pdf\.ts$/
/** The formatted-text parser: public pages get the server's finished tree, only staff screens parse. */
const TEXT_PARSER = /(^|\/)node_modules\/marked\/|^api\/src\/shared\/rules\/formatted-text\.ts$/

/** Every chunk a manifest entry loads through static imports (itself included), as manifest keys. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into
  into.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, into)
  return into
}

/** The source modules in those chunks. */
function modulesOf(keys: Iterable<string>): string[] {
  return [...keys].flatMap((key) => chunkModules[manifest[key]!.file] ?? [])
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
/** The app (React, the router, the stores, the home page): the entry's one dynamic import, started on demand (main.tsx). */
const appKey = manifest[entryKey]!.dynamicImports?.[0] ?? ''
const pageKey = (source: string) => `src/${source}`

describe('what public pages download', () => {
  test('the build has one entry, and the list of modules covers every chunk', () => {
    expect(entryKey).toBe('index.html')
    for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.js')) expect(chunkModules[chunk.file], chunk.file).toBeDefined()
  })

  test('no staff code, no pdf.js and no text parser is reachable through static imports from the entry or any public page', () => {
    const publicKeys = new Set([entryKey, appKey, ...PAGES.map((page) => pageKey(page.source)).filter((key) => key in manifest)])
    for (const key of publicKeys) {
      const modules = modulesOf(staticClosure(key))
      expect(modules.length, key).toBeGreaterThan(0)
      expect(
        modules.filter((id) => ADMIN_CODE.test(id)),
        `staff code loaded by ${key}`,
      ).toEqual([])
      expect(
        modules.filter((id) => PDF_JS.test(id)),
        `pdf.js loaded by ${key}`,
      ).toEqual([])
      expect(
        modules.filter((id) => TEXT_PARSER.test(id)),
        `the formatted-text parser loaded by ${key}`,
      ).toEqual([])
    }
    // They do exist, behind dynamic imports only (the staff screens from the app, pdf.js from the menu page).
    expect(manifest[appKey]!.dynamicImports).toContain('src/admin/AdminRoutes.tsx')
    expect(manifest[pageKey('features/menus/Menu.tsx')]!.dynamicImports).toContain('src/features/menus/pdf.ts')
  })

  test('the first render of / runs one small script and one CSS file; the app is listed to be fetched after the first paint, not run', () => {
    const html = read('index.html')
    const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1])
    // The <noscript> copy of the stylesheet link (for visitors without JavaScript) is the same file.
    const styles = [...html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1])
    const pageCode = html.match(/<meta name="page-code" content="([^"]*)">/)?.[1]?.split(' ') ?? []
    expect(scripts).toEqual([`/${manifest[entryKey]!.file}`])
    expect(styles).toEqual(manifest[entryKey]!.css!.map((file) => `/${file}`))
    expect(styles).toHaveLength(1)
    // The entry imports nothing else statically, and none of React: it only decides when the app starts.
    expect(manifest[entryKey]!.imports ?? []).toEqual([])
    expect(modulesOf(staticClosure(entryKey)).filter((id) => /node_modules\/(react|react-dom|scheduler|wouter|zustand)\//.test(id))).toEqual([])
    expect(manifest[entryKey]!.dynamicImports).toEqual([appKey])
    // The app and what it imports, listed for the entry to fetch (not run) once the page is painted
    // (src/shell/pageCodeAfterFirstPaint.ts): the first tap finds them here, the first paint has the signal.
    const appFiles = [...staticClosure(appKey)].map((key) => `/${manifest[key]!.file}`).filter((file) => file !== `/${manifest[entryKey]!.file}`)
    expect(pageCode.toSorted()).toEqual(appFiles.toSorted())
    expect(html).not.toContain('rel="modulepreload"')

    const sizes = [scripts[0]!, `/${manifest[appKey]!.file}`, styles[0]!].map((url) => {
      const bytes = readFileSync(join(dist, url))
      const br = existsSync(join(dist, `${url}.br`)) ? readFileSync(join(dist, `${url}.br`)).byteLength : NaN
      return `${url} ${(bytes.byteLength / 1024).toFixed(1)} KB (gzip ${(gzipSync(bytes, { level: 9 }).byteLength / 1024).toFixed(1)} KB, br ${(br / 1024).toFixed(1)} KB)`
    })
    console.log(`first render of /: ${sizes.join('; ')}`)
  })

  test('page chunks bring no stylesheet of their own: the one CSS file styles every pre-rendered page', () => {
    for (const page of PAGES) {
      const chunk = manifest[pageKey(page.source)]
      if (!chunk) continue // Home lives in the app's chunk
      for (const key of staticClosure(pageKey(page.source))) {
        if (key === entryKey) continue
        expect(manifest[key]!.css ?? [], `${key} (${page.path})`).toEqual([])
      }
    }
  })
})

describe('pre-rendered pages', () => {
  test.each(PAGES.map((page) => [page.path, page] as const))('%s: its own HTML with the page markup, its h1, hero and the list of its code', (_path, page) => {
    const file = prerenderedFile(page.path)
    expect(existsSync(join(dist, file)), file).toBe(true)
    const html = read(file)
    expect(html).toContain(`<div id="root" data-page="${page.module}">`)
    expect(html.match(/<h1[\s>]/g), 'exactly one h1').toHaveLength(1)
    expect(/<h1[^>]*>[^<]+/.test(html), 'the h1 has text').toBe(true)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').match(/<link rel="stylesheet"/g)).toHaveLength(1)
    // The page reads without its script, which therefore waits behind the stylesheet and the hero.
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/')
    if (page.hero) {
      // The hero as a <picture> with AVIF and WebP widths, its img eager and high priority.
      expect(html).toMatch(new RegExp(`<source type="image/avif" srcSet="/images/${page.hero}-480\\.avif 480w, [^"]*/images/${page.hero}-1600\\.avif 1600w"`))
      expect(html).toMatch(new RegExp(`<source type="image/webp" srcSet="/images/${page.hero}-480\\.webp 480w`))
      expect(html).toMatch(new RegExp(`<img class="hero__image" src="/images/${page.hero}\\.jpg"[^>]*loading="eager"[^>]*fetchPriority="high"`))
      // Preloaded from <head>, ahead of the entry script, with the same candidates and sizes as the picture.
      const preload = new RegExp(`<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="/images/${page.hero}-480\\.avif 480w`)
      expect(head).toMatch(preload)
      expect(head.search(preload)).toBeLessThan(head.indexOf('<script type="module"'))
      for (const variant of [480, 640, 1024, 1600].flatMap((w) => [`${page.hero}-${w}.avif`, `${page.hero}-${w}.webp`])) {
        expect(existsSync(join(dist, 'images', variant)), variant).toBe(true)
      }
    }
    // The page's own chunk is listed for the entry to fetch once the page is painted, so it is there
    // before hydration (the home page is in the app's chunk); nothing is preloaded from the HTML, where
    // it would share a slow link with the first paint.
    const chunk = manifest[pageKey(page.source)]
    expect(Boolean(chunk), `${page.source} is a chunk of its own`).toBe(page.module !== 'Home')
    if (chunk) expect(head).toMatch(new RegExp(`<meta name="page-code" content="[^"]*/${chunk.file}[ "]`))
    expect(head).not.toContain('rel="modulepreload"')
  })

  test('the app shell for every other path is the empty root, and the service worker precaches every page', () => {
    expect(read(APP_SHELL)).toContain('<div id="root"></div>')
    const sw = read('sw.js')
    for (const page of PAGES) expect(sw, page.path).toContain(`"url":"${prerenderedFile(page.path)}"`)
    expect(sw).toContain(`"url":"${APP_SHELL}"`)
    // Of the pictures, one small WebP copy each is downloaded up front (it stands in offline for every
    // other size); the originals and the other copies are cached when seen. Staff code and the app
    // icons are not downloaded by a visitor's first visit.
    const pictures = [...sw.matchAll(/"url":"(images\/[^"]+)"/g)].map((match) => match[1]!)
    const shipped = readdirSync(join(dist, 'images')).filter((name) => /\.(jpe?g|png)$/.test(name))
    expect(pictures.toSorted()).toEqual(shipped.map((name) => `images/${name.replace(/\.\w+$/, '')}-480.webp`).toSorted())
    expect(sw).not.toMatch(/"url":"(assets\/AdminRoutes-[^"]+|icons\/[^"]+)"/)
  })
})
