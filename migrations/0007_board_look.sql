-- How boards are drawn: a place's look (image, the new default; text; emoji) and four-colour deck, chosen by
-- its admins, and each player's own choice over it (NULL: as the place says). A place that chose emoji keeps it.
ALTER TABLE places ADD COLUMN look TEXT NOT NULL DEFAULT 'image';
ALTER TABLE places ADD COLUMN four_colour INTEGER NOT NULL DEFAULT 0;
UPDATE places SET look = 'emoji' WHERE emoji <> 0;
ALTER TABLE players ADD COLUMN look TEXT;
ALTER TABLE players ADD COLUMN four_colour INTEGER;
