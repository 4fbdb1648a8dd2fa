"""A Swiss table under the European rule counts complete rounds only, as SoL ranks complete
turns only (issue 31, "Test" 2014; SoL 5.26 run on crafted tourneys by bench/sol_ranking.py):
a round with an undecided match counts once it is complete, its bye neither; the pages, the
sheet and the API say which rounds count. The ``current`` rule is unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import standings
from scoring.draws import MatchResult
from scoring.draws.ranking import EUROPEAN, RoundsCounted, counted_rounds, table
from scoring.models import Match, Round
from scoring.selectors import sheets
from scoring.services import draws
from tests.factories import make_event, make_match, play_and_confirm

# --- the pure rule ---------------------------------------------------------------------------

Row = tuple[int | None, bool, MatchResult | None]


@st.composite
def swiss_rounds(draw: st.DrawFn) -> tuple[list[int], list[Row], int]:
    """A field of entries, complete rounds and a round in play (some of its matches decided,
    at least one not): the rows :func:`counted_rounds` reads, and the round in play."""
    n = draw(st.integers(2, 9))
    entries = list(range(1, n + 1))
    rows: list[Row] = []
    complete = draw(st.integers(0, 4))
    for number in range(1, complete + 2):
        order = draw(st.permutations(entries))
        pairs = [(order[i], order[i + 1]) for i in range(0, n - 1, 2)]
        for a, b in pairs:
            undecided = number > complete and draw(st.booleans())
            rows.append((number, False, None if undecided else _won(draw, a, b)))
        if n % 2:
            rows.append((number, True, MatchResult.for_bye(order[-1])))
        if number > complete and all(r is not None for _n, bye, r in rows if _n == number):
            a, b = pairs[0]  # a round in play has an undecided match
            rows.append((number, False, None))
    return entries, rows, complete + 1


def _won(draw: st.DrawFn, a: int, b: int) -> MatchResult:
    points = draw(st.integers(0, 24))
    winner = draw(st.sampled_from((a, b)))
    loser_points = draw(st.integers(0, 24))
    if winner == a:
        return MatchResult.won(a, b, a, 1, 0, 25, loser_points)
    return MatchResult.won(a, b, b, 0, 1, points, 25)


@given(swiss_rounds(), st.data())
@settings(max_examples=150, deadline=None)
def test_an_undecided_match_in_the_round_in_play_never_changes_the_european_table(
    field: tuple[list[int], list[Row], int], data: st.DataObject
) -> None:
    entries, rows, in_play = field
    counted, rounds = counted_rounds(rows)
    assert rounds.after == in_play - 1 and rounds.in_play == in_play
    before = table(entries, counted, EUROPEAN)
    # the table is the one of the complete rounds: nothing of the round in play counts
    complete = [r for n, _bye, r in rows if r is not None and n is not None and n < in_play]
    assert before == table(entries, complete, EUROPEAN)
    # one more undecided match, or a decided one while another stays open: the same table
    a, b = data.draw(st.permutations(entries))[:2]
    for extra in ((in_play, False, None), (in_play, False, MatchResult.won(a, b, a, 1, 0, 25, 3))):
        more, again = counted_rounds([*rows, extra])
        assert table(entries, more, EUROPEAN) == before
        assert again.after == rounds.after and again.in_play == in_play


def test_the_rounds_counted_are_said() -> None:
    won = MatchResult.won(1, 2, 1, 1, 0, 25, 3)
    bye = MatchResult.for_bye(3)
    # every round complete: every result counts, a match of no round too
    counted, rounds = counted_rounds([(1, False, won), (1, True, bye), (None, False, won)])
    assert len(counted) == 3 and rounds == RoundsCounted(1)
    # round 2 in play, all undecided: its bye does not count yet
    counted, rounds = counted_rounds([(1, False, won), (2, False, None), (2, True, bye)])
    assert counted == [won] and rounds == RoundsCounted(1, 2, 0, 1)
    # round 1 in play: nothing counts
    counted, rounds = counted_rounds([(1, False, won), (1, False, None)])
    assert counted == [] and rounds == RoundsCounted(0, 1, 1, 2)
    assert counted_rounds([]) == ([], RoundsCounted(0))


# --- a Swiss event of the app ------------------------------------------------------------------


def _swiss(tournament: Any, actor: Any, ranking: str, n: int = 5) -> Any:
    event = make_event(tournament, n, fmt="swiss", settings={"rounds": 3, "ranking": ranking})
    draws.draw_event(event=event, actor=actor, random_seed=3)
    for match in Match.objects.filter(event=event, round__number=1, bye=False):
        play_and_confirm(match, "a", actor)
    return event


def _figures(event: Any) -> list[tuple[int, dict[str, Any]]]:
    (found,) = standings.event_standings(event)
    return [(row.entry_id, row.values) for row in found.rows]


@pytest.mark.django_db
@pytest.mark.parametrize("left", ["all", "one", "none"])
def test_a_round_counts_once_complete_under_the_european_rule(
    tournament: Any, actor: Any, left: str
) -> None:
    event = _swiss(tournament, actor, "european")
    after_one = _figures(event)
    draws.next_round(event=event, actor=actor)  # round 2 drawn: a bye given, nothing played
    played = list(Match.objects.filter(event=event, round__number=2, bye=False).order_by("pk"))
    keep_open = {"all": played, "one": played[-1:], "none": []}[left]
    for match in played:
        if match not in keep_open:
            play_and_confirm(match, "b", actor)
    (found,) = standings.event_standings(event)
    if keep_open:
        assert _figures(event) == after_one  # the bye of round 2 neither
        assert found.rounds == RoundsCounted(1, 2, len(played) - len(keep_open), len(played))
        assert found.progress == (
            f"Standings after round 1 — round 2 in play: {len(played) - len(keep_open)} of "
            f"{len(played)} matches decided"
        )
    else:
        assert {values["played"] for _e, values in _figures(event)} == {2}
        assert found.rounds == RoundsCounted(2) and found.progress == ""
    assert "A round counts once every match of it is decided." in found.order


@pytest.mark.django_db
def test_the_current_rule_counts_every_result_at_once(tournament: Any, actor: Any) -> None:
    event = _swiss(tournament, actor, "current")
    draws.next_round(event=event, actor=actor)
    first = Match.objects.filter(event=event, round__number=2, bye=False).order_by("pk").first()
    assert first is not None
    play_and_confirm(first, "a", actor)
    (found,) = standings.event_standings(event)
    assert found.rounds is None and found.progress == ""
    played = sorted(values["played"] for _e, values in _figures(event))
    assert played == [1, 1, 2, 2, 2]  # the bye of round 2 and its first match count


@pytest.mark.django_db
def test_final_rounds_in_play_leave_the_swiss_table_whole(tournament: Any, actor: Any) -> None:
    event = _swiss(tournament, actor, "european", n=4)
    final = Round.objects.create(event=event, number=2, bracket=Round.Bracket.FINAL)
    entries = list(event.entries.order_by("pk"))
    make_match(event, entries[0], entries[1], number=99, rnd=final)  # the final, unplayed
    (found,) = standings.event_standings(event)
    assert found.rounds == RoundsCounted(1) and found.progress == ""
    assert {values["played"] for _e, values in _figures(event)} == {1}


@pytest.mark.django_db
def test_pages_sheet_and_api_say_which_rounds_count(client: Any, tournament: Any, actor: Any):
    event = _swiss(tournament, actor, "european")
    draws.next_round(event=event, actor=actor)
    first = Match.objects.filter(event=event, round__number=2, bye=False).order_by("pk").first()
    assert first is not None
    play_and_confirm(first, "a", actor)
    english = "Standings after round 1 — round 2 in play: 1 of 2 matches decided"
    german = "Tabelle nach Runde 1 — Runde 2 läuft: 1 von 2 Matches entschieden"
    page = client.get(f"/t/{tournament.slug}/event/{event.pk}/standings/")
    assert english in page.content.decode()
    page = client.get(
        f"/t/{tournament.slug}/event/{event.pk}/standings/", headers={"accept-language": "de"}
    )
    assert german in page.content.decode()
    data = client.get(f"/api/v1/events/{event.pk}/").json()
    assert data["standings_rounds"] == {"after": 1, "in_play": 2, "decided": 1, "matches": 2}
    assert data["standings_progress"] == english
    assert sheets.standings_data(event, language="en").subtitle.startswith(english)
    assert sheets.standings_data(event, language="de").subtitle.startswith(german)
    with translation.override("de"):
        (found,) = standings.event_standings(event)
    assert found.progress == german
