"""How big the heavier property tests are.

``make test`` runs them (the hands they play, the examples of the property tests) at a size that
keeps the whole suite quick on two cores and still finds the bugs they were written for; set
``SPARROW_TEST_SCALE`` (a whole number, default 1) to multiply every budget for a thorough run, e.g.
``SPARROW_TEST_SCALE=10 make test`` before a release.
"""

from __future__ import annotations

import os

SCALE = max(1, int(os.environ.get("SPARROW_TEST_SCALE", "1") or "1"))


def scaled(count: int) -> int:
    """A test budget of ``count`` (hands, examples, seeds) at the run's scale."""
    return count * SCALE
