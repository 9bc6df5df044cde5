"""Competition: match results, the server table and ratings (pure), used by bot/modes/competition/match.py and
bot/modes/competition/tournament.py."""
