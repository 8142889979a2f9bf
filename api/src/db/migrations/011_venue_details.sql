-- The venue's details (names, phone, address, map position, third-party addresses): one row, owners
-- change it in the staff screen. The server seeds it on its first start from data/venue.json (or
-- VENUE_FILE, or the demo defaults); from then on this row is the truth and the file is not read again.
CREATE TABLE venue_details (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  hotel_name TEXT NOT NULL,
  bar_name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  street TEXT NOT NULL,
  locality TEXT NOT NULL,
  region TEXT NOT NULL,
  postcode TEXT NOT NULL,
  country TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  map_embed_url TEXT NOT NULL,
  map_link_url TEXT NOT NULL,
  gift_card_url TEXT NOT NULL,
  instagram_url TEXT NOT NULL,
  booking_script_url TEXT NOT NULL,
  booking_widget_id TEXT NOT NULL,
  booking_origin TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
