"""SoL's tourney "duration" (minutes per round) becomes the event's round time limit
(``Event.round_minutes``), on a generated archive (fictional players)."""

from __future__ import annotations

import pytest
import yaml

from scoring.models import Event
from scoring.round_clock import limit_minutes
from scoring.services.sol import import_sol
from tests.trust.test_sol_generated import archive, m

pytestmark = pytest.mark.django_db


def _with_duration(duration: object, guid: str) -> bytes:
    lists, tourney = yaml.safe_load_all(archive(matches=[m(1, 2, 11, 3)], players=2, guid=guid))
    tourney["duration"] = duration
    return yaml.safe_dump_all([lists, tourney], allow_unicode=True).encode()


@pytest.mark.parametrize(
    ("duration", "minutes"), [(45, 45), (0, None), (None, None), (9999, None), ("45", None)]
)
def test_the_duration_becomes_the_round_time_limit(duration, minutes) -> None:
    import_sol(_with_duration(duration, guid=f"d{duration}"))
    event = Event.objects.order_by("-pk").first()
    assert event.round_minutes == minutes


def test_limit_minutes() -> None:
    assert [limit_minutes(v) for v in (1, 600, 601, 0, 30.0, 30.5, True, "30", None)] == [
        1,
        600,
        None,
        None,
        30,
        None,
        None,
        None,
        None,
    ]
