-- Idempotency-Keys belong to whoever sent them: the same key from another caller is a different
-- request. `scope` is the caller, `staff:<account id>` or `anonymous` (method and path are
-- in request_hash). Keys stored before this had no owner; they are kept under a scope no request
-- has, so they are never replayed to anyone, and are pruned within a week.
CREATE TABLE idempotency_keys_scoped (
  scope        TEXT NOT NULL,
  key          TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status       INTEGER NOT NULL,
  body         TEXT NOT NULL,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (scope, key)
);
INSERT INTO idempotency_keys_scoped (scope, key, request_hash, status, body, created_at)
  SELECT 'unscoped', key, request_hash, status, body, created_at FROM idempotency_keys;
DROP TABLE idempotency_keys;
ALTER TABLE idempotency_keys_scoped RENAME TO idempotency_keys;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
