import { readFileSync } from 'node:fs'

/**
 * The clock of a server started for a browser test with TEST_CLOCK_FILE (config.ts honours it only
 * under NODE_ENV=test): the real time plus the milliseconds the file says, read at every look, so the
 * test moves the server's time by writing the file. A missing or unreadable file means no offset.
 */
export function clockFromFile(file: string): () => Date {
  return () => {
    let offset = 0
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0
    } catch {
      // Not written yet: the real time.
    }
    return new Date(Date.now() + offset)
  }
}
