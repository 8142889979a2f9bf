-- A failed login's username is whatever an anonymous caller typed: it is kept apart from `username`
-- (the member who acted), which failed logins leave empty.
ALTER TABLE activity ADD COLUMN attempted_username TEXT;
UPDATE activity SET attempted_username = username, username = '' WHERE kind = 'login' AND action = 'failed';
-- 0 when the device time a change came with lies outside the life of the change (before the account
-- existed, or ahead of the server's clock by more than a small skew): kept, but not to be believed.
ALTER TABLE activity ADD COLUMN device_time_believable INTEGER NOT NULL DEFAULT 1 CHECK (device_time_believable IN (0, 1));
