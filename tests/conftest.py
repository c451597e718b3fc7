"""Test-wide settings.

Hypothesis judges a test by its examples, not by the clock: the suite runs on busy shared machines
and on every core at once, where a first example that loads the shanten tables or a slow moment of
the machine would otherwise fail a test that found no bug (no deadline, no too-slow health check).
"""

from hypothesis import HealthCheck, settings

from tests.scale import scaled

# A property test without a size of its own tries 50 examples (100 is Hypothesis's default); the
# budgets of the heavier ones are in their modules. SPARROW_TEST_SCALE multiplies both.
settings.register_profile(
    "sparrow", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=scaled(50)
)
settings.load_profile("sparrow")
