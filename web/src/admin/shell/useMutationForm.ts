import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { focusError, focusStatusIfLost, type Problem } from './fieldErrors'
import { useStatus, useSubmit, type Status } from './ui'

/** A problem found while preparing what to send (nothing was sent): its text is shown as an error, `fields` are marked, and the form keeps its values. */
export class FormProblem extends Error {
  constructor(
    message: string,
    readonly fields: readonly string[] = [],
  ) {
    super(message)
  }
}

export interface MutationFormOptions<R> {
  /** The first thing wrong with the input, in staff's words, with the fields at fault; null: send it. */
  validate?(): Problem | null
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

/** Where focus goes once the status has rendered: the first field in error, the message, or the message if focus was lost. */
type FocusTarget = 'field' | 'status' | 'status-if-lost'

/**
 * The one submit of every staff form: while one submission is under way another sends nothing;
 * invalid input says why, marks the fields at fault and sends nothing; then send, say how it went,
 * and clear the form unless it failed. Focus follows (see fieldErrors.tsx). Returns the form's
 * status slot, busy state, upload progress and what StaffForm and StatusMessage need.
 */
export function useMutationForm<R>(options: MutationFormOptions<R>) {
  const [status, setStatus] = useStatus()
  const { busy, progress, run } = useSubmit()
  const [invalid, setInvalid] = useState<readonly string[]>([])
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | null>(null)
  const statusId = `${useId()}-status`
  const formRef = useRef<HTMLFormElement>(null)
  /** What had focus when the form was sent (its button, or the field Enter was pressed in). */
  const sentFrom = useRef<Element | null>(null)

  useEffect(() => {
    if (!focusRequest) return
    if (focusRequest.target === 'status-if-lost') focusStatusIfLost(formRef.current, statusId, sentFrom.current)
    else focusError(formRef.current, statusId, focusRequest.target === 'field')
  }, [focusRequest, statusId])

  /** Shows a problem (from the form's checks, or a file refused as it is picked): message, marks, focus. */
  const showProblem = useCallback(
    (problem: Problem | null) => {
      setInvalid(problem?.fields ?? [])
      setStatus(problem ? { text: problem.text, tone: 'error' } : null)
      if (problem) setFocusRequest({ target: 'field' })
    },
    [setStatus],
  )

  const onFieldChange = useCallback((name: string) => setInvalid((now) => (now.includes(name) ? now.filter((field) => field !== name) : now)), [])

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (busy) return
    sentFrom.current = document.activeElement
    const problem = options.validate?.() ?? null
    if (problem) return showProblem(problem)
    showProblem(null)
    await run(async (onProgress) => {
      let outcome: Status
      try {
        outcome = options.sent(await options.send(onProgress))
      } catch (error) {
        if (error instanceof FormProblem) return showProblem({ text: error.message, fields: error.fields })
        outcome = options.failed(error)
        if (!outcome.pending) {
          setStatus(outcome)
          setFocusRequest({ target: 'status' })
          return
        }
      }
      setStatus(outcome)
      setFocusRequest({ target: 'status-if-lost' })
      options.settled?.(outcome)
    }, options.progress === true)
  }

  return { status, setStatus, showProblem, busy, progress, onSubmit, invalid, statusId, formRef, onFieldChange }
}
