import { SERVER_BUNDLE_DIR } from './prerender'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const TEXT = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/
const MIN_BYTES = 1024

/**
 * Writes .br and .gz copies of every text file after the build, so the server can send the
 * smallest one the browser accepts without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'venue:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // After vite-plugin-pwa has written sw.js, so the service worker is compressed too.
    enforce: 'post',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            // The server's render bundle is read by the server, never sent.
            if (name === SERVER_BUNDLE_DIR) return []
            const path = join(dir, name)
            return statSync(path).isDirectory() ? walk(path) : [path]
          })
        for (const file of walk(outDir)) {
          if (!TEXT.test(file)) continue
          const source = readFileSync(file)
          if (source.byteLength < MIN_BYTES) continue
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength } }),
          )
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
        }
      },
    },
  }
}
