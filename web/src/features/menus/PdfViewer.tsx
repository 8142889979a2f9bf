import { useEffect, useRef, useState } from 'react'
import type { MenuDocument, MenuPage, RenderTask } from './pdf'
import './menu.css'

export type MenuDocumentState = { kind: 'loading' } | { kind: 'ready'; document: MenuDocument } | { kind: 'failed' }

/** Opens a menu PDF with pdf.js (imported on first use only) to draw its pages. */
export function useMenuDocument(bytes: Uint8Array): MenuDocumentState {
  const [state, setState] = useState<MenuDocumentState>({ kind: 'loading' })

  useEffect(() => {
    let cancelled = false
    let destroy: (() => Promise<void>) | null = null
    setState({ kind: 'loading' })
    ;(async () => {
      const { readMenuDocument } = await import('./pdf')
      if (cancelled) return
      const reading = readMenuDocument(bytes)
      destroy = reading.destroy
      const document = await reading.promise
      if (!cancelled) setState({ kind: 'ready', document })
    })().catch((error: unknown) => {
      if (cancelled) return
      console.error('Could not display the menu PDF:', error)
      setState({ kind: 'failed' })
    })
    return () => {
      cancelled = true
      void destroy?.().catch(() => undefined)
    }
  }, [bytes])

  return state
}

/**
 * Draws every page of a read PDF on a <canvas> as wide as the container, sharp on high-density
 * screens. The text of each page is kept for screen readers.
 */
export function PdfViewer({ pages, title }: { pages: MenuPage[]; title: string }) {
  const [width, setWidth] = useState(0)
  const boxRef = useRef<HTMLDivElement>(null)

  // Redraw at the container's width, when it changes (rotation, window resize), a moment after it settles.
  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const measure = () => setWidth(Math.floor(box.clientWidth))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      clearTimeout(timer)
      timer = setTimeout(measure, 150)
    })
    observer.observe(box)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [])

  return (
    <div className="pdf-viewer" ref={boxRef}>
      {pages.map((info, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the page's identity
        <PdfPage key={index} info={info} width={width} label={`${title}, page ${index + 1} of ${pages.length}`} />
      ))}
    </div>
  )
}

function PdfPage({ info, width, label }: { info: MenuPage; width: number; label: string }) {
  const text = info.text
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [drawn, setDrawn] = useState(false)

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas || width <= 0) return
    const ratio = Math.min(window.devicePixelRatio || 1, 3)
    const viewport = info.page.getViewport({ scale: (width / info.width) * ratio })
    let task: RenderTask | null = null
    // Draw off-screen first, then copy, so a redraw on resize never flashes a blank page.
    const scratch = document.createElement('canvas')
    scratch.width = Math.floor(viewport.width)
    scratch.height = Math.floor(viewport.height)
    task = info.page.render({ canvas: scratch, viewport })
    let cancelled = false
    task.promise
      .then(() => {
        if (cancelled) return
        canvas.width = scratch.width
        canvas.height = scratch.height
        canvas.getContext('2d')?.drawImage(scratch, 0, 0)
        setDrawn(true)
      })
      .catch((error: unknown) => {
        if ((error as Error)?.name !== 'RenderingCancelledException') console.error('Could not draw a menu page:', error)
      })
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [info, width])

  return (
    <figure className="pdf-page" style={{ aspectRatio: `${info.width} / ${info.height}` }} data-drawn={drawn ? 'true' : undefined}>
      <canvas ref={canvasRef} className="pdf-page__canvas" role="img" aria-label={label} width={Math.floor(info.width)} height={Math.floor(info.height)} />
      {text ? <figcaption className="visually-hidden">{text}</figcaption> : null}
    </figure>
  )
}
