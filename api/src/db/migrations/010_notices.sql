-- Notices for visitors ("The kitchen is closed today until 6 pm"): shown at the top of every public
-- page from starts_at until ends_at (UTC ISO 8601 instants, so text order is time order). AUTOINCREMENT:
-- an id is never reused, so a change queued offline for a deleted notice cannot land on a newer one.
CREATE TABLE notices (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  text       TEXT NOT NULL,
  link       TEXT,
  link_text  TEXT,
  venue      TEXT NOT NULL DEFAULT 'both' CHECK (venue IN ('both', 'hotel', 'stables')),
  starts_at  TEXT NOT NULL,
  ends_at    TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX notices_ends_at ON notices (ends_at);
