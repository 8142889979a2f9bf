// Reply and request types come from the API's own schemas, so they are written once.
export type { VenueInfo } from '../../../api/src/features/venue/model'
export type { OpeningTimes, HotelTimes, StablesTimes, TimeRange } from '../../../api/src/features/opening-times/model'
export { GROUP_DAYS, GROUP_LABELS, HOTEL_GROUPS, STABLES_GROUPS } from '../../../api/src/features/opening-times/groups'
export type { LoginReply, DashboardReply } from '../../../api/src/auth/model'
