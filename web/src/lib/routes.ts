/** Every staff screen's path (SPEC.md §2, plus Messages). They load the lazy admin chunk. */
export const ADMIN_PATHS = [
  '/admin',
  '/manageGalleries',
  '/manageAttractions',
  '/manageTimes',
  '/deleteHoliday',
  '/addHoliday',
  '/uploadMenus',
  '/createEvent',
  '/manageEvent',
  '/messages',
] as const
