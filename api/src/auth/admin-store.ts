import { DEMO_PASSWORD } from '../shared/rules/staff-passwords'
import type { Database } from 'bun:sqlite'
import { randomBytes } from 'node:crypto'
import { hashPassword } from './password-hash'

/** The development account created with the demo content, never in production; the README tells staff to change it. */
export const DEMO_ADMIN = { username: 'admin', password: DEMO_PASSWORD }

export type StaffRole = 'owner' | 'editor'
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'editor']

export interface AdminUser {
  id: number
  username: string
  password_hash: string
  token_version: number
  role: StaffRole
  disabled: 0 | 1
  must_change_password: 0 | 1
  created_at: string
  last_login_at: string | null
}

const COLUMNS = 'id, username, password_hash, token_version, role, disabled, must_change_password, created_at, last_login_at'

export function findAdmin(db: Database, username: string): AdminUser | null {
  return db.query(`SELECT ${COLUMNS} FROM admin_users WHERE username = ?`).get(username) as AdminUser | null
}

export function findAdminById(db: Database, id: number): AdminUser | null {
  return db.query(`SELECT ${COLUMNS} FROM admin_users WHERE id = ?`).get(id) as AdminUser | null
}

export function listAdmins(db: Database): AdminUser[] {
  return db.query(`SELECT ${COLUMNS} FROM admin_users ORDER BY username COLLATE NOCASE`).all() as AdminUser[]
}

export function countAdmins(db: Database): number {
  return (db.query('SELECT COUNT(*) AS n FROM admin_users').get() as { n: number }).n
}

/** Owners who can still log in: the venue must always keep one. */
export function countActiveOwners(db: Database): number {
  return (db.query("SELECT COUNT(*) AS n FROM admin_users WHERE role = 'owner' AND disabled = 0").get() as { n: number }).n
}

export { hashPassword } from './password-hash'

export async function createAdmin(
  db: Database,
  username: string,
  password: string,
  options: { role?: StaffRole; mustChangePassword?: boolean; at?: string } = {},
): Promise<void> {
  insertAdmin(db, username, await hashPassword(password), options)
}

/** Synchronous, so it can run inside a transaction with its activity entry; hash the password first. */
export function insertAdmin(
  db: Database,
  username: string,
  passwordHash: string,
  options: { role?: StaffRole; mustChangePassword?: boolean; at?: string } = {},
): AdminUser {
  return db
    .query(
      `INSERT INTO admin_users (username, password_hash, role, must_change_password, created_at)
       VALUES (?, ?, ?, ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) RETURNING ${COLUMNS}`,
    )
    .get(username, passwordHash, options.role ?? 'owner', options.mustChangePassword ? 1 : 0, options.at ?? null) as AdminUser
}

export function updateAdmin(db: Database, id: number, fields: Partial<Pick<AdminUser, 'role' | 'disabled' | 'must_change_password' | 'password_hash'>>): void {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined)
  if (!entries.length) return
  db.query(`UPDATE admin_users SET ${entries.map(([key]) => `${key} = ?`).join(', ')} WHERE id = ?`).run(
    ...(entries.map(([, value]) => value) as (string | number)[]),
    id,
  )
}

export function deleteAdmin(db: Database, id: number): void {
  db.query('DELETE FROM admin_users WHERE id = ?').run(id)
}

/**
 * Ends every session of a member at once: the version bump refuses tokens issued before sessions
 * existed, the deleted rows refuse the rest. `keep` is the one session that stays (a password change).
 */
export function revokeTokens(db: Database, id: number, keep?: string): void {
  db.query('UPDATE admin_users SET token_version = token_version + 1 WHERE id = ?').run(id)
  db.query('DELETE FROM staff_sessions WHERE admin_id = ? AND id IS NOT ?').run(id, keep ?? null)
}

export interface StaffSession {
  id: string
  admin_id: number
  created_at: string
  user_agent: string
  address: string
}

export function createSession(db: Database, adminId: number, at: string, userAgent: string, address: string): StaffSession {
  const id = randomBytes(18).toString('base64url')
  db.query('INSERT INTO staff_sessions (id, admin_id, created_at, user_agent, address) VALUES (?, ?, ?, ?, ?)').run(
    id,
    adminId,
    at,
    userAgent.slice(0, 300),
    address.slice(0, 100),
  )
  db.query('UPDATE admin_users SET last_login_at = ? WHERE id = ?').run(at, adminId)
  return { id, admin_id: adminId, created_at: at, user_agent: userAgent, address }
}

export function findSession(db: Database, id: string, adminId: number): StaffSession | null {
  return db.query('SELECT * FROM staff_sessions WHERE id = ? AND admin_id = ?').get(id, adminId) as StaffSession | null
}

export function listSessions(db: Database, adminId: number): StaffSession[] {
  return db.query('SELECT * FROM staff_sessions WHERE admin_id = ? ORDER BY created_at DESC').all(adminId) as StaffSession[]
}

export function getSetting(db: Database, key: string): string | null {
  return (db.query('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | null)?.value ?? null
}

export function setSetting(db: Database, key: string, value: string): void {
  db.query('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}
