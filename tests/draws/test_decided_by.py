"""The tie-break named for each place (``Standing.decided_by``): for every entry level on
score with a neighbour, the criterion that separated them, the later one when it needed two
(one above, one below) — checked against the plain definition over random tables."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.draws.ranking import _decided_by


def _reference(ranked, keys, names):
    out = dict.fromkeys(ranked, "")
    for n, i in enumerate(ranked):
        for j in (ranked[n - 1] if n else None, ranked[n + 1] if n + 1 < len(ranked) else None):
            if j is None or keys[j][0] != keys[i][0]:
                continue
            for d in range(1, len(keys[i])):
                if keys[i][d] != keys[j][d]:
                    if not out[i] or d > names.index(out[i]) + 1:
                        out[i] = names[d - 1]
                    break
    return out


@given(
    st.lists(
        st.tuples(st.integers(-3, 0), st.integers(-2, 0), st.integers(-2, 0)),
        min_size=0,
        max_size=30,
    )
)
def test_decided_by_names_the_separating_tie_break(values: list) -> None:
    names = ["buchholz", "net_points", "initial"]
    keys = {n: (*v, float(n)) for n, v in enumerate(values)}  # initial order: unique
    ranked = sorted(keys, key=keys.__getitem__)
    assert _decided_by(ranked, keys, names) == _reference(ranked, keys, names)


def test_a_place_decided_twice_names_the_later_tie_break() -> None:
    keys = {1: (-2, -5, 0, 0.0), 2: (-2, -5, -1, 1.0), 3: (-2, -4, 0, 2.0), 4: (-1, 0, 0, 3.0)}
    ranked = sorted(keys, key=keys.__getitem__)
    assert ranked == [2, 1, 3, 4]
    assert _decided_by(ranked, keys, ["buchholz", "net_points", "initial"]) == {
        2: "net_points",
        1: "net_points",
        3: "buchholz",
        4: "",
    }
