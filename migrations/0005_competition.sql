-- Competition: matches, group rounds and tournaments (mode state in a versioned JSON payload, like a
-- round's), and the results that make a server's table and ratings: one row per player of a finished match.

CREATE TABLE competitions (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('match', 'group', 'tournament')),
    place           TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished', 'cancelled')),
    version         INTEGER NOT NULL,
    parent          TEXT REFERENCES competitions(id),
    payload_version INTEGER NOT NULL DEFAULT 0,
    payload         TEXT NOT NULL DEFAULT '{}',
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX competitions_active ON competitions (status, created_at);

CREATE TABLE match_results (
    match_id     TEXT NOT NULL REFERENCES competitions(id),
    player       TEXT NOT NULL,
    place        TEXT NOT NULL,
    seat         INTEGER NOT NULL,               -- the order of the players in the result
    rank         INTEGER NOT NULL CHECK (rank >= 0),
    holes_won    INTEGER NOT NULL DEFAULT 0,
    holes_lost   INTEGER NOT NULL DEFAULT 0,
    summary      TEXT NOT NULL DEFAULT '',
    finished_at  TEXT NOT NULL,
    PRIMARY KEY (match_id, player)
);
CREATE INDEX match_results_by_place ON match_results (place, finished_at);
