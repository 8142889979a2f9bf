/** What other features may use of the opening times: whether a venue is open now, and the full table of hours. */
export { OpeningTimes } from './OpeningTimes'
export { OpenStatus } from './OpenStatus'
