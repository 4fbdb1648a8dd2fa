"""``MatchResult.won``, the cheap constructor the standings read hundreds of results with,
makes exactly what the named tuple's constructor makes, and refuses what it refuses."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.draws import DrawError, MatchResult

_IDS = st.integers(1, 6)
_COUNT = st.integers(0, 3)
_POINTS = st.integers(0, 75)


@given(
    a=_IDS,
    b=_IDS,
    pick=st.sampled_from(["a", "b", "other"]),
    ga=_COUNT,
    gb=_COUNT,
    pa=_POINTS,
    pb=_POINTS,
    walkover=st.booleans(),
)
def test_won_is_the_constructor(a, b, pick, ga, gb, pa, pb, walkover) -> None:
    winner = {"a": a, "b": b, "other": 99}[pick]
    try:
        expected = MatchResult(a, b, winner, ga, gb, pa, pb, walkover)
    except DrawError as error:
        with pytest.raises(DrawError) as raised:
            MatchResult.won(a, b, winner, ga, gb, pa, pb, walkover)
        assert raised.value.code == error.code
        return
    made = MatchResult.won(a, b, winner, ga, gb, pa, pb, walkover)
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert type(made) is MatchResult and made._asdict() == expected._asdict()
    assert made.loser == expected.loser and made.games(a) == expected.games(a)
    assert pickle.loads(pickle.dumps(made)) == expected and copy.copy(made) == expected
    assert made._replace(points_a=pa + 1) == expected._replace(points_a=pa + 1)
    with pytest.raises(AttributeError):
        made.winner = a  # type: ignore[misc]
