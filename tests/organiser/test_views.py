"""The organiser pages through the test client: every page renders, every action goes through
its service, htmx requests get partials, and the results flow into the next round."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Entry, Event, Match, Round, Tournament
from tests.factories import make_event, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_in(client, organiser):
    client.force_login(organiser)
    return client


def url(name: str, *args) -> str:
    return reverse(f"scoring:{name}", args=args)


def test_organiser_creates_a_tournament_and_becomes_its_organiser(client_in, organiser):
    response = client_in.get(url("organiser-tournament-new"))
    assert response.status_code == 200
    response = client_in.post(
        url("organiser-tournament-new"),
        {
            "name": "Harbour Open",
            "start_date": "2026-07-04",
            "end_date": "2026-07-05",
            "venue": "Pier Hall",
            "table_count": 6,
            "default_rules": "icf",
        },
    )
    tournament = Tournament.objects.get(name="Harbour Open")
    assert response.status_code == 302
    assert response["Location"] == url("organiser-home", "harbour-open")
    assert list(tournament.organisers.all()) == [organiser]
    assert tournament.tables.count() == 6
    assert AuditEntry.objects.filter(tournament=tournament, action="tournament_created").exists()
    page = client_in.get(url("organiser-home", "harbour-open"))
    assert page.status_code == 200
    assert "Harbour Open" in page.text


def test_tournament_form_reports_bad_dates(client_in):
    response = client_in.post(
        url("organiser-tournament-new"),
        {
            "name": "Backwards",
            "start_date": "2026-07-05",
            "end_date": "2026-07-04",
            "table_count": 4,
            "default_rules": "icf",
        },
    )
    assert response.status_code == 200
    assert "The last day cannot be before the first day." in response.text
    assert not Tournament.objects.filter(name="Backwards").exists()


def test_event_crud_entries_and_draw(client_in, tournament):
    slug = tournament.slug
    response = client_in.post(
        url("organiser-event-new", slug),
        {
            "name": "Men's Singles",
            "kind": "singles",
            "format": "knockout",
            "rules": "icf",
            "games_to_win": 2,
            "order": 1,
            "third_place": "on",
            "random_draw": "on",
        },
    )
    event = Event.objects.get(tournament=tournament, name="Men's Singles")
    assert response.status_code == 302
    assert event.settings["third_place"] is True
    for name in ("Asha Rao", "Ben Kirk", "Chen Li", "Dora Vik", "Emil Sand"):
        r = client_in.post(
            url("organiser-entry-add", slug, event.pk),
            {"name": name, "club": "CC", "nationality": "de", "rating": "1500"},
        )
        assert r.status_code == 302
    # htmx: the entries section comes back alone
    r = client_in.post(
        url("organiser-entry-add", slug, event.pk),
        {"name": "Fay Lund", "seed": "1"},
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 200
    assert 'id="entries"' in r.text and "<html" not in r.text
    assert "Fay Lund entered." in r.text
    assert 'aria-labelledby="draw-heading" hx-swap-oob="true"' in r.text  # the draw panel too
    assert event.entries.count() == 6
    assert Entry.objects.get(player__name="Asha Rao").player.nationality == "DE"
    # a duplicate is refused with a message
    r = client_in.post(
        url("organiser-entry-add", slug, event.pk), {"name": "Fay Lund"}, follow=True
    )
    assert "Fay Lund is already entered in this event." in r.text
    page = client_in.get(url("organiser-event", slug, event.pk))
    assert "Make the draw" in page.text
    r = client_in.post(url("organiser-draw", slug, event.pk), {"rounds": "0"})
    assert r.status_code == 302
    assert event.rounds.count() == 4  # QF, SF, F + third place
    assert Match.objects.filter(event=event).count() == 8
    # a second click draws nothing more
    r = client_in.post(url("organiser-draw", slug, event.pk), {"rounds": "0"}, follow=True)
    assert "nothing was changed" in r.text
    assert Match.objects.filter(event=event).count() == 8
    page = client_in.get(url("organiser-event", slug, event.pk))
    assert page.status_code == 200
    assert "Winner of match" in page.text
    assert "Bye for seed 1" in page.text
    # entries are closed after a knock-out draw
    r = client_in.post(
        url("organiser-entry-add", slug, event.pk), {"name": "Late Comer"}, follow=True
    )
    assert "Entries to Men&#x27;s Singles are closed" in r.text


def test_quick_entry_confirm_and_winner_advances(
    client_in, tournament, django_capture_on_commit_callbacks
):
    slug = tournament.slug
    event = make_event(tournament, 4, seeds=4)
    client_in.post(url("organiser-draw", slug, event.pk), {"rounds": "0"})
    semi = Match.objects.get(event=event, number=1)
    final = Match.objects.get(event=event, number=3)
    page = client_in.get(url("organiser-match", slug, semi.pk))
    assert page.status_code == 200 and "Record the board" in page.text
    for _ in range(3):  # 12 + 12 + 1 (capped 25): game won
        semi.refresh_from_db()
        r = client_in.post(
            url("organiser-match-quick", slug, semi.pk),
            {
                "client_id": str(uuid.uuid4()),
                "revision": semi.revision,
                "winner": "b",
                "carrommen": 9,
                "queen": "b",
                "toss_winner": "a",
                "toss_choice": "break",
            },
            headers={"HX-Request": "true"},
        )
        assert r.status_code == 200
        assert 'id="match-panel"' in r.text and "<html" not in r.text
    semi.refresh_from_db()
    assert semi.status == Match.Status.FINISHED and semi.winner_side == "b"
    assert "Confirm the result" in r.text
    with django_capture_on_commit_callbacks(execute=True):
        r = client_in.post(url("organiser-match-confirm", slug, semi.pk))
    assert r.status_code == 302
    semi.refresh_from_db()
    final.refresh_from_db()
    assert semi.status == Match.Status.CONFIRMED
    assert final.entry_a_id == semi.entry_b_id  # the winner moved on
    audit = AuditEntry.objects.get(match=semi, action="confirmed")
    assert audit.detail["method"] == "organiser"  # audited as the organiser's, not a tap
    page = client_in.get(url("organiser-match", slug, semi.pk))
    assert "The result is confirmed by the organiser." in page.text


def test_quick_entry_without_winner_is_422(client_in, tournament):
    event = make_event(tournament, 2)
    client_in.post(url("organiser-draw", tournament.slug, event.pk), {"rounds": "0"})
    match = Match.objects.get(event=event)
    r = client_in.post(
        url("organiser-match-quick", tournament.slug, match.pk),
        {"client_id": str(uuid.uuid4()), "revision": 0, "carrommen": 3},
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 422
    assert "Choose who won the board and the loser" in r.text


def test_quick_entry_needs_the_toss_and_the_carrommen(client_in, tournament):
    """No silent defaults: a forgotten toss or carrommen count is asked for, not assumed."""
    event = make_event(tournament, 2)
    client_in.post(url("organiser-draw", tournament.slug, event.pk), {"rounds": "0"})
    match = Match.objects.get(event=event)
    page = client_in.get(url("organiser-match", tournament.slug, match.pk)).text
    assert " checked" not in page.split('name="toss_winner"')[1].split(">")[0]
    assert " checked" not in page.split('name="carrommen"')[1].split(">")[0]
    post = {"client_id": str(uuid.uuid4()), "revision": 0, "winner": "a", "carrommen": 3}
    r = client_in.post(
        url("organiser-match-quick", tournament.slug, match.pk),
        post,
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 422 and "Record the toss first" in r.text
    match.refresh_from_db()
    assert not match.toss_winner and not match.games.exists()
    r = client_in.post(
        url("organiser-match-quick", tournament.slug, match.pk),
        {**post, "carrommen": ""},
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 422
    r = client_in.post(
        url("organiser-match-quick", tournament.slug, match.pk),
        {**post, "toss_winner": "b", "toss_choice": "side"},
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 200
    match.refresh_from_db()
    assert (match.toss_winner, match.toss_choice) == ("b", "side")


def test_two_sessions_posting_the_same_board_count_it_once(organiser, tournament):
    """Two organisers' pages at the same revision post the same board: 302 and 409."""
    from django.test import Client

    event = make_event(tournament, 2)
    first, second = Client(), Client()
    for c in (first, second):
        c.force_login(organiser)
    first.post(url("organiser-draw", tournament.slug, event.pk), {"rounds": "0"})
    match = Match.objects.get(event=event)
    first.post(
        url("organiser-match-toss", tournament.slug, match.pk),
        {"toss_winner": "a", "toss_choice": "break"},
    )
    match.refresh_from_db()
    board = {"revision": match.revision, "winner": "a", "carrommen": 3, "queen": ""}
    answers = [
        c.post(
            url("organiser-match-quick", tournament.slug, match.pk),
            {**board, "client_id": str(uuid.uuid4())},
        ).status_code
        for c in (first, second)
    ]
    assert answers == [302, 409]
    match.refresh_from_db()
    assert match.games.get().scores == {"a": 3, "b": 0}


def test_walkover_advances_the_present_side(
    client_in, tournament, django_capture_on_commit_callbacks
):
    event = make_event(tournament, 4, seeds=4)
    client_in.post(url("organiser-draw", tournament.slug, event.pk), {"rounds": "0"})
    semi = Match.objects.get(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        r = client_in.post(
            url("organiser-match-walkover", tournament.slug, semi.pk), {"absent": "a", "sure": "on"}
        )
    assert r.status_code == 302
    semi.refresh_from_db()
    assert semi.walkover and semi.winner_side == "b" and semi.status == "confirmed"
    final = Match.objects.get(event=event, number=3)
    assert final.entry_a_id == semi.entry_b_id
    page = client_in.get(url("organiser-event", tournament.slug, event.pk))
    assert "Walkover" in page.text


def test_swiss_next_round_button(client_in, tournament, django_capture_on_commit_callbacks):
    event = make_event(tournament, 6, fmt="swiss", settings={"rounds": 3})
    slug = tournament.slug
    client_in.post(url("organiser-draw", slug, event.pk), {"rounds": "0"})
    page = client_in.get(url("organiser-event", slug, event.pk))
    assert "Score group 0" in page.text  # why each pair was made
    assert "Draw round 2" not in page.text
    for match in Match.objects.filter(event=event):
        with django_capture_on_commit_callbacks(execute=True):
            play(match, "a")
            client_in.post(url("organiser-match-confirm", slug, match.pk))
    page = client_in.get(url("organiser-event", slug, event.pk))
    assert "Draw round 2" in page.text
    assert "Buchholz" in page.text
    r = client_in.post(url("organiser-next-round", slug, event.pk), {"rounds": "1"})
    assert r.status_code == 302
    assert event.rounds.count() == 2
    # the same (stale) button again: nothing drawn twice
    client_in.post(url("organiser-next-round", slug, event.pk), {"rounds": "1"})
    assert event.rounds.count() == 2
    # take the round back (asks first)
    page = client_in.get(url("organiser-delete-round", slug, event.pk))
    assert "Take back" in page.text
    client_in.post(url("organiser-delete-round", slug, event.pk), {"rounds": "2"})
    assert event.rounds.count() == 2  # not ticked
    client_in.post(url("organiser-delete-round", slug, event.pk), {"rounds": "2", "sure": "yes"})
    assert event.rounds.count() == 1


def test_round_match_length(client_in, tournament):
    event = make_event(tournament, 4, fmt="swiss", games_to_win=2)
    client_in.post(url("organiser-draw", tournament.slug, event.pk), {"rounds": "0"})
    rnd = Round.objects.get(event=event)
    client_in.post(url("organiser-round-games", tournament.slug, rnd.pk), {"games_to_win": 1})
    rnd.refresh_from_db()
    assert rnd.games_to_win == 1
    assert set(
        Match.objects.filter(round=rnd, bye=False).values_list("games_to_win", flat=True)
    ) == {1}


def test_every_page_renders(client_in, tournament):
    slug = tournament.slug
    ko = make_event(tournament, 5, name="KO")
    groups = make_event(tournament, 8, fmt="groups", name="Groups", settings={"groups": 2})
    de = make_event(tournament, 6, fmt="double_elimination", name="DE")
    swiss = make_event(tournament, 7, fmt="swiss", name="Swiss")
    doubles = make_event(tournament, 4, kind="doubles", name="Doubles")
    for event in (ko, groups, de, swiss, doubles):
        client_in.post(url("organiser-draw", slug, event.pk), {"rounds": "0"})
    pages = [
        url("organiser-index"),
        url("organiser-tournament-new"),
        url("organiser-home", slug),
        url("organiser-tournament-edit", slug),
        url("organiser-players", slug),
        url("organiser-import", slug),
        url("organiser-tables", slug),
        url("organiser-callup", slug),
        url("organiser-event-new", slug),
    ]
    for event in (ko, groups, de, swiss, doubles):
        pages += [
            url("organiser-event", slug, event.pk),
            url("organiser-event-edit", slug, event.pk),
            url("organiser-delete-round", slug, event.pk),
        ]
    pages += [
        url("organiser-match", slug, m.pk)
        for m in Match.objects.filter(
            event__tournament=tournament, entry_a__isnull=False, entry_b__isnull=False
        )[:5]
    ]
    for page in pages:
        response = client_in.get(page)
        assert response.status_code == 200, page
        assert "{%" not in response.text and "{{" not in response.text, page
    r = client_in.get(url("organiser-callup", slug), headers={"HX-Request": "true"})
    assert 'id="callup-board"' in r.text and "<html" not in r.text


def test_german_pages(client_in, tournament):
    event = make_event(tournament, 4, fmt="swiss")
    client_in.post(url("organiser-draw", tournament.slug, event.pk), {"rounds": "0"})
    client_in.cookies["django_language"] = "de"
    page = client_in.get(url("organiser-event", tournament.slug, event.pk))
    assert page.status_code == 200
    assert 'lang="de"' in page.text
    assert "Auslosung" in page.text
