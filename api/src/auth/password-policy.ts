import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common'
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en'
import { badRequest } from '../http/errors'
import type { Venue } from '../shared/venue'
import { passwordRuleBroken } from '../shared/rules/staff-passwords'

/**
 * Passwords seen most often in leaks: zxcvbn-ts's list of about 49,000, compiled from public breach
 * corpora and kept with the library, rather than a list of our own.
 */
const COMMON_PASSWORDS = new Set((commonDictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()))

export const COMMON_PASSWORD_MESSAGE = 'This password is among the most common leaked passwords. Please choose another one.'

/** zxcvbn's scale is 0–4; 3 is "safely unguessable: moderate protection from an offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3

export const WEAK_PASSWORD_MESSAGE = 'This password would be easy to guess.'

/**
 * Built on first use: reading the dictionaries (leaked passwords, names, common English words) takes
 * most of a second, which a server that never sets a password should not pay at start-up.
 */
let estimator: ZxcvbnFactory | undefined
/**
 * The estimate reads this many characters and no more: its work grows steeply with length (a 1,000-character
 * password held the server's one thread for 2 s), and a password strong in its first 64 characters is
 * strong. So a password's strength must show in its first 64 characters.
 */
export const JUDGED_LENGTH = 64
const strengthOf = (password: string, userInputs: string[]) => {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
    maxLength: JUDGED_LENGTH,
  })
  return estimator.check(password, userInputs)
}

/** The venue's names, whole and word by word: the estimate then counts them as words anyone would try first. */
export function venueNamesOf(venue: Pick<Venue, 'hotelName' | 'barName'>): string[] {
  return [venue.hotelName, venue.barName]
}

/** Throws 400 with the reason (zxcvbn's own warning and suggestions for a weak one) when a new staff password is not allowed. */
export function assertAcceptablePassword(password: string, username: string, venue: Pick<Venue, 'hotelName' | 'barName'>): void {
  const names = venueNamesOf(venue)
  const broken = passwordRuleBroken(password, username, names)
  if (broken) throw badRequest(broken)
  if (COMMON_PASSWORDS.has(password.toLowerCase())) throw badRequest(COMMON_PASSWORD_MESSAGE)
  const words = names.flatMap((name) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3)
  const { score, feedback } = strengthOf(password, [username, ...names, ...words])
  if (score >= MIN_PASSWORD_SCORE) return
  const advice = [feedback.warning, ...feedback.suggestions].filter((text): text is string => Boolean(text))
  throw badRequest([WEAK_PASSWORD_MESSAGE, ...advice].join(' '))
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
