import { useState } from 'react'
import { useStatus, type Status } from './ui'

/**
 * Deleting one row of a staff list: asks first, marks that row busy (its button says so), sends,
 * says how it went in the list's status slot and reloads the list. A failed reload counts as a failure.
 */
export function useRowDelete<Key extends number | string>() {
  const [status, setStatus] = useStatus()
  const [busy, setBusy] = useState<Key | null>(null)
  const run = async <Reply>({
    key,
    question,
    send,
    done,
    failed,
    reload,
  }: {
    key: Key
    /** The confirmation staff answer first. */
    question: string
    send(): Promise<Reply>
    done(reply: Reply): Status
    failed(error: unknown): Status
    reload(): Promise<unknown>
  }) => {
    if (!window.confirm(question)) return
    setBusy(key)
    try {
      const reply = await send()
      setStatus(done(reply))
      await reload()
    } catch (error) {
      setStatus(failed(error))
    } finally {
      setBusy(null)
    }
  }
  return { status, setStatus, busy, run }
}
