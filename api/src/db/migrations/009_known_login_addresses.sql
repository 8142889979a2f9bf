-- The addresses each member has logged in from (an IPv6 address by its /64), with when they last did:
-- from one of them a member skips the delay that guesses at their username impose. Kept in the
-- database so a restart does not make every member a stranger; forgotten after 30 days.
CREATE TABLE login_known_addresses (
  username TEXT NOT NULL,
  address TEXT NOT NULL,
  last_login_at INTEGER NOT NULL,
  PRIMARY KEY (username, address)
);
