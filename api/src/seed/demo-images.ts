/**
 * The demo pictures and menus. They are drawn by the file worker (api/src/file-worker.ts: the seeders ask
 * for them with `ctx.worker.run('demoImage' | 'demoMenu', …)`), so sharp and pdf-lib are imported only
 * when a picture or menu is drawn, never by the server that imports the palettes.
 */
import type { DemoPalette } from '../files/worker-jobs'

export type Palette = DemoPalette

export const palettes = {
  dawn: { sky: '#f6d5a8', far: '#8aa38b', near: '#4e6b4f', accent: '#f7b267' },
  day: { sky: '#a9d3e8', far: '#7fa37a', near: '#3f6b45', accent: '#fff3b0' },
  dusk: { sky: '#e9a07a', far: '#7d6b8a', near: '#3e3a52', accent: '#ffd08a' },
  night: { sky: '#27304a', far: '#3c4a63', near: '#1d2536', accent: '#ffd27f' },
  hearth: { sky: '#6b3b2a', far: '#9c5b3b', near: '#3b2119', accent: '#ffb347' },
  moss: { sky: '#cfe3c8', far: '#91b28a', near: '#56784f', accent: '#f4e285' },
} satisfies Record<string, Palette>

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A fictional landscape picture, drawn as SVG and encoded by sharp. Demo content is generated rather
 * than shipped so the repository stays small. The caption is kept as the SVG title only: text drawn
 * into the picture would be cropped by tiles and clash with hero headings. Encoded quickly at high
 * quality: the file store re-encodes every upload, demo pictures included, for the final size.
 */
export async function demoImage(caption: string, palette: Palette, width = 1600, height = 1000, seed = 1): Promise<Uint8Array> {
  const wave = (base: number, amp: number, phase: number) => {
    const points: string[] = []
    for (let i = 0; i <= 24; i++) {
      const x = (width * i) / 24
      const y = base + Math.sin((x / width) * Math.PI * 2 * 1.3 + phase + seed) * amp + Math.cos((x / width) * 7 + seed * 2) * amp * 0.35
      points.push(`${x.toFixed(0)},${y.toFixed(0)}`)
    }
    return `M0,${height} L${points.join(' L')} L${width},${height} Z`
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.6"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * (0.2 + (seed % 5) * 0.15)}" cy="${height * 0.28}" r="${height * 0.09}" fill="${palette.accent}" opacity="0.9"/>
  <path d="${wave(height * 0.55, height * 0.06, 0.5)}" fill="${palette.far}"/>
  <path d="${wave(height * 0.7, height * 0.05, 2.1)}" fill="${palette.near}"/>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <title>${escapeXml(caption)}</title>
</svg>`
  const { default: sharp } = await import('sharp')
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer())
}

/** A small, readable one-or-two page menu PDF for the demo venue. */
export async function demoMenuPdf(title: string, sections: { heading: string; items: [string, string][] }[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const doc = await PDFDocument.create()
  doc.setTitle(title)
  const serif = await doc.embedFont(StandardFonts.TimesRoman)
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold)
  let page = doc.addPage([595, 842])
  let y = 780
  page.drawText(title, { x: 60, y, size: 30, font: bold, color: rgb(0.18, 0.25, 0.2) })
  y -= 50
  for (const section of sections) {
    if (y < 160) {
      page = doc.addPage([595, 842])
      y = 780
    }
    page.drawText(section.heading, { x: 60, y, size: 18, font: bold, color: rgb(0.45, 0.3, 0.15) })
    y -= 28
    for (const [dish, price] of section.items) {
      page.drawText(dish, { x: 60, y, size: 13, font: serif })
      page.drawText(price, { x: 500, y, size: 13, font: serif })
      y -= 22
    }
    y -= 18
  }
  return doc.save()
}
