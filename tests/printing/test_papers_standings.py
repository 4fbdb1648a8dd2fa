"""The group standings sheet (issue 15): the subtitle counts the group rounds only (not the
knock-out after them), the columns fit ("game difference" whole), small groups on one page."""

from __future__ import annotations

import pytest

from scoring.models import Round
from scoring.pdf import render_standings
from scoring.selectors import sheets
from tests.factories import make_match
from tests.pdf.helpers import all_text, page_sizes

from .conftest import World, make_entries, make_event
from .test_event_sheets import finish

pytestmark = pytest.mark.django_db


def group_event(world: World, groups: int = 4, size: int = 4, knockout: bool = True):
    event = make_event(world.tournament, "Groups Cup", fmt="groups")
    names = [f"Gruppenspielerin {g}{i} Lindqvist" for g in range(groups) for i in range(size)]
    entries = make_entries(event, names)
    rounds = [Round.objects.create(event=event, number=n, bracket="groups") for n in range(1, size)]
    number = 0
    for g in range(groups):
        members = entries[g * size : (g + 1) * size]
        for i in range(size):
            for j in range(i + 1, size):
                number += 1
                match = make_match(
                    event,
                    members[i],
                    members[j],
                    number=number,
                    rnd=rounds[(i + j) % len(rounds)],
                    group=chr(65 + g),
                )
                # level on wins in places, so that "decided by" says why
                finish(
                    match, "a" if (i + j) % 2 else "b", (2, 1), scores=((25, 10), (3, 25), (25, 24))
                )
    if knockout:
        ko = Round.objects.create(
            event=event, number=len(rounds) + 1, bracket="main", name="Semi-final", stage="late"
        )
        finish(
            make_match(event, entries[0], entries[size], number=number + 1, rnd=ko),
            "a",
            (2, 0),
            scores=((25, 0), (25, 0)),
        )
    return event, len(rounds)


def test_subtitle_names_the_last_group_round_not_the_knockout(world: World) -> None:
    event, last_group_round = group_event(world)
    data = sheets.standings_data(event, language="en")
    assert data.subtitle.startswith(f"after round {last_group_round} · ")
    assert f"after round {last_group_round + 1}" not in data.subtitle


def test_columns_fit_and_small_groups_share_one_page(world: World) -> None:
    event, _ = group_event(world)
    data = sheets.standings_data(event, language="en")
    words = {str(row.values.get("decided_by")) for g in data.groups for row in g.rows}
    assert "game difference" in words or "head-to-head" in words
    pdf = render_standings(data)
    text = " ".join(all_text(pdf).split())
    assert "…" not in text  # no figure, word or name is cut
    for word in words - {""}:
        assert word in text
    assert len(page_sizes(pdf)) == 1  # four groups of four on one page
    assert page_sizes(pdf)[0][0] < page_sizes(pdf)[0][1]  # portrait


def test_german_columns_fit_too(world: World) -> None:
    event, _ = group_event(world)
    pdf = render_standings(sheets.standings_data(event, language="de"))
    text = " ".join(all_text(pdf).split())
    assert "…" not in text and "Gruppe D" in text
    assert len(page_sizes(pdf)) == 1
