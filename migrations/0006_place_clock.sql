-- A server's default time per hole for matches, group rounds and tournaments (seconds), chosen by its admins.
ALTER TABLE places ADD COLUMN hole_seconds INTEGER NOT NULL DEFAULT 300;
