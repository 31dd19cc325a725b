"""Test-wide settings.

Hypothesis: the property tests draw whole games of actions (``st.data()``), so an example is long
and slow by design; the health checks for that are off. In CI (``CI=true``) the examples are
derandomized, so a run is reproducible and a red build is never a lucky draw; locally they are
random, to keep finding new games.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "roses", deadline=None, derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
settings.load_profile("roses")
