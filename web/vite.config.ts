import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { loadConfig } from '../api/src/config'

const root = fileURLToPath(new URL('.', import.meta.url))
// The same configuration the server reads (env, or data/venue.json), so names and phone match everywhere.
const { venue } = loadConfig()

export default defineConfig({
  root,
  plugins: [react()],
  define: { __VENUE__: JSON.stringify(venue) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    // `npm run dev:web` talks to `npm run dev:api` on port 3000.
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
})
