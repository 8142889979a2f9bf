import { Elysia } from 'elysia'
import {
  countActiveOwners,
  deleteAdmin,
  findAdmin,
  hashPassword,
  insertAdmin,
  listAdmins,
  revokeTokens,
  updateAdmin,
  type AdminUser,
} from '../../auth/admin-store'
import { adminGuard } from '../../auth/guard'
import { loginThrottleOf } from '../../auth'
import { assertAcceptablePassword } from '../../auth/password-policy'
import type { AppContext } from '../../context'
import { badRequest, conflict, notFound } from '../../http/errors'
import { changesBetween } from '../activity'
import { AddStaffBody, StaffList, StaffParams, StaffRemovedReply, StaffReply, UpdateStaffBody, type StaffMember } from './model'

export const LAST_OWNER_MESSAGE = 'This is the last active owner. Make another member an owner first.'

/** What the staff list shows of an account: never its password hash. */
export const toStaffMember = (row: AdminUser): StaffMember => ({
  username: row.username,
  role: row.role,
  disabled: row.disabled === 1,
  created_at: row.created_at,
  last_login_at: row.last_login_at,
  must_change_password: row.must_change_password === 1,
})

const isActiveOwner = (row: Pick<AdminUser, 'role' | 'disabled'>) => row.role === 'owner' && row.disabled === 0

/** Managing staff accounts: owners only. A change that takes rights away ends the member's sessions at once. */
export function staffRoutes(ctx: AppContext) {
  const { db } = ctx
  const memberOr404 = (username: string) => {
    const row = findAdmin(db, username)
    if (!row) throw notFound(`No staff member called '${username}'.`)
    return row
  }
  return new Elysia({ name: 'feature.staff', prefix: '/api' })
    .use(adminGuard(ctx))
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store'
    })
    .get('/admin/staff', () => listAdmins(db).map(toStaffMember), { admin: true, owner: true, response: StaffList })
    .post(
      '/admin/staff',
      async ({ body, commit, activity, set }) => {
        const username = body.username.trim()
        assertAcceptablePassword(body.password, username, ctx.venue())
        if (findAdmin(db, username)) throw conflict(`There is already a staff member called '${username}'.`)
        const hash = await hashPassword(body.password)
        set.status = 201
        return commit(() => {
          if (findAdmin(db, username)) throw conflict(`There is already a staff member called '${username}'.`)
          const row = insertAdmin(db, username, hash, { role: body.role, mustChangePassword: true, at: ctx.now().toISOString() })
          activity({ kind: 'staff', action: 'create', record_id: username, summary: `Added ${username} as ${body.role}` })
          return { message: `${username} added. They must choose their own password when they first log in.`, member: toStaffMember(row) }
        }, 201)
      },
      { admin: true, owner: true, body: AddStaffBody, response: { 201: StaffReply } },
    )
    .put(
      '/admin/staff/:username',
      async ({ params, body, commit, activity }) => {
        const target = memberOr404(params.username)
        if (body.role === undefined && body.disabled === undefined && body.password === undefined) {
          throw badRequest('Nothing to change: send role, disabled or password.')
        }
        if (body.password !== undefined) assertAcceptablePassword(body.password, target.username, ctx.venue())
        const hash = body.password === undefined ? undefined : await hashPassword(body.password)
        return commit(() => {
          const before = memberOr404(params.username)
          const role = body.role ?? before.role
          const disabled = body.disabled === undefined ? before.disabled : body.disabled ? 1 : 0
          // Checked inside the transaction: two owners demoting each other at once cannot both succeed.
          if (isActiveOwner(before) && !isActiveOwner({ role, disabled }) && countActiveOwners(db) <= 1) throw conflict(LAST_OWNER_MESSAGE)
          updateAdmin(db, before.id, { role, disabled, ...(hash ? { password_hash: hash, must_change_password: 1 } : {}) })
          const after = findAdmin(db, before.username)!
          if (role !== before.role || (disabled && !before.disabled) || hash) revokeTokens(db, before.id)
          // A reset or a disabling is what an owner does about a leaked password: where it was used is no longer "known".
          if ((disabled && !before.disabled) || hash) loginThrottleOf(ctx).forget(before.username)
          const changes = changesBetween(toStaffMember(before), { role: after.role, disabled: after.disabled === 1 })
          if (hash) changes.push({ field: 'password', before: null, after: 'reset' })
          activity({
            kind: 'staff',
            action: 'update',
            record_id: before.username,
            summary: `Changed ${before.username}: ${changes.map((c) => c.field).join(', ') || 'nothing'}`,
            changes,
          })
          return { message: `${before.username} updated.`, member: toStaffMember(after) }
        })
      },
      { admin: true, owner: true, params: StaffParams, body: UpdateStaffBody, response: StaffReply },
    )
    .delete(
      '/admin/staff/:username',
      ({ params, commit, activity }) =>
        commit(() => {
          const target = memberOr404(params.username)
          if (isActiveOwner(target) && countActiveOwners(db) <= 1) throw conflict(LAST_OWNER_MESSAGE)
          deleteAdmin(db, target.id)
          loginThrottleOf(ctx).forget(target.username)
          activity({ kind: 'staff', action: 'delete', record_id: target.username, summary: `Removed ${target.username} (${target.role})` })
          return { message: `${target.username} removed.`, username: target.username }
        }),
      { admin: true, owner: true, params: StaffParams, response: StaffRemovedReply },
    )
}
