import { describe, expect, test } from 'bun:test'
import { SKIPPED_HOUR_MESSAGE, START_UNREADABLE_MESSAGE } from '../../../api/src/shared/rules/venue-time'
import { fromVenueInput, startProblem, toVenueInput } from './time'

describe('staff datetime-local values in venue time', () => {
  test('summer and winter times become the right instants and read back the same', () => {
    expect(fromVenueInput('2026-07-01T19:30')).toBe('2026-07-01T18:30:00.000Z')
    expect(fromVenueInput('2026-12-05T19:30')).toBe('2026-12-05T19:30:00.000Z')
    for (const local of ['2026-07-01T19:30', '2026-12-05T19:30', '2026-03-29T02:00', '2026-10-25T00:59'])
      expect(toVenueInput(fromVenueInput(local))).toBe(local)
  })

  test('the hour the clocks skip is refused; the hour they repeat means the later (GMT) one, as the server reads it', () => {
    expect(fromVenueInput('2026-03-29T01:30')).toBeNull()
    expect(startProblem('2026-03-29T01:30')).toBe(SKIPPED_HOUR_MESSAGE)
    expect(startProblem('2026-03-29T02:30')).toBeNull()
    expect(fromVenueInput('2026-10-25T01:30')).toBe('2026-10-25T01:30:00.000Z')
  })

  test('anything a filled-in input would not hold is unusable, not guessed at', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-07-01T24:00', '2026-07-01 19:30', '2026-07-01T19:30:00', '2026-07-01T19:30Z'])
      expect(fromVenueInput(bad)).toBeNull()
    expect(startProblem('')).toBeNull()
  })

  test("a year a date input can hold but the server refuses is a problem before sending, in the server's words", () => {
    expect(startProblem('10000-01-01T19:30')).toBe(START_UNREADABLE_MESSAGE)
    expect(startProblem('275760-09-13T00:00')).toBe(START_UNREADABLE_MESSAGE)
    expect(startProblem('9999-12-31T23:59')).toBeNull()
  })
})
