// Staff roles and the refusals both sides word the same way: the server sends these texts, the staff
// screens recognise them (a member who must change their password is led to My account).

export type StaffRole = 'owner' | 'editor'

/** The 403 for every staff call but the password change, logout and the dashboard, until a set password is replaced. */
export const MUST_CHANGE_PASSWORD_MESSAGE = 'Please choose your own password first: this one was set for you and must be changed before anything else.'
/** The 403 an editor gets from an owner-only call. */
export const OWNER_ONLY_MESSAGE = 'Only an owner can do this.'
