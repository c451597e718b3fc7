"""Reading and writing hands and situations from outside: the compact notation
(:mod:`~sparrow.formats.compact`), the hand-situation JSON contract (:mod:`~sparrow.formats.contract`,
with its fast reader :mod:`~sparrow.formats.quick`), the hand in a link (:mod:`~sparrow.formats.handlink`)
and JSON-Lines batches (:mod:`~sparrow.formats.batches`). The shells read and answer through these
modules; the core and the rules never import them."""
