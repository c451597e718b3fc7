"""The play layer: a table for one person against computer players (:mod:`sparrow.play.table`), the
simulation of many hands (:mod:`sparrow.play.sim`) and the lab that measures players
(:mod:`sparrow.play.lab`). Built on the game and the bots; the shells (CLI, web) drive it."""
