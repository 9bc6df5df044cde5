-- Players, places and their settings, rounds (with the move list of the hole in play), finished holes,
-- and persisted timers.

CREATE TABLE players (
    key         TEXT PRIMARY KEY,            -- "<platform>:<user id>"
    platform    TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    name        TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL
);

CREATE TABLE places (
    key           TEXT PRIMARY KEY,          -- "<platform>:<guild or chat id>"
    platform      TEXT NOT NULL,
    place_id      TEXT NOT NULL,
    name          TEXT NOT NULL DEFAULT '',
    par_for_nine  INTEGER NOT NULL DEFAULT 45 CHECK (par_for_nine IN (36, 45)),
    default_rules TEXT NOT NULL DEFAULT 'strict',
    emoji         INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE rounds (
    id            TEXT PRIMARY KEY,
    kind          TEXT NOT NULL DEFAULT 'solo',
    place         TEXT NOT NULL,
    owner         TEXT NOT NULL REFERENCES players(key),
    players       TEXT NOT NULL,             -- JSON array of player keys, owner first
    rules         TEXT NOT NULL,
    holes         INTEGER NOT NULL CHECK (holes BETWEEN 1 AND 18),
    par_for_nine  INTEGER NOT NULL,
    casual        INTEGER NOT NULL,
    deals         TEXT NOT NULL,             -- JSON array of deal numbers as strings (up to 20 digits)
    scores        TEXT NOT NULL DEFAULT '[]',
    best          TEXT NOT NULL DEFAULT '[]',
    moves         TEXT NOT NULL DEFAULT '',  -- the hole in play, e.g. "3 s 1 1"
    total         INTEGER NOT NULL DEFAULT 0,
    version       INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('playing', 'hole_over', 'finished', 'abandoned')),
    hints         INTEGER NOT NULL DEFAULT 0,
    started_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

-- One round in progress per player, kind and place.
CREATE UNIQUE INDEX rounds_one_active ON rounds (owner, place, kind)
    WHERE status IN ('playing', 'hole_over');
CREATE INDEX rounds_by_owner ON rounds (owner, status);

CREATE TABLE holes (
    round_id     TEXT NOT NULL REFERENCES rounds(id),
    idx          INTEGER NOT NULL,
    player       TEXT NOT NULL,
    place        TEXT NOT NULL,
    deal         TEXT NOT NULL,
    rules        TEXT NOT NULL,
    moves        TEXT NOT NULL,
    score        INTEGER NOT NULL,
    best         INTEGER,
    finished_at  TEXT NOT NULL,
    PRIMARY KEY (round_id, idx)
);
CREATE INDEX holes_by_player ON holes (player, place);

CREATE TABLE timers (
    id       TEXT PRIMARY KEY,
    kind     TEXT NOT NULL,
    due      TEXT NOT NULL,
    payload  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX timers_due ON timers (due);
