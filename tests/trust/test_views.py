"""Organiser pages of the trust area: audit trails, paper scoresheet, overview; who may see
them; strict CSP (no inline script or style)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Match, PaperScoresheet, Tournament
from tests.foundation.helpers import parse_html

from .conftest import build_tournament, user


@pytest.fixture
def organiser_client(client, tournament):
    client.force_login(tournament.organisers.get())
    return client


def _m1(tournament: Tournament) -> Match:
    return Match.objects.get(event__tournament=tournament, round__number=1, number=1)


def urls(tournament: Tournament) -> list[str]:
    match = _m1(tournament)
    return [
        reverse("scoring:trust-overview", args=[tournament.slug]),
        reverse("scoring:trust-audit", args=[tournament.slug]),
        reverse("scoring:trust-match-audit", args=[tournament.slug, match.pk]),
        reverse("scoring:trust-paper", args=[tournament.slug, match.pk]),
    ]


def test_pages_are_for_organisers_of_this_tournament_only(client, tournament) -> None:
    other = Tournament.objects.create(
        name="Other Cup",
        slug="other-cup",
        start_date=datetime.date(2026, 12, 5),
        end_date=datetime.date(2026, 12, 5),
    )
    stranger = user("otto")
    other.organisers.add(stranger)
    for url in urls(tournament):
        assert client.get(url).status_code == 302  # to the login page
    client.force_login(user("ulf"))  # the umpire of match 1 is no organiser
    for url in urls(tournament):
        assert client.get(url).status_code == 403, url
    client.force_login(stranger)
    for url in urls(tournament):
        assert client.get(url).status_code == 403, url
    decision = reverse("scoring:trust-paper-decision", args=[tournament.slug, _m1(tournament).pk])
    assert client.post(decision, {"decision": "tablet"}).status_code == 403
    assert not AuditEntry.objects.filter(action="paper_decision").exists()


def test_pages_render_without_inline_scripts_or_styles(organiser_client, tournament) -> None:
    for url in urls(tournament):
        response = organiser_client.get(url)
        assert response.status_code == 200, url
        page = parse_html(response.content.decode())
        assert page.inline_scripts == 0 and page.inline_styles == 0, url
        assert page.event_handlers == [], url


def test_a_match_of_another_tournament_is_not_found(organiser_client, tournament) -> None:
    copy = build_tournament("trust-open-2")
    match = _m1(copy)
    url = reverse("scoring:trust-match-audit", args=[tournament.slug, match.pk])
    assert organiser_client.get(url).status_code == 404


def test_match_audit_shows_who_when_via_device_and_before_after(
    organiser_client, tournament
) -> None:
    match = _m1(tournament)
    response = organiser_client.get(
        reverse("scoring:trust-match-audit", args=[tournament.slug, match.pk])
    )
    html = response.content.decode()
    for text in (
        "Toss",
        "Seating",
        "Board event",
        "Undo",
        "Result confirmed",
        "Confirmed match reopened",
        "ulf",
        "olga",
        "umpire account",
        "umpire link",
        "Tablet 7",
        "10.0.0.7",
        "paper differs",
    ):
        assert text in html, text
    # the toss: before and after
    assert "&quot;choice&quot;: &quot;break&quot;, &quot;winner&quot;: &quot;b&quot;" in html
    assert len(response.context["rows"]) == AuditEntry.objects.filter(match=match).count()


def test_tournament_audit_filters_by_action(organiser_client, tournament) -> None:
    url = reverse("scoring:trust-audit", args=[tournament.slug])
    everything = organiser_client.get(url).context["page"].paginator.count
    assert everything == AuditEntry.objects.count()
    unlocks = organiser_client.get(url, {"action": "unlock"}).context["rows"]
    assert [r["action"] for r in unlocks] == ["Confirmed match reopened"]
    assert organiser_client.get(url, {"page": 2}).status_code == 200


def test_overview_shows_link_states(organiser_client, tournament) -> None:
    response = organiser_client.get(reverse("scoring:trust-overview", args=[tournament.slug]))
    states = {
        row["match"].number: row["link"]
        for row in response.context["rows"]
        if row["match"].event.name == "Singles"
    }
    assert states == {1: "valid", 2: "revoked", 3: "valid"}
    assert response.context["rows"][0]["match"].sheets in (0, 1)


def _rows(boards: list[dict], total: int = 10) -> dict:
    data = {
        "board-TOTAL_FORMS": str(total),
        "board-INITIAL_FORMS": str(total),
        "board-MIN_NUM_FORMS": "0",
        "board-MAX_NUM_FORMS": "60",
        "note": "sheet 7",
    }
    for i in range(total):
        board = boards[i] if i < len(boards) else {}
        data[f"board-{i}-game"] = str(board.get("game", 1))
        for key in ("winner", "carrommen", "queen", "points", "law"):
            data[f"board-{i}-{key}"] = str(board.get(key, ""))
    return data


def test_entering_the_paper_sheet_lists_the_differences(organiser_client, tournament) -> None:
    match = Match.objects.get(event__tournament=tournament, round__number=1, number=2)
    url = reverse("scoring:trust-paper", args=[tournament.slug, match.pk])
    assert organiser_client.get(url).context["differences"] is None
    response = organiser_client.post(
        url,
        _rows(
            [
                {"winner": "a", "carrommen": 5, "queen": "a"},
                {"winner": "b", "points": 4, "law": "ICF 107"},
                {"winner": "b", "carrommen": 3, "queen": ""},
            ]
        ),
    )
    assert response.status_code == 302
    sheet = PaperScoresheet.objects.get(match=match)
    assert sheet.games == [
        [
            {"winner": "a", "carrommen": 5, "queen": "a"},
            {"winner": "b", "points": 4, "law": "ICF 107"},
            {"winner": "b", "carrommen": 3, "queen": None},
        ]
    ]
    assert sheet.entered_by.username == "olga" and sheet.note == "sheet 7"
    audit = AuditEntry.objects.get(action="paper_sheet", match=match)
    assert audit.actor.username == "olga" and audit.via == "organiser"
    page = organiser_client.get(url)
    found = {(r["difference"].board, r["difference"].field) for r in page.context["differences"]}
    assert found == {(2, "points"), (3, "board_unfinished_on_tablet"), (None, "game_score")}
    assert "The paper and the tablet differ in 3 places." in page.content.decode()
    # the form is filled with the latest sheet, for a correction
    assert page.context["formset"].initial[1]["points"] == 4


def test_an_invalid_sheet_is_refused_with_clear_errors(organiser_client, tournament) -> None:
    match = _m1(tournament)
    url = reverse("scoring:trust-paper", args=[tournament.slug, match.pk])
    before = PaperScoresheet.objects.count()
    response = organiser_client.post(
        url,
        _rows(
            [
                {"carrommen": 3},
                {"winner": "a", "points": 3, "carrommen": 2},
                {"game": 3, "winner": "a", "carrommen": 1},
            ]
        ),
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "Who won this board?" in html
    assert "An award has points and a law, not carrommen or the queen." in html
    assert PaperScoresheet.objects.count() == before
    response = organiser_client.post(url, _rows([{"game": 2, "winner": "a", "carrommen": 1}]))
    assert response.status_code == 422
    assert "game 1 has no boards" in response.content.decode()


def test_a_decision_is_recorded_in_the_audit_trail(organiser_client, tournament) -> None:
    match = _m1(tournament)
    url = reverse("scoring:trust-paper-decision", args=[tournament.slug, match.pk])
    response = organiser_client.post(url, {"decision": "other", "note": ""})
    assert response.status_code == 302
    assert not AuditEntry.objects.filter(action="paper_decision").exists()
    organiser_client.post(url, {"decision": "paper", "note": "board 2 was 4 points"})
    entry = AuditEntry.objects.get(action="paper_decision")
    assert entry.detail["decision"] == "paper" and entry.actor.username == "olga"
    assert entry.detail["differences"]  # the sheet of the fixture differs from the tablet
    page = organiser_client.get(reverse("scoring:trust-paper", args=[tournament.slug, match.pk]))
    assert "The paper is right: the tablet&#x27;s record needs a correction" in (
        page.content.decode()
    )
