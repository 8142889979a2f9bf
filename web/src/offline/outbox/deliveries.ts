/**
 * A visitor's message kept on the device lands on a later try, often on a later visit, when the form
 * that sent it is long gone: it is noted here (when and where it was written), so the form can say
 * "Your message of … was delivered" once, the next time it is shown. Plain localStorage, no outbox
 * code: the form reads it without loading the outbox.
 */
import { DELIVERED_MESSAGES_KEY } from '../../storage-keys'

interface Delivery {
  path: string
  /** When the visitor wrote it (ms). */
  writtenAt: number
}

function read(): Delivery[] {
  try {
    const stored = JSON.parse(localStorage.getItem(DELIVERED_MESSAGES_KEY) ?? '[]') as unknown
    return Array.isArray(stored) ? stored.filter((item): item is Delivery => typeof item?.path === 'string' && typeof item?.writtenAt === 'number') : []
  } catch {
    return []
  }
}

function write(deliveries: Delivery[]): void {
  try {
    if (deliveries.length) localStorage.setItem(DELIVERED_MESSAGES_KEY, JSON.stringify(deliveries))
    else localStorage.removeItem(DELIVERED_MESSAGES_KEY)
  } catch {
    // Storage full or refused: the message was delivered all the same; only the note of it is lost.
  }
}

/** Notes a message to `path`, written at `writtenAt`, that landed with no form left to say so. */
export function rememberDelivery(path: string, writtenAt: number): void {
  write([...read(), { path, writtenAt }].slice(-10))
}

/** When the messages to `path` that landed unannounced were written, oldest first; each is told once. */
export function takeDeliveries(path: string): number[] {
  const all = read()
  const mine = all.filter((delivery) => delivery.path === path)
  if (mine.length) write(all.filter((delivery) => delivery.path !== path))
  return mine.map((delivery) => delivery.writtenAt).sort((a, b) => a - b)
}
