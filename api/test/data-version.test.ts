/**
 * The data version every cache of public data is keyed by (api/src/db/data-version.ts): the reply
 * cache, the served pages and their structured data ask it on each read. They must agree at every
 * moment, or a page could show another process's write while the API still sends the old reply (the
 * clean-clone run of a44fc0f failed on exactly that in served-html.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { dataVersion } from '../src/db/data-version'
import { makeTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await makeTestApp()
})
afterAll(() => t.close())

const writeFromAnotherConnection = (closeTime: string) => {
  const other = new Database(t.ctx.config.databaseFile)
  other.query('UPDATE opening_times SET close_time = ? WHERE venue = ? AND group_key = ?').run(closeTime, 'stables', 'sunday')
  other.close()
}

describe('data version', () => {
  test('every part of the app that asks gets the same answer at the same moment, also after another process wrote', () => {
    const replies = dataVersion(t.ctx)
    replies()
    writeFromAnotherConnection('21:15')
    // A part first asking now (as the pages do on their first read) sees what the reply cache sees.
    const pages = dataVersion(t.ctx)
    expect(pages()).toBe(replies())
  })

  test("this server's own writes change it at once", () => {
    const version = dataVersion(t.ctx)
    const before = version()
    t.ctx.db.query('UPDATE opening_times SET close_time = ? WHERE venue = ? AND group_key = ?').run('21:30', 'stables', 'sunday')
    expect(version()).not.toBe(before)
  })
})
