-- The uploaded pictures a page shows (its hero, chosen by staff instead of a shipped one): one row per
-- page and picture, kept in step with page_content when a page is saved. The foreign key keeps a file a
-- page still shows from being released, and the start-up sweep counts these rows as uses.
CREATE TABLE page_pictures (
  id INTEGER PRIMARY KEY,
  page TEXT NOT NULL REFERENCES page_content (page),
  name TEXT NOT NULL REFERENCES files (name)
);
CREATE INDEX page_pictures_page ON page_pictures (page);
CREATE INDEX page_pictures_name ON page_pictures (name);
