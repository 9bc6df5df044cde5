"""TriPeaks (PySolFC's game 22, "Three Peaks"): 28 cards in three overlapping peaks, the top three rows
face down, built up or down onto the foundation regardless of suit, King and Ace adjacent; 23 cards in the
stock. engine/spread/ plays it; this folder holds its layout and its deal."""
