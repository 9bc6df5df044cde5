"""The daily challenge: one course a day per place, the same for everyone there, provably fair."""
