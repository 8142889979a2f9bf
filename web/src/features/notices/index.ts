/** The notices for visitors, as the composition root (App.tsx, saveForOffline.ts) uses them. */
export { useNotices } from './store'
export { VisitorNotice } from './VisitorNotice'
