-- The menu's text, read from its PDF on the server (JSON array of sections, '[]' when the PDF has
-- none), so a phone shows the menu as text without pdf.js. NULL until read: menus stored before this
-- are read lazily (a background pass at start-up, or the first GET that finds one).
ALTER TABLE menus ADD COLUMN sections TEXT;
