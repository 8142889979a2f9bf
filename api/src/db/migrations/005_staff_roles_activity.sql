-- Staff accounts with roles (issue 15). Accounts made before roles existed were the venue's only
-- logins, so they become owners.
ALTER TABLE admin_users ADD COLUMN role TEXT NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'editor'));
ALTER TABLE admin_users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1));
-- Set for a first password or a reset: until the member picks their own, only the password change is open.
ALTER TABLE admin_users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0 CHECK (must_change_password IN (0, 1));
ALTER TABLE admin_users ADD COLUMN last_login_at TEXT;

-- One row per login. A token names its session; ending a session deletes the row, and the token with it.
CREATE TABLE staff_sessions (
  id         TEXT PRIMARY KEY,
  admin_id   INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  address    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_admin ON staff_sessions (admin_id);

-- Who changed what, written in the same transaction as the change. `username` is text, not a key:
-- a removed member's entries stay readable.
CREATE TABLE activity (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  at        TEXT NOT NULL,
  device_at TEXT,
  username  TEXT NOT NULL,
  kind      TEXT NOT NULL,
  action    TEXT NOT NULL,
  record_id TEXT,
  summary   TEXT NOT NULL,
  changes   TEXT
);
CREATE INDEX activity_at ON activity (at);
CREATE INDEX activity_username ON activity (username COLLATE NOCASE, id);

ALTER TABLE contact_messages ADD COLUMN handled_by TEXT;
ALTER TABLE contact_messages ADD COLUMN handled_at TEXT;
