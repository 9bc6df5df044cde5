"""All in a Row (PySolFC's game 405): 13 columns of four cards, all face up; the foundation starts empty
(the first card may be any free card); build up or down regardless of suit, King and Ace adjacent; no
stock."""
