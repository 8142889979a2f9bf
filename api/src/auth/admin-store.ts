import type { Database } from 'bun:sqlite'

/** The development account created with the demo content, never in production; the README tells staff to change it. */
export const DEMO_ADMIN = { username: 'admin', password: 'change-me-please' }

export interface AdminUser {
  id: number
  username: string
  password_hash: string
  token_version: number
}

export function findAdmin(db: Database, username: string): AdminUser | null {
  return db.query('SELECT id, username, password_hash, token_version FROM admin_users WHERE username = ?').get(username) as AdminUser | null
}

export function findAdminById(db: Database, id: number): AdminUser | null {
  return db.query('SELECT id, username, password_hash, token_version FROM admin_users WHERE id = ?').get(id) as AdminUser | null
}

export function countAdmins(db: Database): number {
  return (db.query('SELECT COUNT(*) AS n FROM admin_users').get() as { n: number }).n
}

export async function createAdmin(db: Database, username: string, password: string): Promise<void> {
  const hash = await Bun.password.hash(password, { algorithm: 'argon2id' })
  db.query('INSERT INTO admin_users (username, password_hash) VALUES (?, ?)').run(username, hash)
}

/** Logging out bumps the version, which invalidates every token issued before. */
export function revokeTokens(db: Database, id: number): void {
  db.query('UPDATE admin_users SET token_version = token_version + 1 WHERE id = ?').run(id)
}

export function getSetting(db: Database, key: string): string | null {
  return (db.query('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | null)?.value ?? null
}

export function setSetting(db: Database, key: string, value: string): void {
  db.query('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}
