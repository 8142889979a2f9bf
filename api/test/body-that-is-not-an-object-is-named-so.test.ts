/**
 * A JSON body that is not an object at all is refused with words a person can act on. An empty or
 * null body was answered "Invalid field 'body': Expected object", naming a field no client sends.
 */
import { afterAll, expect, test } from 'bun:test'
import { jsonOf, makeTestApp } from './helpers'

const t = await makeTestApp({ env: { CONTACT_RATE_LIMIT: '100' } })
afterAll(() => t.close())

const ROUTES = ['/api/email/send-email', '/api/admin/login']

test.each(['', 'null'])('the body %p: 400, "The request body must be a JSON object."', async (body) => {
  for (const path of ROUTES) {
    const reply = await t.call('POST', path, { body, headers: { 'content-type': 'application/json' } })
    expect({ path, status: reply.status, body: await jsonOf(reply) }).toEqual({ path, status: 400, body: { error: 'The request body must be a JSON object.' } })
  }
})

test.each(['"hello"', '42', 'true', '[]'])('the body %p: 400, and the reason names no field called body', async (body) => {
  for (const path of ROUTES) {
    const reply = await t.call('POST', path, { body, headers: { 'content-type': 'application/json' } })
    const { error } = (await jsonOf(reply)) as { error: string }
    expect({ path, status: reply.status, namesBody: /field 'body'/.test(error) }).toEqual({ path, status: 400, namesBody: false })
  }
})
