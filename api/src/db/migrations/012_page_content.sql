-- Each public page's words and hero picture, staff's to change (the pages feature). The body is kept
-- as staff wrote it (Markdown); visitors get it parsed into the safe tree. Items (Stay's rooms and
-- features, the home tiles) are one JSON list in their page's row: they are always read and saved
-- with the page, in the order staff gave them. The focal point (percent) decides a phone's crop.
CREATE TABLE page_content (
  page TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  small_heading TEXT NOT NULL DEFAULT '',
  intro TEXT NOT NULL DEFAULT '',
  picture TEXT NOT NULL,
  picture_description TEXT NOT NULL DEFAULT '',
  focal_x INTEGER NOT NULL DEFAULT 50 CHECK (focal_x BETWEEN 0 AND 100),
  focal_y INTEGER NOT NULL DEFAULT 50 CHECK (focal_y BETWEEN 0 AND 100),
  body TEXT NOT NULL DEFAULT '',
  items TEXT NOT NULL DEFAULT '[]',
  updated_at TEXT NOT NULL
);
