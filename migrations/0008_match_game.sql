-- The game a match was played at (golf for any of Golf's rule sets, else a Golf-family game: tripeaks,
-- black-hole, ...): a server's table and ratings are kept per game. Every match before this was Golf's.
ALTER TABLE match_results ADD COLUMN game TEXT NOT NULL DEFAULT 'golf';
