-- A stand-in for the 0002 migration being written on another branch (the "undo" counter), so that the
-- numbering has no gap on this branch. Delete this file when that migration is merged.
SELECT 1;
