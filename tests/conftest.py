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


# ---------------------------------------------------------------- no silent fallback (issue 41)
import logging  # noqa: E402

import pytest  # noqa: E402


class _Fallbacks(logging.Handler):
    """Collects the thinking service's ERROR records (a failed think, a bot's fallback)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def _no_think_failures(request):
    """Fails any test in which a think failed, a bot fell back or a bot failed otherwise in this
    process (logged at ERROR on ``roses.server.thinking`` or ``roses.server.bots``): a degraded
    bot is never passed off as the real one. A test that makes a think fail on purpose is marked ``thinks_fail``. Servers
    run as subprocesses are checked by their helpers through ``/api/health``."""
    from roses.server.faults import BOT_LOGGERS

    handler = _Fallbacks()
    loggers = [logging.getLogger(name) for name in BOT_LOGGERS]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
    if handler.records and not request.node.get_closest_marker("thinks_fail"):
        pytest.fail("a bot or the thinking service failed during this test:\n"
                    + "\n".join(r.getMessage()[:500] for r in handler.records), pytrace=False)
