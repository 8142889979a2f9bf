/** The rules a staff password must meet that the staff screens can check as it is typed; the server checks them again. */
export const MIN_PASSWORD_LENGTH = 12
export const MAX_PASSWORD_LENGTH = 1000

/** Why the password is refused, or null when these rules allow it. */
export function passwordRuleBroken(password: string, username: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`
  const name = username.trim().toLowerCase()
  // A very short username (say 'jo') would rule out too many good passwords; then only the name itself is refused.
  const containsName = name.length >= 3 ? password.toLowerCase().includes(name) : password.toLowerCase() === name
  if (containsName) return 'The password must not contain the username.'
  return null
}
