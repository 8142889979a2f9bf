import { t } from 'elysia'

export const USERNAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$'
const USERNAME_MESSAGE = 'A username is 1 to 64 letters, digits or . _ @ -, starting with a letter or digit.'
const ROLE_MESSAGE = "role must be 'owner' or 'editor'."

const Role = t.Union([t.Literal('owner'), t.Literal('editor')], { error: ROLE_MESSAGE })

export const StaffMember = t.Object({
  username: t.String(),
  role: Role,
  disabled: t.Boolean(),
  created_at: t.String(),
  last_login_at: t.Nullable(t.String()),
  must_change_password: t.Boolean(),
})
export type StaffMember = typeof StaffMember.static
export const StaffList = t.Array(StaffMember)

// New passwords have no maxLength here: the shared rule (assertAcceptablePassword) refuses one that is too
// long in its own words, before any hashing; the body limit bounds the size.
export const AddStaffBody = t.Object({
  username: t.String({ pattern: USERNAME_PATTERN, error: USERNAME_MESSAGE }),
  role: Role,
  password: t.String({ minLength: 1, error: 'A first password is required.' }),
})

export const UpdateStaffBody = t.Object({
  role: t.Optional(Role),
  disabled: t.Optional(t.Boolean({ error: 'disabled must be true or false.' })),
  password: t.Optional(t.String({ minLength: 1, error: 'The new password must be text.' })),
})

export const StaffParams = t.Object({ username: t.String({ minLength: 1, maxLength: 100, error: 'No such staff member.' }) })

export const StaffReply = t.Object({ message: t.String(), member: StaffMember })
export const StaffRemovedReply = t.Object({ message: t.String(), username: t.String() })
