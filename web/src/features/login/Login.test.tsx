import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { screen } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { renderAt } from '../../../test/shell-helpers'
import { enqueue, loadOutbox, resetOutboxForTests, type NewEntry } from '../../offline/outbox'
import { Login } from './Login'

const change = (label: string, channel: NewEntry['channel'] = 'admin'): NewEntry => ({
  channel,
  method: 'PUT',
  path: '/api/update-times',
  body: { kind: 'json', value: { label } },
  label,
})

beforeEach(async () => {
  await clear(createStore('venue-outbox', 'entries'))
  resetOutboxForTests()
  // Nobody is logged in: nothing is sent, the changes just wait.
  localStorage.removeItem('adminToken')
  await loadOutbox()
})
afterEach(() => resetOutboxForTests({ wipe: true }))

describe('Login: staff changes waiting on this device', () => {
  test('none waiting: nothing is said', async () => {
    await enqueue(change('A visitor’s message', 'public'))
    renderAt('/login', <Login />)
    await Bun.sleep(20)
    expect(screen.queryByText(/waiting and will be sent/)).toBeNull()
  })

  test('one: "1 change is waiting and will be sent after you log in"', async () => {
    await enqueue(change('Saturday hours'))
    renderAt('/login', <Login />)
    expect((await screen.findByRole('status')).textContent).toBe('1 change is waiting and will be sent after you log in')
  })

  test('three: "3 changes are waiting and will be sent after you log in" (stored by an earlier visit)', async () => {
    for (const label of ['Saturday hours', 'Sunday hours', 'Quiz night']) await enqueue(change(label))
    resetOutboxForTests() // a new page: the count comes from IndexedDB
    renderAt('/login', <Login />)
    expect((await screen.findByRole('status')).textContent).toBe('3 changes are waiting and will be sent after you log in')
  })
})
