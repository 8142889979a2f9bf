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

export type Script = { progress?: [number, number][]; status?: number; body?: unknown } | 'network' | 'hang'

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
      setTimeout(() => {
        if (script === 'network') return this.onerror?.()
        for (const [loaded, total] of script.progress ?? []) this.upload.onprogress?.({ lengthComputable: true, loaded, total })
        this.status = script.status ?? 200
        this.responseText = script.body === undefined ? '' : JSON.stringify(script.body)
        this.onload?.()
      }, 0)
    }
  }
  globalThis.XMLHttpRequest = ScriptedXHR as unknown as typeof XMLHttpRequest
  return sent
}
