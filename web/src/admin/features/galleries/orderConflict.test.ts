import { expect, test } from 'bun:test'
import type { OutboxEntry } from '../../../offline/outbox'
import { conflictRows } from '../../shell/ConflictView'
import '../registry'

test('a reorder that names a picture deleted elsewhere reads as the two orders, by description', () => {
  const image = (id: number, alt_text: string | null) => ({ id, alt: alt_text ?? 'Photo of the cafe', alt_text })
  const entry = {
    id: 'e1',
    channel: 'admin',
    method: 'PUT',
    path: '/api/gallery/2/order',
    body: { kind: 'json', value: { ids: [7, 5, 6] } },
    label: 'Reorder the Eat gallery',
    meta: { kind: 'gallery', op: 'order', category: '2', ids: [7, 5, 6] },
    state: 'conflict',
    attempts: 1,
    createdAt: 0,
    nextAttemptAt: 0,
    error: 'The Eat gallery has changed since this order was made: picture 7 is not in it (deleted, or never there). Nothing was moved.',
    serverVersion: { current: { ids: [5, 6], images: [image(5, 'Scones'), image(6, null)] } },
  } as unknown as OutboxEntry
  expect(conflictRows(entry)).toEqual([
    { label: 'Order of the Eat gallery', mine: '1. picture 7 (no longer there), 2. Scones, 3. picture 6', theirs: '1. Scones, 2. picture 6' },
  ])
})
