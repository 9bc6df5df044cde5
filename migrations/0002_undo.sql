-- Undo in casual rounds: how many moves were taken back, kept like the hints count.

ALTER TABLE rounds ADD COLUMN undos INTEGER NOT NULL DEFAULT 0;
