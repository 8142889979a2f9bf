/** How a staff screen words a list it could not read: the account screens, Messages and Activity share it. */
import { isNoAnswerText } from '../../api/client'
import { OWNER_ONLY_MESSAGE } from '../../../../api/src/shared/rules/staff-roles'

/** What a screen says when its read failed (`error`, the failure's text): offline, refused (an editor on an owner screen), or else. */
export function listProblem(error: string | null, what: string): string {
  if (isNoAnswerText(error)) return `${what} can only be seen with a connection to the server: ${error}`
  if (error === OWNER_ONLY_MESSAGE) return `Only an owner can see ${what.toLowerCase()}. Ask an owner if you need a change here.`
  return error ? `${what} could not be loaded: ${error}` : `${what} could not be loaded.`
}
