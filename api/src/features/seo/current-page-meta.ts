import type { AppContext } from '../../context'
import { findEvent } from '../events'
import { wordsOfPage } from '../pages'
import { shareImageOf } from '../../files/variants'
import {
  documentTitle,
  eventShareMeta,
  pageMetaBlock,
  pageMetaFor,
  pageMetaPath,
  sharedEventId,
  titleWithNames,
  withPageWords,
  type CurrentMeta,
} from '../../shared/page-meta'

/**
 * The head block of page tags, and the title, for a pre-rendered page as served: the venue's current
 * names and details, the description and share picture staff gave the page (its intro and hero), absolute addresses from the configured SITE_URL (the build may have run with
 * another), and for an event's share link
 * (/events?event=<id>) that event's title, description and share picture. Null for a page the build
 * gave no block (the app shell, the not-found pages).
 */
export function currentPageMeta(ctx: AppContext): (template: string, url: URL, builtTitle?: string) => CurrentMeta | null {
  const { siteUrl, venueSeed } = ctx.config
  return (template, url, builtTitle = documentTitle(template)) => {
    const venue = ctx.venue()
    const path = pageMetaPath(template)
    if (path === null) return null
    const title = titleWithNames(builtTitle, venueSeed, venue)
    const built = pageMetaFor(path, title, venue)
    const words = wordsOfPage(ctx, built.path)
    const meta = words ? withPageWords(built, words) : built
    const eventId = path === '/events' ? sharedEventId(url.searchParams) : null
    const event = eventId === null ? null : findEvent(ctx.db, eventId)
    if (!event) return { block: pageMetaBlock(meta, siteUrl, venue), title }
    const picture = event.image
      ? shareImageOf({ name: event.image, width: event.image_width, height: event.image_height, animated: event.image_animated })
      : null
    const shared = { id: event.id, title: event.title, description: event.description, image: picture ? ctx.files.urlOf(picture.name) : null }
    return { block: pageMetaBlock(eventShareMeta(meta, shared), siteUrl, venue), title }
  }
}
