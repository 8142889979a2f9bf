/** The notices for visitors, as the composition root (App.tsx, main.tsx, entry-server.tsx, saveForOffline.ts) uses them. */
export { useNotices } from './store'
export { loadServedNotice, loadVisitorNotice, NoticeSlot } from './NoticeSlot'
