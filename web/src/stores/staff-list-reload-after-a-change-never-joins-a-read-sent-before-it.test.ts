/**
 * A staff list asked to load again after a change landed (an upload's reply) while an earlier read is
 * still waiting for its reply must not take that read's answer as its own: the earlier read was sent,
 * and may have been answered by the server, before the change, so the list would leave the change out
 * ("Upload successful!" with the new picture missing, until the screen is opened again).
 */
import { beforeEach, expect, test } from 'bun:test'
import { clear } from 'idb-keyval'
import { createResource } from './resource'

beforeEach(async () => {
  await clear()
})

test('a load asked while an earlier read still waits for its reply reads again, and the list shows the change', async () => {
  const replies: ((list: string[]) => void)[] = []
  const store = createResource('test-staff-reread-unanswered', () => new Promise<string[]>((resolve) => replies.push(resolve)), { staff: true })
  // The screen's first read: sent, answered by the server before the upload, its reply still on a slow line.
  const first = store.getState().load()
  await Bun.sleep(0)
  // The upload lands; its reply asks for the list.
  const afterUpload = store.getState().load()
  replies[0]!(['before the upload'])
  await first
  await Bun.sleep(0)
  // However it is done (a read at once, or one after the first), a read is sent after the upload landed.
  expect(replies.length).toBe(2)
  replies[1]!(['before the upload', 'uploaded'])
  await afterUpload
  await Bun.sleep(0)
  expect(store.getState().data).toEqual(['before the upload', 'uploaded'])
})
