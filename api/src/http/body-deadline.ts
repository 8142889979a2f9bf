/**
 * How long a request body may take to arrive. A request is let in when it starts; one whose body
 * trickles in for minutes is a request its sender may no longer be allowed to make (a member removed
 * meanwhile), and a held connection with memory behind it. So every body has a deadline set by its
 * size: `baseSeconds` (20 by default, BODY_SECONDS), and a second more for every 32 KB it declares (a
 * body of no declared length must keep that pace as it comes). A contact message gets 21 s; a 20 MB menu about 11 minutes,
 * which a phone on a poor signal still makes. A body still arriving after that is refused with 408.
 */
import { HttpError } from './errors'

export const BODY_BASE_SECONDS = 20
export const BODY_BYTES_PER_SECOND = 32 * 1024

/** Milliseconds a body of `bytes` may take, from when its reading begins. */
export function bodyDeadlineMs(bytes: number, baseSeconds = BODY_BASE_SECONDS): number {
  return (baseSeconds + Math.ceil(Math.max(0, bytes) / BODY_BYTES_PER_SECOND)) * 1000
}

export const bodyTooSlow = (ms: number) =>
  new HttpError(408, `The request took too long to arrive (more than ${Math.round(ms / 1000)} s for its size), so nothing was changed. Please try again.`)

/**
 * `work`, or a 408 once `ms` have passed. `giveUp` runs at the deadline (it stops the reading); the
 * abandoned `work` then settles on its own, unobserved. `allowedMs` is the body's whole time, which the
 * 408 names: a read that began late in the body has only what was left of it (`ms`).
 */
export async function withinDeadline<T>(work: Promise<T>, ms: number, giveUp: () => void = () => {}, allowedMs = ms): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Refused first: a cancelled read ends at once as "done", and must not win the race as a whole body.
      reject(bodyTooSlow(allowedMs))
      giveUp()
    }, ms)
  })
  work.catch(() => undefined)
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
