import { pageContentStore } from '../pages'

/** The home page's words, tiles and hero, as staff wrote them (shared by Home.tsx and BelowTheFold.tsx). */
export const homeContent = pageContentStore('home')
