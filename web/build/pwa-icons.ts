import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { drawAppIcon } from '../../api/src/files/app-icons'
import { APP_ICONS } from '../../api/src/shared/rules/app-identity'

/** Draws every app icon (and the favicon) from the one source logo at build time; the server draws them the same way from an uploaded logo. */
export function pwaIcons(logoPath: string, background: string): Plugin {
  return {
    name: 'venue:pwa-icons',
    apply: 'build',
    async generateBundle() {
      const logo = readFileSync(logoPath)
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.fileName, source: await drawAppIcon(logo, icon, background) })
    },
  }
}
