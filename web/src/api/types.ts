// Reply and request types come from the API's own schemas, so they are written once.
export type { AdminVenueReply, SaveVenueReply, VenueInfo } from '../../../api/src/features/venue/model'
export type { OpeningTimes, HotelTimes, StablesTimes, TimeRange, UpdateTimesReply } from '../../../api/src/features/opening-times/model'
export { GROUP_DAYS, GROUP_LABELS, HOTEL_GROUPS, STABLES_GROUPS } from '../../../api/src/shared/rules/opening-groups'
export type { LoginReply, DashboardReply } from '../../../api/src/auth/model'
// Resized copies listed next to every uploaded image's URL.
export type { ImageVariant } from '../../../api/src/files/model'
// Public pages: events, attractions and menus.
export type { VenueEvent, EventList } from '../../../api/src/features/events/model'
export type { Attraction, AttractionList } from '../../../api/src/features/attractions/model'
export type { Notice, NoticeList, NoticeReply, NoticeDeletedReply, NoticeConflictReply } from '../../../api/src/features/notices/model'
export type { PublicPage, StaffPage, PageItem, PageReply, PageBody } from '../../../api/src/features/pages/model'
export type { Menu as MenuInfo } from '../../../api/src/features/menus/model'
// Shared shell: galleries, holidays, contact messages.
export type { GalleryImage, GalleryType, GalleryGrouped } from '../../../api/src/features/galleries/model'
export type { Holiday, AdminHoliday } from '../../../api/src/features/holidays/model'
export type { SendEmailBody, SendEmailReply, ContactMessage } from '../../../api/src/features/contact/model'
// Staff screens (web/src/admin): replies to admin changes.
export type { UploadGalleryReply, DeleteGalleryReply, GalleryOrderReply, EditGalleryReply } from '../../../api/src/features/galleries/model'
export type { AttractionReply, DeleteAttractionReply } from '../../../api/src/features/attractions/model'
export type { EventUploadedReply, EventUpdatedReply, EventDeletedReply } from '../../../api/src/features/events/model'
export type { MenuUploadedReply } from '../../../api/src/features/menus/model'
export type { HolidayAddedReply, HolidayRemovedReply } from '../../../api/src/features/holidays/model'
// Staff accounts and the activity trail (owners).
export type { StaffMember } from '../../../api/src/features/staff/model'
export type { ActivityEntry } from '../../../api/src/features/activity/model'
