// The installed app's icons and the favicon, drawn from one logo: by the build from the shipped logo,
// and by the file worker from a logo an owner uploaded (sharp never loads into the server). One drawing, so both look alike.
import sharp from 'sharp'
import type { AppIcon } from '../shared/rules/app-identity'

/**
 * One icon as a PNG. Maskable and Apple icons get a full-bleed background with the logo inside the safe
 * zone, because platforms crop them; a palette of the logo's few colours keeps it about a third of the bytes.
 */
export async function drawAppIcon(logo: Buffer | Uint8Array, icon: { size: number; purpose: AppIcon['purpose'] }, background: string): Promise<Buffer> {
  const padded = icon.purpose === 'maskable' || icon.purpose === 'apple'
  const inner = padded ? Math.round(icon.size * 0.72) : icon.size
  const mark = await sharp(logo, { density: 512 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
  return sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: padded ? background : { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toBuffer()
}
