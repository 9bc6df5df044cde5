"""Black Hole (David Parlett's; PySolFC's game 98): 17 fans of three cards, all face up; the Ace of Spades
starts the foundation; build up or down regardless of suit, King and Ace adjacent; no stock. Won when every
card is on the foundation."""
