-- The daily challenge: the installation's secret (the courses are derived from it), each place's daily
-- settings and days (courses, with their commitment), the players' results, and the all-time table that
-- and weekly tables that closing a day adds to (so those leaderboards are one indexed read, however many
-- days there are).

CREATE TABLE installation (
    key    TEXT PRIMARY KEY,                 -- 'daily_secret'
    value  TEXT NOT NULL                     -- hex
);

CREATE TABLE daily_settings (
    place    TEXT PRIMARY KEY,
    zone     TEXT NOT NULL DEFAULT 'UTC',
    holes    INTEGER NOT NULL DEFAULT 9 CHECK (holes IN (1, 3, 9, 18)),
    rules    TEXT NOT NULL DEFAULT 'strict',
    channel  TEXT,
    post     INTEGER NOT NULL DEFAULT 1 CHECK (post IN (0, 1))
);

CREATE TABLE daily_days (
    place         TEXT NOT NULL,
    day           TEXT NOT NULL,             -- the place's date, YYYY-MM-DD
    zone          TEXT NOT NULL,
    rules         TEXT NOT NULL,
    par_for_nine  INTEGER NOT NULL CHECK (par_for_nine IN (36, 45)),
    deals         TEXT NOT NULL,             -- JSON array of deal numbers as strings
    commitment    TEXT NOT NULL,
    closes_at     TEXT NOT NULL,             -- UTC ISO-8601
    best          TEXT NOT NULL DEFAULT '[]',
    closed        INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
    PRIMARY KEY (place, day)
);
CREATE INDEX daily_days_open ON daily_days (closes_at) WHERE closed = 0;

CREATE TABLE daily_results (
    place            TEXT NOT NULL,
    day              TEXT NOT NULL,
    player           TEXT NOT NULL,
    round_id         TEXT NOT NULL,
    holes_played     INTEGER NOT NULL,
    total            INTEGER NOT NULL,
    to_par           INTEGER NOT NULL,
    finished         INTEGER NOT NULL CHECK (finished IN (0, 1)),
    at_or_under_par  INTEGER NOT NULL CHECK (at_or_under_par IN (0, 1)),
    won              INTEGER NOT NULL DEFAULT 0 CHECK (won IN (0, 1)),
    PRIMARY KEY (place, day, player),
    FOREIGN KEY (place, day) REFERENCES daily_days (place, day)
);
-- today's table, in rank order
CREATE INDEX daily_results_table ON daily_results (place, day, to_par, holes_played DESC, player);
-- a player's days (streaks)
CREATE INDEX daily_results_by_player ON daily_results (place, player, day);

CREATE TABLE daily_totals (
    place           TEXT NOT NULL,
    player          TEXT NOT NULL,
    days            INTEGER NOT NULL,
    sum_to_par      INTEGER NOT NULL,
    average_to_par  REAL NOT NULL,
    wins            INTEGER NOT NULL,
    best_to_par     INTEGER NOT NULL,
    PRIMARY KEY (place, player)
);
-- the all-time table, in rank order
CREATE INDEX daily_totals_table ON daily_totals (place, wins DESC, average_to_par, days DESC, player);

CREATE TABLE daily_weeks (
    place           TEXT NOT NULL,
    week            TEXT NOT NULL,           -- the Monday of the ISO week, YYYY-MM-DD
    player          TEXT NOT NULL,
    days            INTEGER NOT NULL,
    sum_to_par      INTEGER NOT NULL,
    average_to_par  REAL NOT NULL,
    wins            INTEGER NOT NULL,
    best_to_par     INTEGER NOT NULL,
    PRIMARY KEY (place, week, player)
);
-- a week's table, in rank order
CREATE INDEX daily_weeks_table ON daily_weeks (place, week, wins DESC, average_to_par, days DESC, player);
