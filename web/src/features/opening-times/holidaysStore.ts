import { api } from '../../api/client'
import type { Holiday } from '../../api/types'
import { createResource } from '../../stores/resource'

/**
 * Upcoming bank-holiday exceptions, soonest first (GET /api/bank-holiday-exceptions). A reply that is
 * not an array counts as an empty list (SPEC §4); a failed request keeps the saved copy, and with none
 * the list reads as empty — use `holidayList(data)`.
 */
export const useHolidays = createResource<Holiday[]>('holidays', async (request) => {
  const reply = await api.get<unknown>('/api/bank-holiday-exceptions', request)
  return Array.isArray(reply) ? (reply as Holiday[]) : []
})

/** The list to show: empty until (or unless) there is data. */
export function holidayList(data: Holiday[] | null | undefined): Holiday[] {
  return Array.isArray(data) ? data : []
}
