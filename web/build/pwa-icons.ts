import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import type { Plugin } from 'vite'

export const ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { fileName: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { fileName: 'icons/apple-touch-icon-180.png', size: 180, purpose: 'apple' },
] as const

/**
 * Draws every app icon from the one source logo at build time. Maskable and Apple icons get a
 * full-bleed background with the logo inside the safe zone, because platforms crop them.
 */
export function pwaIcons(logoPath: string, background: string): Plugin {
  return {
    name: 'venue:pwa-icons',
    apply: 'build',
    async generateBundle() {
      const logo = readFileSync(logoPath)
      for (const icon of ICONS) {
        const padded = icon.purpose !== 'any'
        const inner = padded ? Math.round(icon.size * 0.72) : icon.size
        const mark = await sharp(logo, { density: 512 }).resize(inner, inner).png().toBuffer()
        const png = await sharp({
          create: { width: icon.size, height: icon.size, channels: 4, background: padded ? background : { r: 0, g: 0, b: 0, alpha: 0 } },
        })
          .composite([{ input: mark, gravity: 'center' }])
          // A palette of the logo's few colours: the same picture at about a third of the bytes (Chrome
          // fetches the 192 px icon on every first visit, to check that the app can be installed).
          .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
          .toBuffer()
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: png })
      }
    },
  }
}
