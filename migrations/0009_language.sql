-- Languages: the language a place's posts are worded in, chosen by its admins (NULL: the platform's say, a
-- Discord server's own locale, else English), and each player's own (NULL: the one their app runs in).
ALTER TABLE places ADD COLUMN language TEXT;
ALTER TABLE players ADD COLUMN language TEXT;
