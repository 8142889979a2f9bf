import type { Database } from 'bun:sqlite'
import type { ContactMessage } from './model'

export interface NewMessage {
  name: string
  phone: string
  email: string
  message: string
}

/** Stores a message before any sending is tried, so a mail server outage loses nothing. */
export function insertMessage(db: Database, message: NewMessage, createdAt: string): ContactMessage {
  return db
    .query(
      `INSERT INTO contact_messages (name, phone, email, message, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)
       RETURNING *`,
    )
    .get(message.name, message.phone, message.email, message.message, createdAt) as ContactMessage
}

export function markSent(db: Database, id: number, sentAt: string): void {
  db.query("UPDATE contact_messages SET status = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = ? WHERE id = ?").run(sentAt, id)
}

export function markFailed(db: Database, id: number, error: string): void {
  db.query("UPDATE contact_messages SET status = 'failed', attempts = attempts + 1, last_error = ? WHERE id = ?").run(error, id)
}

/** Kept for staff to read (and for sending later) because no mail server is configured. */
export function markStored(db: Database, id: number): void {
  db.query("UPDATE contact_messages SET status = 'stored' WHERE id = ?").run(id)
}

/**
 * Messages still to send: stored while SMTP was off, failed earlier, or left 'pending' by a send
 * that never finished (a crash) — those only once they are older than `stalePendingBefore`, so a
 * send in progress is not doubled.
 */
export function listUnsent(db: Database, maxAttempts: number, stalePendingBefore: string): ContactMessage[] {
  return db
    .query(
      `SELECT * FROM contact_messages
       WHERE attempts < ? AND (status IN ('stored', 'failed') OR (status = 'pending' AND created_at < ?))
       ORDER BY id`,
    )
    .all(maxAttempts, stalePendingBefore) as ContactMessage[]
}

export function listMessages(db: Database): ContactMessage[] {
  return db.query('SELECT * FROM contact_messages ORDER BY created_at DESC, id DESC').all() as ContactMessage[]
}

export function findMessage(db: Database, id: number): ContactMessage | null {
  return db.query('SELECT * FROM contact_messages WHERE id = ?').get(id) as ContactMessage | null
}

/** Records who handled the message and when, or clears both. */
export function setHandled(db: Database, id: number, by: string | null, at: string | null): void {
  db.query('UPDATE contact_messages SET handled_by = ?, handled_at = ? WHERE id = ?').run(by, at, id)
}

export function deleteMessage(db: Database, id: number): boolean {
  return db.query('DELETE FROM contact_messages WHERE id = ?').run(id).changes > 0
}

/** Deletes messages older than the retention period (UK GDPR storage limitation); returns how many went. */
export function pruneMessages(db: Database, retentionDays: number, now: Date): number {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString()
  return db.query('DELETE FROM contact_messages WHERE created_at < ?').run(cutoff).changes
}
