import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  replyTo: string
  subject: string
  text: string
}

export interface Mailer {
  /** False in the embedded default: messages are stored and logged, not sent. */
  readonly configured: boolean
  send(mail: Mail): Promise<void>
}

/** Sends through SMTP_URL (smtp://user:pass@host:port); without it, sending is switched off. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      async send() {
        throw new Error('SMTP is not configured (set SMTP_URL to send email).')
      },
    }
  }
  const url = new URL(smtpUrl)
  // Bounded waits: a dead mail server must not hold a visitor's request open.
  for (const [name, value] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '20000'],
  ]) {
    if (!url.searchParams.has(name!)) url.searchParams.set(name!, value!)
  }
  const transport = nodemailer.createTransport(url.toString())
  return {
    configured: true,
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}
