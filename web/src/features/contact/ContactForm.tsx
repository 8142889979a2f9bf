import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../api/client'
import { focusAfterSend } from '../../lib/focusAfterSend'
import { whenIdle } from '../../lib/idle'
import { BusyButton } from '../../ui/BusyButton'
import { takeDeliveries } from '../../offline/outbox/deliveries'
import { CONNECTION_FAILED_MESSAGE, deliveredMessage, ENQUIRY_PATH, QUEUED_MESSAGE, SENT_MESSAGE, type Enquiry } from './contactRules'
import { useRefusedFields } from './refusedFields'
import '../../ui/forms.css'

const EMPTY: Enquiry = { name: '', phone: '', email: '', message: '', website: '' }

/**
 * What the form's fields hold. The app may start after the visitor has begun typing on the
 * pre-rendered page (shell/appOnDemand.ts): those words are in the fields, not yet in React's state.
 */
function typedIn(form: HTMLFormElement | null): Enquiry | null {
  if (!form) return null
  const typed = { ...EMPTY }
  for (const field of Object.keys(EMPTY) as (keyof Enquiry)[]) {
    const element = form.elements.namedItem(field)
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) typed[field] = element.value
  }
  return typed
}
export const SEND_FAILED = 'Failed to send email.'

export interface ContactFormProps {
  /** Section heading (h2): the page's words; a plain "Get in touch" until they have come. */
  heading?: string
  intro?: string
}

type FormResult = { ok: boolean; text: string } | null

/**
 * A message kept on this device on an earlier visit, delivered since: said once, when the page is idle
 * (the first localStorage read of a page is slow on a phone), unless a send has already said something.
 */
function useDeliveredNotice(setResult: (update: (current: FormResult) => FormResult) => void): void {
  useEffect(
    () =>
      whenIdle(() => {
        const delivered = takeDeliveries(ENQUIRY_PATH)
        if (delivered.length) setResult((current) => current ?? { ok: true, text: deliveredMessage(delivered) })
      }),
    [setResult],
  )
}

/**
 * The contact form: all four fields required, sent through the outbox's public channel (./sendEnquiry.ts). The
 * server's reply `message` (or 'Failed to send email.') appears under the form; fields clear after a
 * send. A message kept on the device says why, and the status changes once it has been delivered.
 */
export function ContactForm({ heading, intro }: ContactFormProps) {
  const [values, setValues] = useState<Enquiry>(EMPTY)
  const [sending, setSending] = useState(false)
  const [result, setResult] = useState<FormResult>(null)
  const id = useId()
  /** Counts sends, so news of an earlier queued message never overwrites the status of a newer one. */
  const latest = useRef(0)
  const form = useRef<HTMLFormElement>(null)
  const status = useRef<HTMLParagraphElement>(null)
  // Once a send has its answer, focus is on the status (not left on the page's body).
  const [answered, setAnswered] = useState(0)
  useEffect(() => {
    if (answered > 0) focusAfterSend(form.current, status.current)
  }, [answered])

  useDeliveredNotice(setResult)
  // Words typed before the app had the page are kept, not wiped by its first render: in the same commit
  // as the hydration, so a send held meanwhile (appOnDemand.ts) finds them in the state.
  useLayoutEffect(() => {
    const typed = typedIn(form.current)
    if (typed && Object.values(typed).some(Boolean)) setValues(typed)
  }, [])

  const { marked, refuseBeforeSending, changed } = useRefusedFields(id, values, setResult)
  const update = (field: keyof Enquiry) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    changed(field)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // What the fields hold: the same as the state, or more if this send was held while the app started.
    const sent = typedIn(form.current) ?? values
    if (sending || refuseBeforeSending(sent)) return
    setSending(true)
    setResult(null)
    const mine = ++latest.current
    try {
      // Sending (and keeping a message offline) is code a page only needs once someone writes: its own chunk.
      const { sendEnquiry } = await import('./sendEnquiry')
      const result = await sendEnquiry(sent)
      if (!result.queued) setResult({ ok: true, text: result.reply?.message || SENT_MESSAGE })
      else {
        setResult({ ok: true, text: result.offline ? QUEUED_MESSAGE : CONNECTION_FAILED_MESSAGE })
        // When the queued message lands later in this visit, the status says so (never "offline" once delivered).
        void result.later.then((reply) => {
          if (latest.current !== mine) return
          if (reply) setResult({ ok: true, text: reply.message || SENT_MESSAGE })
          else {
            setResult({ ok: false, text: SEND_FAILED })
            setValues((current) => (Object.values(current).some(Boolean) ? current : sent))
          }
        })
      }
      setValues(EMPTY)
    } catch (error) {
      console.error('Failed to send email:', error)
      // The server's own reason, when it gave one (when to try again, which field is wrong); the fields stay filled.
      const reason = error instanceof ApiError && error.status > 0 ? error.message : ''
      setResult({ ok: false, text: reason ? `${SEND_FAILED} ${reason}` : SEND_FAILED })
    } finally {
      setSending(false)
      setAnswered((count) => count + 1)
    }
  }

  return (
    <section className="contact-section section" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="contact-form">
          <h2 id={`${id}-heading`}>{heading || 'Get in touch'}</h2>
          {intro ? <p className="contact-form__intro">{intro}</p> : null}
          {/* method="dialog": a send before any script has run does nothing (a plain GET would put the words in the address and lose the message); the words stay for the next press. */}
          <form className="form" method="dialog" onSubmit={submit} ref={form}>
            <ContactFields id={id} values={values} update={update} marked={marked} />
            {/* Bots fill every field they find; people never see this one, so the server quietly drops what comes with it. */}
            <div className="form__trap" aria-hidden="true">
              <label htmlFor={`${id}-website`}>Leave this empty</label>
              <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={update('website')} />
            </div>
            <div className="form__actions">
              {/* Busy, not disabled: a disabled button drops focus to the page's body for as long as the send takes. */}
              <BusyButton type="submit" className="button" busy={sending}>
                {sending ? 'Sending…' : 'Send message'}
              </BusyButton>
            </div>
            <p
              ref={status}
              id={`${id}-status`}
              tabIndex={-1}
              className={`form__status${result ? (result.ok ? ' form__status--ok' : ' form__status--error') : ''}`}
              role="status"
              aria-live="polite"
            >
              {result?.text}
            </p>
          </form>
        </div>
      </div>
    </section>
  )
}

/** The four fields a message needs, each marked while the form refuses it (refusedFields.ts). */
function ContactFields({
  id,
  values,
  update,
  marked,
}: {
  id: string
  values: Enquiry
  update: (field: keyof Enquiry) => (event: { target: { value: string } }) => void
  marked: ReturnType<typeof useRefusedFields>['marked']
}) {
  return (
    <>
      <div className="form__row form__row--split">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={200}
            value={values.name}
            onChange={update('name')}
            {...marked('name')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone</label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={50}
            value={values.phone}
            onChange={update('phone')}
            {...marked('phone')}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={update('email')}
          {...marked('email')}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          required
          maxLength={5000}
          value={values.message}
          onChange={update('message')}
          {...marked('message')}
        />
      </div>
    </>
  )
}
