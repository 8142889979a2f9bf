import { limitKeyOf } from '../http/client-address'
import { HttpError } from '../http/errors'

/** Failed (or still running) logins from one address, at any username, allowed per window. */
export const LOGIN_FAILURE_LIMIT = 5
export const LOGIN_WINDOW_MS = 15 * 60_000
/** Failures at one username, from anywhere, before each further try must wait. */
export const USERNAME_FREE_FAILURES = 5
/** The wait doubles with every failure past the free ones, up to this: a delay, never a lock an attacker can hold. */
export const USERNAME_MAX_DELAY_MS = 60_000
/** Password hashes checked at once, whoever asks: argon2id is slow and memory-hungry on purpose. */
export const MAX_CONCURRENT_LOGIN_CHECKS = 4
/** Of those, at once from one address: someone with a member's password logging in over and over from one address kept all four busy. */
export const CHECKS_AT_ONCE_PER_ADDRESS = 1
/** An address that logged in as a username is known for it this long, and skips that username's delay. */
export const KNOWN_ADDRESS_MS = 30 * 86_400_000

/** Where the addresses members have logged in from are kept between restarts. */
export interface KnownAddressStore {
  /** Every remembered (username, address, time) seen since `since` (ms). */
  load(since: number): { username: string; address: string; at: number }[]
  remember(username: string, address: string, at: number): void
  /** Forgets every address of a (lowercased) username. */
  forget(username: string): void
}

export interface LoginAttempt {
  /** The password was right: forget this attempt and remember the address for the username. */
  succeeded(): void
  /** The password was wrong: the attempt stays counted. */
  failed(): void
  /**
   * The 429 a wrong password gets instead of its usual answer while the username is held up by guesses
   * from elsewhere; null when it is not. The password is checked all the same: a member with the right
   * one gets in from any address, however hard someone else is guessing at their name.
   */
  readonly held: HttpError | null
}

/** The password form's answer when the throttle stops it (its tries are counted with logins, but its member tried no login). */
export const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong passwords. Please wait a few minutes and try again.'

/** What the throttle says, by what was tried: a login, or the current password on the password form. */
const REFUSALS = {
  login: {
    address: 'Too many failed logins. Please wait a few minutes and try again.',
    username: 'Too many failed logins for this username. Please wait a little and try again.',
    busy: 'Too many logins at once. Please try again in a moment.',
  },
  password: {
    address: TOO_MANY_WRONG_PASSWORDS,
    username: TOO_MANY_WRONG_PASSWORDS,
    busy: 'Too many password checks at once. Please try again in a moment.',
  },
} as const
export type ThrottledAction = keyof typeof REFUSALS

const tooMany = (message: string, waitMs: number) => new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) })

/**
 * Decides whether a login may have its password checked, before it is checked. Every attempt is
 * counted the moment it starts (so a burst sent at once is counted as it arrives, not after the slow
 * hash), and uncounted only if it succeeds. Three limits, in memory for this one process:
 * - per address (an IPv6 address by its /64): 5 failures in 15 minutes at any usernames, then 429 for that address alone
 *   — except for a username that has logged in from it before, which only its own 5 failures there hold
 *   up (staff on the venue's shared Wi-Fi are not locked out by guesses at other names from it);
 * - per username: past 5 failures from anywhere, a wrong password gets 429 for 1 s, 2 s, 4 s … at most
 *   a minute after the last (not its usual 401), from an address that has not logged in as that user
 *   before; the password is still checked, so the right one gets in: a hold, never a lock-out;
 * - overall: at most 4 password checks at once, 1 from any one address; beyond that, 429 "try again in a moment".
 */
export class LoginThrottle {
  private readonly byAddress = new Map<string, number[]>()
  private readonly byUsername = new Map<string, number[]>()
  /** Per address and username: what holds up a username at an address it is known at. */
  private readonly byAddressAndUsername = new Map<string, number[]>()
  private readonly knownAddresses = new Map<string, Map<string, number>>()
  private checking = 0
  /** Password checks under way per address: one at a time each, so no one address can hold every check slot. */
  private readonly checkingAt = new Map<string, number>()
  private attempts = 0

  constructor(
    private readonly now: () => number,
    private readonly store?: KnownAddressStore,
  ) {
    for (const { username, address, at } of store?.load(now() - KNOWN_ADDRESS_MS) ?? []) this.know(username, address, at)
  }

  private know(username: string, address: string, at: number): void {
    const known = this.knownAddresses.get(username) ?? new Map<string, number>()
    known.set(address, at)
    this.knownAddresses.set(username, known)
  }

  private recent(map: Map<string, number[]>, key: string): number[] {
    const since = this.now() - LOGIN_WINDOW_MS
    const times = (map.get(key) ?? []).filter((t) => t > since)
    if (times.length) map.set(key, times)
    else map.delete(key)
    return times
  }

  private isKnown(username: string, address: string): boolean {
    const seen = this.knownAddresses.get(username)?.get(address)
    return seen !== undefined && this.now() - seen < KNOWN_ADDRESS_MS
  }

  /** Milliseconds the username must still wait, from this address; 0 when it may try now. */
  private usernameDelay(username: string, address: string): number {
    const times = this.recent(this.byUsername, username)
    if (times.length < USERNAME_FREE_FAILURES || this.isKnown(username, address)) return 0
    const delay = Math.min(USERNAME_MAX_DELAY_MS, 1000 * 2 ** (times.length - USERNAME_FREE_FAILURES))
    return Math.max(0, times[times.length - 1]! + delay - this.now())
  }

  /** Forgets keys whose attempts are all outside the window, so guesses at random usernames cannot grow memory forever. */
  private sweep(): void {
    for (const map of [this.byAddress, this.byUsername, this.byAddressAndUsername]) for (const key of [...map.keys()]) this.recent(map, key)
  }

  /** Forgets where a removed member logged in from, here and in the store: a later member given the same name starts as a stranger. */
  forget(username: string): void {
    const key = username.toLowerCase()
    this.knownAddresses.delete(key)
    this.store?.forget(key)
  }

  /**
   * Counts the attempt and returns its handle, or throws 429 with Retry-After (the address's limit, or
   * too many checks at once). Synchronous, so parallel requests cannot slip between check and count.
   */
  begin(rawUsername: string, clientAddress: string, action: ThrottledAction = 'login'): LoginAttempt {
    const refusal = REFUSALS[action]
    const username = rawUsername.toLowerCase()
    const address = limitKeyOf(clientAddress)
    if (++this.attempts % 1000 === 0) this.sweep()
    const pair = `${address} ${username}`
    const known = this.isKnown(username, address)
    const byAddress = known ? this.recent(this.byAddressAndUsername, pair) : this.recent(this.byAddress, address)
    if (byAddress.length >= LOGIN_FAILURE_LIMIT) {
      throw tooMany(refusal.address, byAddress[byAddress.length - LOGIN_FAILURE_LIMIT]! + LOGIN_WINDOW_MS - this.now())
    }
    const usernameDelay = () => this.usernameDelay(username, address)
    const wait = usernameDelay()
    if (this.checking >= MAX_CONCURRENT_LOGIN_CHECKS || (this.checkingAt.get(address) ?? 0) >= CHECKS_AT_ONCE_PER_ADDRESS) throw tooMany(refusal.busy, 1000)

    const at = this.now()
    const counted: [Map<string, number[]>, string][] = [
      [this.byAddress, address],
      [this.byUsername, username],
      [this.byAddressAndUsername, pair],
    ]
    for (const [map, key] of counted) map.set(key, [...(map.get(key) ?? []), at])
    this.checking++
    this.checkingAt.set(address, (this.checkingAt.get(address) ?? 0) + 1)
    let settled = false
    const settle = () => {
      if (settled) return false
      settled = true
      this.checking--
      const left = (this.checkingAt.get(address) ?? 1) - 1
      if (left > 0) this.checkingAt.set(address, left)
      else this.checkingAt.delete(address)
      return true
    }
    return {
      succeeded: () => {
        if (!settle()) return
        for (const [map, key] of counted) {
          const times = map.get(key) ?? []
          const index = times.lastIndexOf(at)
          if (index >= 0) times.splice(index, 1)
          if (!times.length) map.delete(key)
        }
        this.know(username, address, this.now())
        // The password was right: a disk that cannot take the note must not turn the login into an error.
        try {
          this.store?.remember(username, address, this.now())
        } catch (error) {
          console.error(JSON.stringify({ level: 'error', msg: 'could not keep a known login address', error: String(error) }))
        }
      },
      failed: () => void settle(),
      // Asked after the attempt is counted: Retry-After is the hold this very guess has renewed.
      get held() {
        return wait > 0 ? tooMany(refusal.username, usernameDelay()) : null
      },
    }
  }
}
