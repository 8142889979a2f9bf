import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './App'
import { startOfflineSupport } from './offline/registerServiceWorker'
import { startOutboxSync } from './offline/sync'
import './styles/global.css'

const root = document.getElementById('root')!
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// Pre-rendered pages arrive with markup to hydrate; the plain app shell arrives empty.
if (root.hasChildNodes()) hydrateRoot(root, app)
else createRoot(root).render(app)

startOfflineSupport()
startOutboxSync()
