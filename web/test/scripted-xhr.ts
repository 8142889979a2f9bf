/**
 * A scripted XMLHttpRequest for web component tests, behaving as a browser's would: upload progress
 * events while sending, then load, an error (no answer) or nothing at all ('hang': only a timeout or an
 * abort ends it). happy-dom's own XMLHttpRequest fires no upload events. Records what was sent.
 * Put back the real one after each test with `restoreXhr()`.
 */
const RealXHR = globalThis.XMLHttpRequest
export const restoreXhr = () => {
  globalThis.XMLHttpRequest = RealXHR
}

/** `stepMs`: the time between progress steps (and before the answer); 0 sends them all at once. */
export type Script = { progress?: [number, number][]; stepMs?: number; status?: number; body?: unknown } | 'network' | 'hang'

export interface Sent {
  method: string
  url: string
  headers: Record<string, string>
  payload: unknown
}

export function scriptedXhr(script: Script): Sent[] {
  const sent: Sent[] = []
  class ScriptedXHR {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
    status = 0
    responseText = ''
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    private request: Sent = { method: '', url: '', headers: {}, payload: null }
    open(method: string, url: string) {
      this.request = { ...this.request, method, url }
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value
    }
    abort() {
      this.onabort?.()
    }
    send(payload: unknown) {
      sent.push({ ...this.request, payload })
      if (script === 'hang') return
      if (script === 'network') return void setTimeout(() => this.onerror?.(), 0)
      let aborted = false
      const onabort = this.onabort
      this.onabort = () => {
        aborted = true
        onabort?.()
      }
      const steps = script.progress ?? []
      const answer = () => {
        this.status = script.status ?? 200
        this.responseText = script.body === undefined ? '' : JSON.stringify(script.body)
        this.onload?.()
      }
      const step = (i: number) => {
        if (aborted) return
        if (!script.stepMs) {
          for (const [loaded, total] of steps) this.upload.onprogress?.({ lengthComputable: true, loaded, total })
          return answer()
        }
        if (i === steps.length) return answer()
        const [loaded, total] = steps[i]!
        this.upload.onprogress?.({ lengthComputable: true, loaded, total })
        setTimeout(() => step(i + 1), script.stepMs)
      }
      setTimeout(() => step(0), script.stepMs ?? 0)
    }
  }
  globalThis.XMLHttpRequest = ScriptedXHR as unknown as typeof XMLHttpRequest
  return sent
}
