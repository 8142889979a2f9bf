import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { createServer } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { createMailer } from '../src/features/contact/mailer'
import { REPLY_RECEIVED, REPLY_SENT, retryUnsentMessages } from '../src/features/contact/index'
import { jsonOf, makeTestApp, type TestApp } from './helpers'

interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
class SmtpListener {
  readonly received: ReceivedMail[] = []
  private server: SMTPServer | null = null

  constructor(public port = 0) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
          this.received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
          callback()
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as { port: number }).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`
  }
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function unusedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
  const port = (probe.address() as { port: number }).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

const header = (raw: string, name: string) => {
  const [head] = raw.split('\r\n\r\n')
  const match = new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(head ?? '')
  return match?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? null
}
const bodyOf = (raw: string) => raw.split('\r\n\r\n').slice(1).join('\r\n\r\n')

const VENUE_EMAIL = 'hello@larkdale.example' // the demo venue's address (api/src/config.ts)
const visitor = {
  name: 'Ada Lovelace',
  phone: '07700 900123',
  email: 'ada@example.org',
  message: 'Do you have a table for four on Saturday evening?',
}

interface Row {
  id: number
  name: string
  phone: string
  email: string
  message: string
  status: string
  attempts: number
  last_error: string | null
  created_at: string
  sent_at: string | null
}
const rowsOf = (app: TestApp) => app.ctx.db.query('SELECT * FROM contact_messages ORDER BY id').all() as Row[]
const lastRow = (app: TestApp) => rowsOf(app).at(-1)!

let clock = new Date('2026-03-10T09:00:00Z')
const send = (app: TestApp, json: unknown) => app.call('POST', '/api/email/send-email', { json })

describe('with a real SMTP server', () => {
  const smtp = new SmtpListener()
  let t: TestApp
  beforeAll(async () => {
    await smtp.start()
    t = await makeTestApp({ mailer: createMailer(smtp.url, 'Website <web@localhost>'), now: () => clock })
  })
  afterAll(async () => {
    await smtp.stop()
    t.close()
  })

  test('mails the venue, not the client-given `to`, with Reply-To the visitor', async () => {
    const res = await send(t, { ...visitor, to: 'attacker@evil.example', replyTo: visitor.email, subject: 'anything' })
    expect(res.status).toBe(200)
    expect(await jsonOf(res)).toEqual({ message: REPLY_SENT })

    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual([VENUE_EMAIL])
    expect(mail.from).toBe('web@localhost')
    expect(mail.raw).not.toContain('evil.example')
    expect(header(mail.raw, 'To')).toBe(VENUE_EMAIL)
    expect(header(mail.raw, 'Reply-To')).toBe(visitor.email)
    expect(header(mail.raw, 'Subject')).toBe('Website enquiry from Ada Lovelace')
    const body = bodyOf(mail.raw)
    for (const value of Object.values(visitor)) expect(body).toContain(value)

    expect(lastRow(t)).toMatchObject({ ...visitor, status: 'sent', attempts: 1, last_error: null, sent_at: clock.toISOString() })
  })

  test("SPEC.md's legacy { to, subject, replyTo, text } body is accepted and mailed the same way", async () => {
    smtp.received.length = 0
    const text = 'Name: Grace Hopper\nPhone: 01632 960 999\nEmail: grace@example.org\nMessage: Are dogs welcome in the bar?'
    const res = await send(t, { to: 'someone@else.example', subject: 'New message from Grace Hopper', replyTo: 'grace@example.org', text })
    expect(res.status).toBe(200)
    expect((await jsonOf(res)).message).toBe(REPLY_SENT)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual([VENUE_EMAIL])
    expect(header(mail.raw, 'Reply-To')).toBe('grace@example.org')
    expect(bodyOf(mail.raw)).toContain('Are dogs welcome in the bar?')
    expect(lastRow(t)).toMatchObject({ email: 'grace@example.org', message: text, status: 'sent' })
  })

  test('with the mail server down, the message is kept as failed and the visitor still gets 200', async () => {
    await smtp.stop()
    smtp.received.length = 0
    const before = rowsOf(t).length
    const log = spyOn(console, 'log').mockImplementation(() => {})
    try {
      const res = await send(t, { ...visitor, message: 'Sent while the mail server was down.' })
      expect(res.status).toBe(200)
      expect(await jsonOf(res)).toEqual({ message: REPLY_RECEIVED })
    } finally {
      log.mockRestore()
    }
    expect(rowsOf(t)).toHaveLength(before + 1)
    const row = lastRow(t)
    expect(row).toMatchObject({ message: 'Sent while the mail server was down.', status: 'failed', attempts: 1, sent_at: null })
    expect(row.last_error).toBeTruthy()
  })

  test('once the server is back, retryUnsentMessages sends it', async () => {
    await smtp.start() // same port as before
    const result = await retryUnsentMessages(t.ctx)
    expect(result).toEqual({ attempted: 1, sent: 1, failed: 0 })
    expect(smtp.received).toHaveLength(1)
    expect(bodyOf(smtp.received[0]!.raw)).toContain('Sent while the mail server was down.')
    expect(smtp.received[0]!.to).toEqual([VENUE_EMAIL])
    expect(lastRow(t)).toMatchObject({ status: 'sent', attempts: 2, last_error: null, sent_at: clock.toISOString() })
    // Nothing left to send.
    expect(await retryUnsentMessages(t.ctx)).toEqual({ attempted: 0, sent: 0, failed: 0 })
    expect(smtp.received).toHaveLength(1)
  })

  test('retry gives up after 10 attempts and leaves a send in progress alone', async () => {
    const insert = t.ctx.db.query(
      "INSERT INTO contact_messages (name, phone, email, message, status, attempts, created_at) VALUES ('X', '', 'x@example.org', ?, ?, ?, ?)",
    )
    insert.run('given up', 'failed', 10, clock.toISOString())
    insert.run('being sent right now', 'pending', 0, clock.toISOString())
    insert.run('left pending by a crash', 'pending', 0, new Date(clock.getTime() - 60 * 60_000).toISOString())
    smtp.received.length = 0
    expect(await retryUnsentMessages(t.ctx)).toEqual({ attempted: 1, sent: 1, failed: 0 })
    expect(bodyOf(smtp.received[0]!.raw)).toContain('left pending by a crash')
    const statuses = Object.fromEntries(rowsOf(t).map((r) => [r.message, r.status]))
    expect(statuses['given up']).toBe('failed')
    expect(statuses['being sent right now']).toBe('pending')
    expect(statuses['left pending by a crash']).toBe('sent')
  })
})

describe('a mailer pointed at a port nothing listens on', () => {
  test('stores the message as failed and still answers 200', async () => {
    const t = await makeTestApp({ mailer: createMailer(`smtp://127.0.0.1:${await unusedPort()}`, 'Website <web@localhost>') })
    const log = spyOn(console, 'log').mockImplementation(() => {})
    try {
      const res = await send(t, visitor)
      expect(res.status).toBe(200)
      expect((await jsonOf(res)).message).toBe(REPLY_RECEIVED)
      expect(rowsOf(t)).toEqual([expect.objectContaining({ ...visitor, status: 'failed', attempts: 1 })])
      expect(rowsOf(t)[0]!.last_error).toMatch(/ECONNREFUSED|connect/i)
    } finally {
      log.mockRestore()
      t.close()
    }
  })
})

describe('without SMTP configured', () => {
  let t: TestApp
  let log: ReturnType<typeof spyOn>
  beforeAll(async () => {
    t = await makeTestApp({ now: () => clock })
  })
  afterAll(() => t.close())
  afterEach(() => log?.mockRestore())

  test('the message is stored, logged as one JSON line, and the visitor told it was received', async () => {
    log = spyOn(console, 'log').mockImplementation(() => {})
    const res = await send(t, visitor)
    expect(res.status).toBe(200)
    expect(await jsonOf(res)).toEqual({ message: REPLY_RECEIVED })
    expect(rowsOf(t)).toEqual([expect.objectContaining({ ...visitor, status: 'stored', attempts: 0, sent_at: null })])
    expect(log).toHaveBeenCalledTimes(1)
    const line = JSON.parse(String(log.mock.calls[0]![0]))
    // Logged by id and length only: the visitor's details stay in the database.
    expect(line).toMatchObject({ level: 'info', id: expect.any(Number), length: visitor.message.length })
    expect(String(log.mock.calls[0]![0])).not.toContain(visitor.email)
  })

  test('retry does nothing while SMTP is off', async () => {
    log = spyOn(console, 'log').mockImplementation(() => {})
    expect(await retryUnsentMessages(t.ctx)).toEqual({ attempted: 0, sent: 0, failed: 0 })
    expect(lastRow(t).status).toBe('stored')
  })

  test('a stored message is sent by retryUnsentMessages once a mail server is up', async () => {
    const smtp = new SmtpListener()
    await smtp.start()
    try {
      // As after a restart with SMTP_URL set: same database, a configured mailer.
      const result = await retryUnsentMessages({ ...t.ctx, mailer: createMailer(smtp.url, 'Website <web@localhost>') })
      expect(result).toEqual({ attempted: 1, sent: 1, failed: 0 })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]!.to).toEqual([VENUE_EMAIL])
      expect(header(smtp.received[0]!.raw, 'Reply-To')).toBe(visitor.email)
      expect(bodyOf(smtp.received[0]!.raw)).toContain(visitor.message)
      expect(lastRow(t)).toMatchObject({ status: 'sent', attempts: 1, sent_at: clock.toISOString() })
    } finally {
      await smtp.stop()
    }
  })

  const bad: [string, Record<string, unknown>, string | null][] = [
    ['no email', { ...visitor, email: undefined }, 'Please fill in your name, email address and message.'],
    ['no name', { ...visitor, name: '  ' }, 'Please fill in your name, email address and message.'],
    ['no message', { ...visitor, message: '' }, 'Please fill in your name, email address and message.'],
    ['an empty body', {}, 'Please fill in your name, email address and message.'],
    ['an invalid email', { ...visitor, email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['an email with a header after it', { ...visitor, email: 'ada@example.org\r\nBcc: all@example.org' }, 'Please enter a valid email address.'],
    ['an invalid legacy replyTo', { replyTo: 'ada at example', text: 'hello' }, 'Please enter a valid email address.'],
    ['email and replyTo that differ', { ...visitor, replyTo: 'someone@else.example' }, 'replyTo must be the same address as email.'],
    ['a CR/LF in the name', { ...visitor, name: 'Ada\r\nBcc: victim@example.org' }, 'Your name must be a single line of text.'],
    ['a LF in the name', { ...visitor, name: 'Ada\nLovelace' }, 'Your name must be a single line of text.'],
    [
      'a CR/LF in the subject',
      { replyTo: visitor.email, subject: 'Hi\r\nBcc: victim@example.org', text: 'hello' },
      'The subject must be a single line of text.',
    ],
    ['a message over 5000 characters', { ...visitor, message: 'x'.repeat(5001) }, 'Your message must be text of at most 5000 characters.'],
    ['a name over 200 characters', { ...visitor, name: 'n'.repeat(201) }, 'Your name must be text of at most 200 characters.'],
    ['a phone over 50 characters', { ...visitor, phone: '1'.repeat(51) }, 'Your phone number must be text of at most 50 characters.'],
    ['a message of the wrong type', { ...visitor, message: 42 }, 'Your message must be text of at most 5000 characters.'],
    ['a name of the wrong type', { ...visitor, name: { first: 'Ada' } }, 'Your name must be text of at most 200 characters.'],
  ]
  for (const [name, json, error] of bad) {
    test(`${name} → 400 and nothing stored`, async () => {
      log = spyOn(console, 'log').mockImplementation(() => {})
      const before = rowsOf(t).length
      const res = await send(t, json)
      expect(res.status).toBe(400)
      expect((await jsonOf(res)).error).toBe(error!)
      expect(rowsOf(t)).toHaveLength(before)
      expect(log).not.toHaveBeenCalled()
    })
  }

  test('a body that is not JSON, or a JSON array → 400', async () => {
    const broken = await t.call('POST', '/api/email/send-email', { body: '{"name":', headers: { 'content-type': 'application/json' } })
    expect(broken.status).toBe(400)
    expect((await send(t, [visitor])).status).toBe(400)
  })

  test('a message of exactly 5000 characters is accepted', async () => {
    log = spyOn(console, 'log').mockImplementation(() => {})
    const res = await send(t, { ...visitor, message: 'y'.repeat(5000) })
    expect(res.status).toBe(200)
    expect(lastRow(t).message).toHaveLength(5000)
  })
})

describe('GET /api/admin/messages', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp({ now: () => clock })
    const log = spyOn(console, 'log').mockImplementation(() => {})
    try {
      clock = new Date('2026-03-10T09:00:00Z')
      await send(t, { ...visitor, message: 'first' })
      clock = new Date('2026-03-11T09:00:00Z')
      await send(t, { ...visitor, name: 'Grace Hopper', email: 'grace@example.org', message: 'second' })
    } finally {
      log.mockRestore()
    }
  })
  afterAll(() => t.close())

  test('401 without a token, or with a bad one', async () => {
    const none = await t.call('GET', '/api/admin/messages')
    expect(none.status).toBe(401)
    expect(typeof (await jsonOf(none)).error).toBe('string')
    expect((await t.call('GET', '/api/admin/messages', { headers: { authorization: 'Bearer x.y.z' } })).status).toBe(401)
  })

  test('lists every message newest first with its delivery state', async () => {
    const res = await t.call('GET', '/api/admin/messages', { token: await t.token() })
    expect(res.status).toBe(200)
    const list = await jsonOf<any[]>(res)
    expect(list.map((m) => m.message)).toEqual(['second', 'first'])
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: 'Grace Hopper',
      phone: visitor.phone,
      email: 'grace@example.org',
      message: 'second',
      status: 'stored',
      attempts: 0,
      last_error: null,
      created_at: '2026-03-11T09:00:00.000Z',
      sent_at: null,
      handled_by: null,
      handled_at: null,
    })
  })
})

describe('a message resent from a phone that lost the reply', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp({ now: () => clock })
  })
  afterAll(() => t.close())

  test('a message resent with the same Idempotency-Key (a phone that lost the reply) is stored once', async () => {
    const before = rowsOf(t).length
    const headers = { 'idempotency-key': 'outbox-5f0c6a8e-contact' }
    const first = await t.call('POST', '/api/email/send-email', { json: visitor, headers })
    const again = await t.call('POST', '/api/email/send-email', { json: visitor, headers })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(await jsonOf(again)).toEqual(await jsonOf(first))
    expect(rowsOf(t).length).toBe(before + 1)
    const reused = await t.call('POST', '/api/email/send-email', { json: { ...visitor, message: 'Something else' }, headers })
    expect(reused.status).toBe(422)
    expect(rowsOf(t).length).toBe(before + 1)
  })

  test('a resend from another address (a phone that moved between networks) is still stored once', async () => {
    const before = rowsOf(t).length
    const headers = { 'idempotency-key': 'outbox-9a1b2c3d-moved' }
    const first = await t.call('POST', '/api/email/send-email', { json: visitor, headers, peer: '198.51.100.7' })
    const again = await t.call('POST', '/api/email/send-email', { json: visitor, headers, peer: '203.0.113.9' })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(rowsOf(t).length).toBe(before + 1)
  })
})
