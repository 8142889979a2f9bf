/**
 * npm run staff -- list | add <username> --role owner|editor | reset-password <username> | disable <username>
 *
 * Staff accounts from the server's own shell, for an owner locked out of the site. Reads the same
 * configuration as the server (DATA_DIR, …) and works while it runs. `add` and `reset-password`
 * print a generated first password, which the member must change when they first log in.
 */
import type { Database } from 'bun:sqlite'
import {
  countActiveOwners,
  findAdmin,
  hashPassword,
  insertAdmin,
  listAdmins,
  revokeTokens,
  STAFF_ROLES,
  updateAdmin,
  type StaffRole,
} from '../src/auth/admin-store'
import { generatePassword } from '../src/auth/password-policy'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db/database'
import { insertActivity } from '../src/features/activity/store'
import { USERNAME_PATTERN } from '../src/features/staff/model'
import { LAST_OWNER_MESSAGE } from '../src/features/staff/index'

export const USAGE = 'Usage: npm run staff -- list | add <username> --role owner|editor | reset-password <username> | disable <username>'
/** Who the activity trail names for changes made here. */
const ACTOR = 'server (npm run staff)'

class UsageError extends Error {}

const record = (db: Database, action: string, username: string, summary: string, changes: { field: string; before: unknown; after: unknown }[] = []) =>
  insertActivity(db, { kind: 'staff', action, record_id: username, summary, changes, username: ACTOR, at: new Date().toISOString() })

function existing(db: Database, username: string | undefined) {
  if (!username) throw new UsageError(USAGE)
  const row = findAdmin(db, username)
  if (!row) throw new Error(`No staff member called '${username}'. See them with: npm run staff -- list`)
  return row
}

/** Runs one command and returns what to print; throws with a message for the person at the shell. */
export async function runStaffCommand(db: Database, args: string[]): Promise<string> {
  const [command, username, ...rest] = args
  switch (command) {
    case 'list': {
      const rows = listAdmins(db)
      if (!rows.length) return 'No staff accounts yet. Add one with: npm run staff -- add <username> --role owner'
      return rows
        .map((row) =>
          [
            row.username.padEnd(24),
            row.role.padEnd(7),
            row.disabled ? 'disabled' : 'active  ',
            row.must_change_password ? 'must change password' : '',
            row.last_login_at ? `last login ${row.last_login_at}` : 'never logged in',
          ]
            .join('  ')
            .replace(/ +$/, ''),
        )
        .join('\n')
    }
    case 'add': {
      const roleAt = rest.indexOf('--role')
      const role = roleAt >= 0 ? rest[roleAt + 1] : undefined
      if (!username || !role || rest.length !== 2) throw new UsageError(USAGE)
      if (!STAFF_ROLES.includes(role as StaffRole)) throw new UsageError(`--role must be owner or editor, not '${role}'.`)
      if (!new RegExp(USERNAME_PATTERN).test(username)) throw new Error('A username is 1 to 64 letters, digits or . _ @ -, starting with a letter or digit.')
      if (findAdmin(db, username))
        throw new Error(`There is already a staff member called '${username}'. To give them a new password: npm run staff -- reset-password ${username}`)
      const password = generatePassword()
      const hash = await hashPassword(password)
      db.transaction(() => {
        insertAdmin(db, username, hash, { role: role as StaffRole, mustChangePassword: true, at: new Date().toISOString() })
        record(db, 'create', username, `Added ${username} as ${role} from the server`)
      })()
      return `Added ${username} (${role}). First password, to be changed at first login:\n${password}`
    }
    case 'reset-password': {
      if (rest.length) throw new UsageError(USAGE)
      const row = existing(db, username)
      const password = generatePassword()
      const hash = await hashPassword(password)
      db.transaction(() => {
        updateAdmin(db, row.id, { password_hash: hash, must_change_password: 1 })
        revokeTokens(db, row.id)
        record(db, 'update', row.username, `Reset the password of ${row.username} from the server`, [{ field: 'password', before: null, after: 'reset' }])
      })()
      const note = row.disabled ? ` (the account is disabled; an owner can enable it again)` : ''
      return `New password for ${row.username}${note}, to be changed at first login; every session of theirs has ended:\n${password}`
    }
    case 'disable': {
      if (rest.length) throw new UsageError(USAGE)
      const row = existing(db, username)
      if (row.disabled) return `${row.username} is already disabled.`
      db.transaction(() => {
        if (row.role === 'owner' && countActiveOwners(db) <= 1) throw new Error(`${LAST_OWNER_MESSAGE} (npm run staff -- add <username> --role owner)`)
        updateAdmin(db, row.id, { disabled: 1 })
        revokeTokens(db, row.id)
        record(db, 'update', row.username, `Disabled ${row.username} from the server`, [{ field: 'disabled', before: false, after: true }])
      })()
      return `${row.username} is disabled and logged out everywhere.`
    }
    default:
      throw new UsageError(USAGE)
  }
}

if (import.meta.main) {
  const db = openDatabase(loadConfig().databaseFile)
  try {
    console.log(await runStaffCommand(db, process.argv.slice(2)))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = error instanceof UsageError ? 2 : 1
  } finally {
    db.close()
  }
}
