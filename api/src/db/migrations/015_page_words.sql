-- A page's short words beside its hero and body (a section's heading, the line above it, a button's
-- label), one JSON object per page with the keys the page has (shared/rules/pages.ts PAGE_WORDS).
-- NULL: never given. The demo seed then fills them, with the serving times now in the cafe's and bar's
-- items (each item may say when: "from 8am"); a page staff saved keeps what they wrote.
ALTER TABLE page_content ADD COLUMN words TEXT;
