import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, createContext } from '../api/src/app'
import { loadConfig } from '../api/src/config'
const ctx = await createContext(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'venue-')) }))
const app = createApp(ctx)
console.log(app.routes.map(r => r.method + ' ' + r.path))
const res = await app.handle(new Request('http://localhost/api/opening-times'))
console.log(res.status, await res.text())
