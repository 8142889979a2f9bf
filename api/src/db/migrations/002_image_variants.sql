-- Resized AVIF and WebP copies of uploaded images (see api/src/files/variants.ts). They are derived
-- data, kept in DATA_DIR/variants and made again when missing; a row records one that was written.
-- They go with their image: deleting the file row deletes these rows.
CREATE TABLE file_variants (
  name       TEXT PRIMARY KEY,
  file       TEXT NOT NULL REFERENCES files (name) ON DELETE CASCADE,
  format     TEXT NOT NULL CHECK (format IN ('avif', 'webp')),
  width      INTEGER NOT NULL,
  height     INTEGER NOT NULL,
  bytes      INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX file_variants_file ON file_variants (file);

-- Animated images get no variants (a still copy would stop the animation).
ALTER TABLE files ADD COLUMN animated INTEGER NOT NULL DEFAULT 0 CHECK (animated IN (0, 1));
-- GIFs stored before uploads were inspected may be animated: they keep being served as they are.
UPDATE files SET animated = 1 WHERE content_type = 'image/gif';
