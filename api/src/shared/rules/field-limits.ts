// The longest text each staff form field may hold: the API refuses longer, the forms stop typing there.
// Pure, imported by the API and the web app alike (no server imports).

/** A place nearby (attraction): name, web address and description. */
export const ATTRACTION_LIMITS = { name: 120, url: 2048, description: 2000 } as const

/** An event: title, description, start date/time as sent, and the ticket link. */
export const EVENT_LIMITS = { title: 200, description: 5000, start: 64, ticketUrl: 2000 } as const
