"""What the Golf family's patiences share (TriPeaks, Pyramid Golf and Elevator, Black Hole, All in a Row):
a tableau whose cards cover one another (``SpreadLayout``), a foundation built up or down, maybe a stock.
Each game is a folder of its own beside engine/golf/ (engine/tripeaks/, engine/pyramid/,
engine/blackhole/, engine/allinarow/) holding its layout and its deal; the rules, the board format, the
solver and the ``Game`` are written once, here."""
