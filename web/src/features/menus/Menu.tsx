import { useEffect, useState } from 'react'
import { Link, useParams } from 'wouter'
import { OfflineNotice, SavedCopyNotice } from '../../ui/OfflineNotice'
import { MenuText } from './MenuText'
import { PdfViewer, useMenuDocument } from './PdfViewer'
import type { MenuSection } from '../../../../api/src/shared/menu-text'
import { useVenue } from '../../shell/venue'
import { menuPageNames } from '../../shell/publicRoutes'
import type { VenueNames } from '../../../../api/src/shared/rules/venues'
import { businessOfMenuRoute } from '../../../../api/src/shared/rules/venues'
import { menuStore, type BusinessId } from './store'
import { useMenuPdf, type PdfState } from './useMenuPdf'
import { useResource } from '../../stores'
import { useOnline } from '../../lib/hooks'
import { isNoAnswerText } from '../../api/client'
import './menu.css'
import '../../ui/pages.css'

const namesOf = (venue: VenueNames): Record<BusinessId, { title: string; back: string; backLabel: string }> => ({
  1: { title: menuPageNames(venue)['/menu/menu1']!, back: '/drink', backLabel: `Back to ${venue.barName}` },
  2: { title: menuPageNames(venue)['/menu/menu2']!, back: '/eat', backLabel: 'Back to the cafe' },
})

/** /menu/menu1 (the Stables) and /menu/menu2 (the hotel cafe); any other id is not a menu. */
export function Menu() {
  const { menuId = '' } = useParams<{ menuId: string }>()
  const businessId = businessOfMenuRoute(menuId)
  const venue = useVenue()
  if (!businessId) {
    return (
      <main id="main" className="menu-page">
        <header className="page-banner">
          <div className="container">
            <h1>Menu not found!</h1>
          </div>
        </header>
        <div className="container section menu-page__missing">
          <p>We could not find that menu. Our menus are on these pages:</p>
          <p className="menu-page__choices">
            <Link href="/eat" className="button">
              The cafe
            </Link>
            <Link href="/drink" className="button button--ghost">
              {venue.barName}
            </Link>
          </p>
        </div>
      </main>
    )
  }
  return <MenuForBusiness key={businessId} businessId={businessId} />
}

const PDF_NEEDS_CONNECTION = 'The original PDF needs a connection: it has not been saved on this device yet.'

/** 'either': not decided yet (the server's render and hydration): the text and the drawing's place, CSS shows one by width. */
type View = 'text' | 'pdf' | 'either'

/**
 * Below this width the drawn page's type is too small to read without zooming (7-8 px at 390 px), so
 * the menu shows as text first; wider screens show the drawing first. Either is one tap away. Kept
 * equal to the breakpoint of .menu-first in menu.css, which chooses before scripts run.
 */
const TEXT_FIRST_QUERY = '(max-width: 639px)'

function MenuForBusiness({ businessId }: { businessId: BusinessId }) {
  const { data, status, error } = useResource(menuStore(businessId))
  // No answer from the venue (offline, or a signal but its server down): a file not kept here cannot be opened.
  const unreachable = !useOnline() || (status === 'error' && error !== null && isNoAnswerText(error))
  const { title, back, backLabel } = namesOf(useVenue())[businessId]
  const [textFirst, setTextFirst] = useState<boolean | null>(null)
  const [chosen, setChosen] = useState<View | null>(null)
  const [drawingWanted, setDrawingWanted] = useState(false)
  const menu = data?.menu ?? null
  // Saved on the device before the server sent the text: shown as the drawing until the next load.
  const sections = menu?.sections ?? []
  const hasText = sections.length > 0
  // The text, unless there is none (a scanned menu) or the screen is wide enough for the drawing.
  const view: View | null = !menu ? null : !hasText ? 'pdf' : (chosen ?? (textFirst === null ? 'either' : textFirst ? 'text' : 'pdf'))
  const pdf = useMenuPdf(businessId, menu?.pdf_url ?? null, drawingWanted, unreachable)

  // Decided once: turning the phone must not swap the view under the reader's thumb.
  useEffect(() => setTextFirst(window.matchMedia(TEXT_FIRST_QUERY).matches), [])
  useEffect(() => {
    if (view === 'pdf') setDrawingWanted(true)
  }, [view])

  let body
  if (menu) {
    // One switch above every view, always the same node: pressing it must not rebuild it elsewhere (focus would fall to the page).
    // Before scripts choose the view it goes with the text (hidden where the drawing's place shows).
    const switcher = hasText ? (
      // biome-ignore lint/a11y/useSemanticElements: two toggle buttons (aria-pressed) labelled as one switch, not a form's fieldset
      <div className={`menu-view-switch${view === 'either' ? ' menu-first--text' : ''}`} role="group" aria-label="Show the menu as">
        <button type="button" className="menu-view-switch__option" aria-pressed={view !== 'pdf'} onClick={() => setChosen('text')}>
          Text
        </button>
        <button type="button" className="menu-view-switch__option" aria-pressed={view === 'pdf'} onClick={() => setChosen('pdf')}>
          Original PDF
        </button>
      </div>
    ) : null
    const shown =
      view === 'either' || view === 'text' ? (
        // The served page holds the menu as text for crawlers and phones; a wide screen shows the drawing's place until it is chosen.
        // One tree for both, so a phone keeps the very nodes it painted first when the view is decided.
        <>
          <div className={view === 'either' ? 'menu-first menu-first--text' : 'menu-first'}>
            <MenuText sections={sections} />
          </div>
          {view === 'either' ? (
            // Only the app draws the menu here (a wide screen): shown, it starts the app at once (shell/appOnDemand.ts).
            <p className="menu-first menu-first--drawing menu-page__status" role="status" data-needs-app="">
              Loading menu...
            </p>
          ) : null}
        </>
      ) : view === 'pdf' ? (
        <>
          {hasText ? null : (
            <p className="menu-page__note">
              This menu is a picture of the printed menu, so there is no text version. Zoom in on it, or use Open the PDF above.
            </p>
          )}
          <MenuDrawing pdf={pdf} title={title} sections={sections} />
        </>
      ) : (
        <p className="menu-page__status" role="status">
          Loading menu...
        </p>
      )
    body = (
      <>
        {switcher}
        {shown}
      </>
    )
  } else if (data) {
    body = <OfflineNotice lead="Our menu is coming soon." action="to ask what we are serving" />
  } else if (status === 'error') {
    body = <OfflineNotice lead="The menu needs a connection the first time you open it." action="to ask what we are serving" />
  } else {
    body = (
      <p className="menu-page__status" role="status">
        Loading menu...
      </p>
    )
  }

  return (
    <main id="main" className="menu-page">
      <header className="page-banner menu-page__banner">
        <div className="container">
          <p className="menu-page__back">
            <Link href={back}>
              <span aria-hidden="true">← </span>
              {backLabel}
            </Link>
          </p>
          <h1>{title}</h1>
          {/* Its room is kept while the menu loads (and in the pre-rendered page), so the page does not move when the links appear. */}
          <p className="menu-page__actions">
            {menu && pdf.kind !== 'offline' ? (
              <>
                <a className="button button--light button--small" href={menu.pdf_url} target="_blank" rel="noopener">
                  Open the PDF<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                <a className="menu-page__download" href={menu.pdf_url} download={`${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`}>
                  Download
                </a>
              </>
            ) : menu && view !== 'pdf' ? (
              // What the "Original PDF" view says, where its links would have been.
              <span className="menu-page__pdf-offline">{PDF_NEEDS_CONNECTION}</span>
            ) : null}
          </p>
        </div>
      </header>
      {/* The room kept for the drawing goes where the text shows (on a phone before scripts choose, or once chosen). */}
      <div className={`container menu-page__body${view === 'text' || view === 'either' ? ` menu-page__body--${view}` : ''}`}>{body}</div>
    </main>
  )
}

/** The drawn menu once its file is here; offline without a saved file, the text (if any) stays readable. */
function MenuDrawing({ pdf, title, sections }: { pdf: PdfState; title: string; sections: MenuSection[] }) {
  if (pdf.kind === 'ready') {
    return (
      <>
        {pdf.pdf.fromCache ? <SavedCopyNotice what="menu" savedAt={pdf.pdf.savedAt} /> : null}
        <DrawnPages bytes={pdf.pdf.bytes} title={title} />
      </>
    )
  }
  if (pdf.kind === 'offline') {
    if (!sections.length)
      return <OfflineNotice lead="This menu has not been saved on your device yet, so it needs a connection." action="to ask what we are serving" />
    return (
      <>
        <p className="menu-page__note" role="status">
          {PDF_NEEDS_CONNECTION} Here is the menu as text.
        </p>
        <MenuText sections={sections} />
      </>
    )
  }
  if (pdf.kind === 'error') return <p className="menu-page__status">The menu could not be loaded. Please use the link above to open the PDF.</p>
  return (
    <p className="menu-page__status" role="status">
      Loading menu...
    </p>
  )
}

/** The pages of the PDF drawn by pdf.js (loaded on first use). */
function DrawnPages({ bytes, title }: { bytes: Uint8Array; title: string }) {
  const state = useMenuDocument(bytes)
  if (state.kind === 'failed') return <p className="menu-page__status">This menu could not be displayed here. Please use the link above to open the PDF.</p>
  if (state.kind === 'loading') {
    return (
      <p className="menu-page__status" role="status">
        Loading menu...
      </p>
    )
  }
  return <PdfViewer pages={state.document.pages} title={title} />
}
