"""Competition: match results, the server table and ratings (pure), used by bot/match.py and
bot/tournament.py."""
