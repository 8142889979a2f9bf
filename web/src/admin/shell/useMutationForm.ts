import type { FormEvent } from 'react'
import { useStatus, useSubmit, type Status } from './ui'

/** A problem found while preparing what to send (nothing was sent): its text is shown as an error and the form keeps its values. */
export class FormProblem extends Error {}

export interface MutationFormOptions<R> {
  /** The first thing wrong with the input, in staff's words; null: send it. */
  validate?(): string | null
  /** Builds the request from the form's values (FormData or JSON) and sends it through `mutate`. */
  send(onProgress: (fraction: number) => void): Promise<R>
  /** What the form says once the server took the change. */
  sent(reply: R): Status
  /** What it says when the change did not land now (usually failureStatus): `pending` when it is kept on this device. */
  failed(error: unknown): Status
  /** The change was taken, or is kept on this device to sync later: clear the form. A failure keeps the values, to fix and retry. */
  settled?(status: Status): void
  /** Show upload progress while it is sent. */
  progress?: boolean
}

/**
 * The one submit of every staff form: while one submission is under way another sends nothing;
 * invalid input says why and sends nothing; then send, say how it went, and clear the form unless it
 * failed. Returns the form's status slot, busy state and upload progress for its markup.
 */
export function useMutationForm<R>(options: MutationFormOptions<R>) {
  const [status, setStatus] = useStatus()
  const { busy, progress, run } = useSubmit()

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (busy) return
    const problem = options.validate?.() ?? null
    if (problem) {
      setStatus({ text: problem, tone: 'error' })
      return
    }
    setStatus(null)
    await run(async (onProgress) => {
      let outcome: Status
      try {
        outcome = options.sent(await options.send(onProgress))
      } catch (error) {
        if (error instanceof FormProblem) {
          setStatus({ text: error.message, tone: 'error' })
          return
        }
        outcome = options.failed(error)
        if (!outcome.pending) {
          setStatus(outcome)
          return
        }
      }
      setStatus(outcome)
      options.settled?.(outcome)
    }, options.progress === true)
  }

  return { status, setStatus, busy, progress, onSubmit }
}
