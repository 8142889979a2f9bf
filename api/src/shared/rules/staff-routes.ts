// The staff screens (SPEC.md §2, plus Messages and the staff accounts' screens): the public app routes these paths to the lazy staff
// chunk, the staff router gives each its screen, and the dashboard lists every task as a tile.

/** Every staff screen's path and its name as the dashboard shows it. */
export const STAFF_ROUTES = [
  { path: '/admin', label: 'Dashboard' },
  { path: '/manageGalleries', label: 'Manage Galleries' },
  { path: '/manageAttractions', label: 'Manage Attractions' },
  { path: '/manageTimes', label: 'Manage Opening Times' },
  { path: '/addHoliday', label: 'Add Opening Times Exception' },
  { path: '/deleteHoliday', label: 'Remove Opening Times Exception' },
  { path: '/uploadMenus', label: 'Upload Menus' },
  { path: '/createEvent', label: 'Create Events' },
  { path: '/manageEvent', label: 'Manage Events' },
  { path: '/manageNotices', label: 'Notices for Visitors' },
  { path: '/managePages', label: 'Page Words and Pictures' },
  { path: '/messages', label: 'Messages' },
  { path: '/account', label: 'My Account' },
  { path: '/staff', label: 'Staff', ownerOnly: true },
  { path: '/activity', label: 'Activity', ownerOnly: true },
  { path: '/venueDetails', label: 'Venue details', ownerOnly: true },
] as const

export type StaffRoute = (typeof STAFF_ROUTES)[number]
export type StaffPath = StaffRoute['path']

/** The dashboard itself; every other staff route is a task on it. */
export const STAFF_HOME = '/admin' satisfies StaffPath

export const STAFF_PATHS: readonly StaffPath[] = STAFF_ROUTES.map((route) => route.path)

/** Old addresses of staff screens, kept working: the app redirects them, the server answers 301. */
export const STAFF_ALIASES: Readonly<Record<string, StaffPath>> = { '/adminDashboard': STAFF_HOME }

export type StaffTask = Exclude<StaffRoute, { path: typeof STAFF_HOME }>

/** The dashboard's tiles, in order. */
export const STAFF_TASKS = STAFF_ROUTES.filter((route): route is StaffTask => route.path !== STAFF_HOME)

/** Whether a member of this role may open the task (editors get 403 from owner-only screens' calls). */
export function mayOpen(task: StaffRoute, role: 'owner' | 'editor' | null | undefined): boolean {
  return !('ownerOnly' in task && task.ownerOnly) || role === 'owner'
}

/** The task at a path ('/manageTimes'), or undefined for the dashboard and anything else. */
export function staffTaskAt(path: string): StaffTask | undefined {
  return STAFF_TASKS.find((task) => task.path === path)
}
