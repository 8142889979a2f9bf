-- Record ids are never reused (DECISIONS.md): a change queued offline for a record deleted meanwhile
-- must find nothing, not a newer record that got the same id. `INTEGER PRIMARY KEY` alone hands out
-- max(id) + 1, so deleting the newest record gave its id to the next one; AUTOINCREMENT keeps the
-- highest id ever used in sqlite_sequence and never goes below it.
--
-- SQLite cannot add AUTOINCREMENT to a table, so each table is rebuilt (https://sqlite.org/lang_altertable.html,
-- "other kinds of table schema changes"): new table, rows copied with their ids, old table dropped,
-- new one renamed, indexes made again. No table refers to these ones, so dropping them breaks no
-- foreign key; their own references to files are part of the new definitions. There are no triggers
-- or views on them. The copy seeds sqlite_sequence with each table's highest id, so ids deleted before
-- this migration may still come back once, never afterwards. It runs in one transaction (see migrate()).

CREATE TABLE holidays_new (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  venue        TEXT NOT NULL CHECK (venue IN ('hotel', 'stables')),
  holiday_date TEXT NOT NULL,
  open_time    TEXT,
  close_time   TEXT,
  closed       INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (venue, holiday_date)
);
INSERT INTO holidays_new (id, venue, holiday_date, open_time, close_time, closed, created_at)
  SELECT id, venue, holiday_date, open_time, close_time, closed, created_at FROM holidays;
DROP TABLE holidays;
ALTER TABLE holidays_new RENAME TO holidays;

CREATE TABLE gallery_images_new (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  type       TEXT NOT NULL CHECK (type IN ('generic', 'cafe', 'rooms', 'stables', 'events')),
  image      TEXT NOT NULL REFERENCES files (name) ON DELETE RESTRICT,
  alt        TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO gallery_images_new (id, type, image, alt, created_at)
  SELECT id, type, image, alt, created_at FROM gallery_images;
DROP TABLE gallery_images;
ALTER TABLE gallery_images_new RENAME TO gallery_images;
CREATE INDEX gallery_images_type ON gallery_images (type, id);
CREATE INDEX gallery_images_image ON gallery_images (image);

CREATE TABLE attractions_new (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT NOT NULL,
  url         TEXT NOT NULL,
  description TEXT NOT NULL,
  image       TEXT NOT NULL REFERENCES files (name) ON DELETE RESTRICT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO attractions_new (id, name, url, description, image, created_at, updated_at)
  SELECT id, name, url, description, image, created_at, updated_at FROM attractions;
DROP TABLE attractions;
ALTER TABLE attractions_new RENAME TO attractions;
CREATE INDEX attractions_image ON attractions (image);

CREATE TABLE events_new (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  title           TEXT NOT NULL,
  description     TEXT NOT NULL,
  start_datetime  TEXT NOT NULL, -- UTC instant, ISO 8601 with Z
  image           TEXT REFERENCES files (name) ON DELETE RESTRICT,
  ticket_url      TEXT,
  contact_to_book INTEGER NOT NULL DEFAULT 0 CHECK (contact_to_book IN (0, 1)),
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO events_new (id, title, description, start_datetime, image, ticket_url, contact_to_book, created_at, updated_at)
  SELECT id, title, description, start_datetime, image, ticket_url, contact_to_book, created_at, updated_at FROM events;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE INDEX events_start ON events (start_datetime);
CREATE INDEX events_image ON events (image);

CREATE TABLE menus_new (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  business_id INTEGER NOT NULL CHECK (business_id IN (1, 2)),
  type_id     TEXT NOT NULL DEFAULT '1',
  pdf         TEXT NOT NULL REFERENCES files (name) ON DELETE RESTRICT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO menus_new (id, business_id, type_id, pdf, created_at)
  SELECT id, business_id, type_id, pdf, created_at FROM menus;
DROP TABLE menus;
ALTER TABLE menus_new RENAME TO menus;
CREATE INDEX menus_business ON menus (business_id, id);
CREATE INDEX menus_pdf ON menus (pdf);

CREATE TABLE contact_messages_new (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO contact_messages_new (id, name, phone, email, message, status, attempts, last_error, created_at, sent_at)
  SELECT id, name, phone, email, message, status, attempts, last_error, created_at, sent_at FROM contact_messages;
DROP TABLE contact_messages;
ALTER TABLE contact_messages_new RENAME TO contact_messages;
CREATE INDEX contact_messages_status ON contact_messages (status);

-- A staff token names its account by id: a new account must never inherit a deleted one's id, or a
-- token of the old account would let its holder in as the new one.
CREATE TABLE admin_users_new (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  token_version INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO admin_users_new (id, username, password_hash, token_version, created_at)
  SELECT id, username, password_hash, token_version, created_at FROM admin_users;
DROP TABLE admin_users;
ALTER TABLE admin_users_new RENAME TO admin_users;
