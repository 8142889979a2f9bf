-- Alt text staff write for each picture (NULL: the generated default is shown), and the order staff
-- give each gallery (position within its type, 0 first).
ALTER TABLE gallery_images ADD COLUMN alt_text TEXT;
ALTER TABLE gallery_images ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE attractions ADD COLUMN alt_text TEXT;
ALTER TABLE events ADD COLUMN alt_text TEXT;
-- gallery_images.alt holds what was made at upload: "Photo of …" for staff uploads, a real caption
-- for the demo pictures. A caption is a real description, so it becomes the staff text.
UPDATE gallery_images SET alt_text = alt WHERE trim(alt) <> '' AND alt NOT LIKE 'Photo of %';
-- The order visitors saw until now: newest first.
UPDATE gallery_images SET position = (SELECT count(*) FROM gallery_images AS newer WHERE newer.type = gallery_images.type AND newer.id > gallery_images.id);
CREATE INDEX gallery_images_position ON gallery_images (type, position, id);
