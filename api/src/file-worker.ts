/**
 * The file worker process (started by files/worker-client.ts). Like server.ts for the server, this is
 * where the parts meet: the files layer answers the upload jobs, and the menus feature and the demo seed
 * register the jobs that need its libraries (pdf.js, the SVG renderer). Each library loads on first use.
 */
import { serveFileJobs, uploadJobHandlers } from './files/worker-main'

serveFileJobs({
  ...uploadJobHandlers,
  menuText: async ({ path }) => (await import('./features/menus/pdf-text')).menuSectionsOfFile(path),
  demoImage: async ({ caption, palette, width, height, seed }) => (await import('./seed/demo-images')).demoImage(caption, palette, width, height, seed),
  demoMenu: async ({ title, sections }) => (await import('./seed/demo-images')).demoMenuPdf(title, sections),
})
