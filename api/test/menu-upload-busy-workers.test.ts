/**
 * A menu whose text no file worker was free to read in time (a burst of uploads) is refused, never saved
 * without its text; a menu stored earlier whose text cannot be read just has none (features/menus/text.ts).
 */
import { expect, test } from 'bun:test'
import { SlotWaitError } from '../src/files/decode-slots'
import type { FileStore } from '../src/files/file-store'
import { sectionsOfStoredFile } from '../src/features/menus/text'

/** A file store whose file is there but whose workers stay busy past the wait an upload is given. */
const busy = {
  pathOf: () => import.meta.path,
  worker: { run: () => Promise.reject(new SlotWaitError(30_000)) },
} as unknown as FileStore

test('an upload waiting too long for a worker to read its text is refused with the wait error', async () => {
  const outcome = await sectionsOfStoredFile(busy, 'menu.pdf', 'upload').then(
    () => 'saved',
    (error: unknown) => error,
  )
  expect(outcome).toBeInstanceOf(SlotWaitError)
})

test('a menu stored earlier, read while the workers are busy, is shown without text for now', async () => {
  expect(await sectionsOfStoredFile(busy, 'menu.pdf')).toEqual([])
})
