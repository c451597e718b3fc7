"""The core: tiles and their notation, hands and sets, the shapes a hand can take, the analysis of a
hand (shanten, waits, discards) and the hand situation a scorer reads. Pure: no I/O, no randomness of
its own, and no import from any other layer of Sparrow."""
