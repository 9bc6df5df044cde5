"""Pyramid Golf and Elevator (PySolFC's Escalator, game 281, and Elevator, game 40): 28 cards in a pyramid of
seven rows, a card free once the two below it are gone; Relaxed Golf's rules (King and Ace adjacent); 23
cards in the stock. Pyramid Golf deals every card face up, Elevator all but the bottom row face down.
PySolFC lists "Pyramid Golf" as another name of Elevator; here, as in the issue that asked for them, the
name is the open game's (Escalator's), and Elevator keeps its own (docs/golf-family.md)."""
