import { useEffect, useRef, useState } from 'react'
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from '../lib/pdf'
import '../styles/menu.css'

interface PageInfo {
  page: PDFPageProxy
  /** Size at scale 1 (PDF points), for the box before the page is drawn. */
  width: number
  height: number
  text: string
}

/**
 * Draws every page of a PDF on a <canvas> as wide as the container, sharp on high-density screens.
 * pdf.js is imported on first use only. The text of each page is kept for screen readers.
 */
export function PdfViewer({ bytes, title, onError }: { bytes: Uint8Array; title: string; onError?: (error: unknown) => void }) {
  const [pages, setPages] = useState<PageInfo[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [width, setWidth] = useState(0)
  const boxRef = useRef<HTMLDivElement>(null)
  const onErrorRef = useRef(onError)
  onErrorRef.current = onError

  useEffect(() => {
    let cancelled = false
    let destroy: (() => Promise<void>) | null = null
    setPages(null)
    setFailed(false)
    ;(async () => {
      const { getDocument } = await import('../lib/pdf')
      if (cancelled) return
      // pdf.js hands the buffer to its worker, so it gets a copy: `bytes` stays usable for the next render.
      const task = getDocument(bytes.slice())
      destroy = () => task.destroy()
      const doc: PDFDocumentProxy = await task.promise
      const infos: PageInfo[] = []
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n)
        const viewport = page.getViewport({ scale: 1 })
        const content = await page.getTextContent().catch(() => null)
        const text = content
          ? content.items
              .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
              .join('')
              .replace(/[ \t]+/g, ' ')
              .trim()
          : ''
        infos.push({ page, width: viewport.width, height: viewport.height, text })
      }
      if (!cancelled) setPages(infos)
    })().catch((error: unknown) => {
      if (cancelled) return
      console.error('Could not display the menu PDF:', error)
      setFailed(true)
      onErrorRef.current?.(error)
    })
    return () => {
      cancelled = true
      void destroy?.().catch(() => undefined)
    }
  }, [bytes])

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
    <div className="pdf-viewer" ref={boxRef} aria-busy={!pages && !failed}>
      {failed ? (
        <p className="pdf-viewer__status">This menu could not be displayed here. Please use the link to open the PDF.</p>
      ) : !pages ? (
        <p className="pdf-viewer__status" role="status">
          Loading menu...
        </p>
      ) : (
        pages.map((info, index) => <PdfPage key={index} info={info} width={width} label={`${title}, page ${index + 1} of ${pages.length}`} />)
      )}
    </div>
  )
}

function PdfPage({ info, width, label }: { info: PageInfo; width: number; label: string }) {
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
      {info.text ? <figcaption className="visually-hidden">{info.text}</figcaption> : null}
    </figure>
  )
}
