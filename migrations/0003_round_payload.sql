-- Mode state that does not deserve columns of its own: a JSON object on each round (session), with the
-- version of its layout. Rounds already stored get an empty payload of version 0, which every mode reads
-- as "nothing kept yet", so they resume exactly as they were.
ALTER TABLE rounds ADD COLUMN payload TEXT NOT NULL DEFAULT '{}';
ALTER TABLE rounds ADD COLUMN payload_version INTEGER NOT NULL DEFAULT 0;

-- The timer service asks for the soonest timer of each kind it handles.
CREATE INDEX timers_by_kind ON timers (kind, due);
