/**
 * How a time range reads everywhere on the site and in the staff area: SPEC.md's holiday form
 * "open - close" ('12:00 - 16:00'), so the tables and the holiday lines of one card match.
 */
export function timeRange(open: string, close: string): string {
  return `${open} - ${close}`
}
