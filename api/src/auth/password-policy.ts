import { dictionary } from '@zxcvbn-ts/language-common'
import { badRequest } from '../http/errors'
import { passwordRuleBroken } from '../shared/password-rules'

/**
 * Passwords seen most often in leaks: zxcvbn-ts's list of about 49,000, compiled from public breach
 * corpora and kept with the library, rather than a list of our own.
 */
const COMMON_PASSWORDS = new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()))

export const COMMON_PASSWORD_MESSAGE = 'This password is among the most common leaked passwords. Please choose another one.'

/** Throws 400 with the reason when a new staff password is not allowed. */
export function assertAcceptablePassword(password: string, username: string): void {
  const broken = passwordRuleBroken(password, username)
  if (broken) throw badRequest(broken)
  if (COMMON_PASSWORDS.has(password.toLowerCase())) throw badRequest(COMMON_PASSWORD_MESSAGE)
}

/** A first or reset password that the member will replace at first login: 18 random characters from a plain alphabet. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  // 256 is not a multiple of 55: redraw the few bytes that would favour the first letters.
  return Array.from(bytes, (byte) => {
    let value = byte
    while (value >= 220) value = crypto.getRandomValues(new Uint8Array(1))[0]!
    return alphabet[value % alphabet.length]
  }).join('')
}
