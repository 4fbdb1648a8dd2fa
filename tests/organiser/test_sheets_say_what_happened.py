"""Sheets say what happened (issue 30): boards withdrawn by an umpire's decision are printed
as withdrawn with the decision's law (not "void, replayed"); a walkover's sheet has its date
and names the absent side."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import Match
from scoring.pdf import render_scoresheet
from scoring.selectors import sheets
from scoring.services import draws
from scoring.services.decisions import Decision, decide
from tests.factories import make_event
from tests.organiser.test_corrections import EIGHT, ORGANISER, knockout_semi, paper_match
from tests.pdf.helpers import all_text, positioned

pytestmark = pytest.mark.django_db


def test_boards_withdrawn_by_a_decision_are_printed_with_its_law(
    tournament, django_capture_on_commit_callbacks
):
    _event, semis = knockout_semi(tournament, "printed")
    with django_capture_on_commit_callbacks(execute=True):
        paper_match(semis[0], EIGHT)
        semi = draws.confirm_result(match=semis[0], actor=ORGANISER)
    with django_capture_on_commit_callbacks(execute=True):
        decide(
            match=semi,
            decision=Decision(side="b", law="IT 107"),
            actor=ORGANISER,
            reason="left the hall",
            repair="move",
            client_id=uuid.uuid4(),
        )
    data = sheets.scoresheet_data(Match.objects.get(pk=semi.pk), language="en")
    rows = data.games[0].boards
    withdrawn = [b for b in rows if b.void]
    assert len(withdrawn) == 5 and {b.withdrawn for b in withdrawn} == {"IT 107"}
    text = all_text(render_scoresheet(data))
    assert "Withdrawn by decision (IT 107)" in text and "Void, replayed" not in text
    german = all_text(
        render_scoresheet(sheets.scoresheet_data(Match.objects.get(pk=semi.pk), language="de"))
    )
    assert "Aberkannt durch Entscheidung (IT 107)" in german


def test_a_walkover_sheet_has_its_date_and_the_absent_side(tournament):
    from scoring.services.draws import record_walkover

    event = make_event(tournament, 4, name="wo")
    draws.draw_event(event=event, actor=ORGANISER, random_seed=3)
    match = Match.objects.filter(event=event, round__number=1).first()
    record_walkover(match=match, absent="b", actor=ORGANISER)
    match = Match.objects.get(pk=match.pk)
    data = sheets.scoresheet_data(match, language="en")
    assert data.walkover and data.date is not None
    text = all_text(render_scoresheet(data))
    words = " ".join(item.text for item in positioned(render_scoresheet(data)))
    assert f"Walkover: {match.entry_b.name} absent" in words, text
