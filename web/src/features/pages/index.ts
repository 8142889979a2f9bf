// The public pages' words and heroes as staff wrote them (api/src/features/pages).
export { PageHero } from './PageHero'
export { pageContentStore } from './store'
export { pageWord } from './words'
export { ServingTimes } from './ServingTimes'
export { Eyebrow } from './Eyebrow'
