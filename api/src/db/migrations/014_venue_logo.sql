-- The venue's own logo, uploaded by an owner in place of the shipped one: at most one row. The foreign
-- key keeps the file from being released while it is the logo; the start-up sweep counts it as a use.
CREATE TABLE venue_logo (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL REFERENCES files (name),
  updated_at TEXT NOT NULL
);
