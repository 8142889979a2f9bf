import { createElement, lazy, memo, Suspense, useState, type ComponentType } from 'react'

/** A lazy part of a page; `load()` fetches its code ahead (rejecting if it cannot be had now). */
export type PagePart<P extends object> = ComponentType<P> & { load(): Promise<void> }

/** Resolves when the device next comes back online. */
const backOnline = () => new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }))

/**
 * Part of a page in a chunk of its own, for what lies below the first screen: the pre-rendered page
 * shows it as HTML from the start, so it is not in the JavaScript the page's HTML loads. The browser
 * fetches it as soon as the app starts (main.tsx, page.loadParts) and the server before rendering;
 * once loaded, it renders at once. Should its code not come (the signal lost as the page opened),
 * React keeps the server's markup of the Suspense boundary, and the part comes to life when the device
 * is back online, rather than failing the page around it.
 */
export function lazyPart<P extends object>(importPart: () => Promise<ComponentType<P>>): PagePart<P> {
  let loaded: ComponentType<P> | null = null
  const fetchPart = async () => {
    loaded ??= await importPart()
    return loaded
  }
  const whenLoaded = async (): Promise<ComponentType<P>> => {
    for (;;) {
      try {
        return await fetchPart()
      } catch {
        await backOnline()
      }
    }
  }
  const LazyPart = lazy(async () => ({ default: await whenLoaded() }))
  function Part(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded part later would remount it.
    const [component] = useState<ComponentType<P>>(() => loaded ?? LazyPart)
    return createElement(Suspense, { fallback: null }, createElement(component, props))
  }
  // Memoised: a parent's re-render would otherwise reach the Suspense boundary while it waits to hydrate,
  // and React then drops the server's markup for the fallback (nothing) until the code comes.
  return Object.assign(memo(Part), { load: async () => void (await fetchPart()) })
}
