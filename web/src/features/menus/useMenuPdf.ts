import { useEffect, useState } from 'react'
import { loadMenuPdf, menuPdfKept, type BusinessId, type MenuPdf } from './store'

export type PdfState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; pdf: MenuPdf } | { kind: 'offline' } | { kind: 'error' }

/**
 * The menu's PDF file, fetched (or read from the device) only once `wanted`: a phone reading the text
 * never downloads the file or pdf.js. Once fetched it is kept while the page is open. Not wanted
 * while the venue cannot be reached (`unreachable`), the device is asked whether it keeps the file:
 * if not, the state is 'offline' as the drawing's would be, so no link is offered that could only
 * open the browser's error page; reached again, the links come back.
 */
export function useMenuPdf(businessId: BusinessId, url: string | null, wanted: boolean, unreachable: boolean): PdfState {
  const [pdf, setPdf] = useState<PdfState>({ kind: 'idle' })
  useEffect(() => {
    if (!url || !wanted) return
    const controller = new AbortController()
    // Known not to be here without a connection: tried again, it stays so until the file comes (no links meanwhile).
    setPdf((state) => (state.kind === 'offline' ? state : { kind: 'loading' }))
    loadMenuPdf(businessId, url, controller.signal)
      .then((result) => setPdf({ kind: 'ready', pdf: result }))
      .catch((error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return
        console.error('Could not load the menu file:', error)
        setPdf({ kind: (error as { status?: number })?.status === 0 ? 'offline' : 'error' })
      })
    return () => controller.abort()
  }, [businessId, url, wanted])
  useEffect(() => {
    if (!url || wanted) return
    if (!unreachable) {
      setPdf((state) => (state.kind === 'offline' ? { kind: 'idle' } : state))
      return
    }
    let current = true
    void menuPdfKept(businessId, url).then((kept) => {
      if (current && !kept) setPdf({ kind: 'offline' })
    })
    return () => {
      current = false
    }
  }, [businessId, url, wanted, unreachable])
  return pdf
}
