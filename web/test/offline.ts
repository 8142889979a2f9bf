/**
 * The device offline for the length of `run`: navigator.onLine reads false, as the outbox and the
 * screens check it, and reads as before once `run` has ended, however it ended.
 */
export async function whileOffline<T>(run: () => Promise<T>): Promise<T> {
  const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine')!
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
  try {
    return await run()
  } finally {
    delete (navigator as unknown as Record<string, unknown>).onLine
    Object.defineProperty(Object.getPrototypeOf(navigator), 'onLine', onLine)
  }
}
