-- Hand-written (drizzle-kit does not express it): the replay guard's table of request signatures
-- (first use of each signature within its five-minute window) is UNLOGGED, so the statement every
-- signed request runs — its session read and its signature inserted — writes no WAL and commits
-- without waiting for a WAL flush. After a crash of the database (or on a promoted standby) the
-- table starts empty: a signature first used up to five minutes before could be used once more
-- within its window. ADR 0044 weighs it.
ALTER TABLE "base_request_signature" SET UNLOGGED;
