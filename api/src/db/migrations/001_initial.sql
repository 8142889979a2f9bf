-- Uploaded files. Records refer to a file by name; ON DELETE RESTRICT lets SQLite tell us when a
-- file is still in use, so a shared content-addressed file is only removed with its last reference.
CREATE TABLE files (
  name         TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  bytes        INTEGER NOT NULL,
  width        INTEGER,
  height       INTEGER,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One row per opening-times group of each venue ('hotel' or 'stables').
CREATE TABLE opening_times (
  venue      TEXT NOT NULL CHECK (venue IN ('hotel', 'stables')),
  group_key  TEXT NOT NULL,
  position   INTEGER NOT NULL,
  open_time  TEXT,
  close_time TEXT,
  food_open  TEXT,
  food_close TEXT,
  closed     INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (venue, group_key)
);

CREATE TABLE holidays (
  id           INTEGER PRIMARY KEY,
  venue        TEXT NOT NULL CHECK (venue IN ('hotel', 'stables')),
  holiday_date TEXT NOT NULL,
  open_time    TEXT,
  close_time   TEXT,
  closed       INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (venue, holiday_date)
);

CREATE TABLE gallery_images (
  id         INTEGER PRIMARY KEY,
  type       TEXT NOT NULL CHECK (type IN ('generic', 'cafe', 'rooms', 'stables', 'events')),
  image      TEXT NOT NULL REFERENCES files (name) ON DELETE RESTRICT,
  alt        TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX gallery_images_type ON gallery_images (type, id);
CREATE INDEX gallery_images_image ON gallery_images (image);

CREATE TABLE attractions (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  url         TEXT NOT NULL,
  description TEXT NOT NULL,
  image       TEXT NOT NULL REFERENCES files (name) ON DELETE RESTRICT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX attractions_image ON attractions (image);

CREATE TABLE events (
  id              INTEGER PRIMARY KEY,
  title           TEXT NOT NULL,
  description     TEXT NOT NULL,
  start_datetime  TEXT NOT NULL, -- UTC instant, ISO 8601 with Z
  image           TEXT REFERENCES files (name) ON DELETE RESTRICT,
  ticket_url      TEXT,
  contact_to_book INTEGER NOT NULL DEFAULT 0 CHECK (contact_to_book IN (0, 1)),
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX events_start ON events (start_datetime);
CREATE INDEX events_image ON events (image);

CREATE TABLE menus (
  id          INTEGER PRIMARY KEY,
  business_id INTEGER NOT NULL CHECK (business_id IN (1, 2)),
  type_id     TEXT NOT NULL DEFAULT '1',
  pdf         TEXT NOT NULL REFERENCES files (name) ON DELETE RESTRICT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX menus_business ON menus (business_id, id);
CREATE INDEX menus_pdf ON menus (pdf);

CREATE TABLE contact_messages (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  phone      TEXT NOT NULL,
  email      TEXT NOT NULL,
  message    TEXT NOT NULL,
  status     TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'stored', 'failed')),
  attempts   INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at    TEXT
);
CREATE INDEX contact_messages_status ON contact_messages (status);

CREATE TABLE admin_users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  token_version INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Replies to mutating admin calls, by Idempotency-Key, written in the same transaction as the change.
CREATE TABLE idempotency_keys (
  key          TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  status       INTEGER NOT NULL,
  body         TEXT NOT NULL,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- The groups each venue's times are kept in. Times are a starting point for staff to edit.
INSERT INTO opening_times (venue, group_key, position, open_time, close_time, food_open, food_close) VALUES
  ('hotel',   'monday_to_friday',    1, '08:00', '22:00', '08:00', '11:00'),
  ('hotel',   'saturday',            2, '08:00', '22:00', '08:00', '11:30'),
  ('hotel',   'sunday',              3, '08:00', '21:00', '08:00', '11:30'),
  ('stables', 'monday_to_tuesday',   1, '12:00', '22:00', '12:00', '14:30'),
  ('stables', 'wednesday_to_friday', 2, '12:00', '23:00', '12:00', '15:00'),
  ('stables', 'saturday',            3, '11:00', '23:00', '12:00', '16:00'),
  ('stables', 'sunday',              4, '11:00', '22:00', '12:00', '16:00');
