import { badRequest } from '../http/errors'
import { altTextProblem, normalizeAltText } from './rules/alt-text'

/** A picture's description as a route stores it (null: none); undefined when none was sent (an edit keeps it). Too long: 400. */
export function readAltText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined
  const problem = altTextProblem(value)
  if (problem) throw badRequest(problem)
  return normalizeAltText(value)
}
