"""Issue 29: inputs that answered 500 now get a clear refusal — the tables page with an
out-of-range umpire id (OverflowError on SQLite) or a NUL byte in a label (DataError on
PostgreSQL), self check-in with Unicode digits (TypeError in the constant-time compare), and
the one free-text validator (NUL, control and text-direction characters)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.limits import ascii_digits, check_text, text_problem
from scoring.models import Entry, Table
from scoring.services import checkin
from scoring.services.matches import Actor
from tests.factories import make_event


@pytest.mark.parametrize(
    "text, problem",
    [
        ("Table 1", None),
        ("Tisch 3 – Süd", None),
        ("a\x00b", "nul"),
        ("a\x07", "control"),
        ("a\x85", "control"),
        ("a\u2028b", "control"),
        ("ICF \u202e91", "bidi"),
        ("x\u2066y\u2069", "bidi"),
        ("line\nbreak", "control"),
    ],
)
def test_the_one_text_check(text, problem):
    assert text_problem(text) == problem


def test_line_breaks_are_allowed_in_multi_line_text_only():
    assert text_problem("a\nb\tc", multiline=True) is None
    assert text_problem("a\x00\nb", multiline=True) == "nul"
    with pytest.raises(ValueError):
        check_text("\u202e", field="label")


def test_digits_typed_on_any_keyboard_become_ascii():
    assert ascii_digits("١٢٣٤٥٦") == "123456"
    assert ascii_digits("１２３４５６") == "123456"
    assert ascii_digits(" 12-34 ") == "1234"
    assert ascii_digits("x" * 10_000) == ""


@pytest.mark.parametrize("umpire", [str(2**63), str(2**70), "-1", "١٢", "abc"])
def test_an_out_of_range_umpire_id_is_refused_on_the_tables_page(
    client, tournament, organiser, umpire
):
    client.force_login(organiser)
    url = reverse("scoring:organiser-tables", kwargs={"slug": tournament.slug})
    answer = client.post(url, {"umpires": [umpire], "auto_callup": "on"})
    assert answer.status_code == 200  # the form again, with its error
    assert "is-invalid" in answer.content.decode() or "invalid" in answer.content.decode()
    assert not tournament.umpires.exists()


@pytest.mark.parametrize(
    "label, words",
    [
        ("Table\x00one", "Remove the NUL character."),
        ("Tisch \u202e1", "Remove the text-direction control characters."),
        ("Tisch\x1b[31m", "Remove the control characters."),
    ],
)
def test_a_table_label_with_nul_or_controls_is_refused(client, tournament, organiser, label, words):
    client.force_login(organiser)
    table = Table.objects.filter(tournament=tournament).order_by("number").first()
    url = reverse("scoring:organiser-tables", kwargs={"slug": tournament.slug})
    answer = client.post(
        url, {"save_tables": "1", f"label-{table.pk}": label, f"active-{table.pk}": "on"}
    )
    assert answer.status_code == 422
    assert words in answer.content.decode()
    table.refresh_from_db()
    assert table.label == ""


def test_a_clean_table_label_is_saved(client, tournament, organiser):
    client.force_login(organiser)
    table = Table.objects.filter(tournament=tournament).order_by("number").first()
    url = reverse("scoring:organiser-tables", kwargs={"slug": tournament.slug})
    answer = client.post(
        url, {"save_tables": "1", f"label-{table.pk}": "Bühne", f"active-{table.pk}": "on"}
    )
    assert answer.status_code == 302
    table.refresh_from_db()
    assert table.label == "Bühne"


@pytest.mark.parametrize("typed", ["١٢٣٤٥٦", "１２３４５６", "𝟏𝟐𝟑", "\x00", "9" * 5000])
def test_self_check_in_with_unicode_digits_is_a_wrong_code_not_a_500(
    client, tournament, actor, typed
):
    event = make_event(tournament, 4)
    checkin.open_roll_call(event=event, actor=actor, self_checkin=True)
    entry = Entry.objects.filter(event=event).first()
    answer = client.post(
        reverse("scoring:checkin-self", kwargs={"slug": tournament.slug, "event_id": event.pk}),
        {"entry": entry.pk, "code": typed},
    )
    assert answer.status_code in (422, 429)
    entry.refresh_from_db()
    assert entry.present_at is None


def test_the_right_code_in_arabic_indic_digits_checks_in(tournament, actor):
    event = make_event(tournament, 4)
    roll_call = checkin.open_roll_call(event=event, actor=actor, self_checkin=True)
    arabic = "".join(chr(0x0660 + int(d)) for d in roll_call.code)
    entry = Entry.objects.filter(event=event).first()
    checkin.self_check_in(entry=entry, code=arabic, actor=Actor(via="self"))
    entry.refresh_from_db()
    assert entry.present_at is not None


# --- the one validator in the services (issue 29: bidi in laws, reasons, labels) -----------------


def test_services_refuse_text_direction_controls_everywhere(tournament, actor):
    import uuid

    from scoring.models import Match
    from scoring.services import draws, tournaments
    from scoring.services.matches import MatchError, record_quick_board
    from scoring.services.players import PlayerBook
    from scoring.services.tournaments import TournamentError

    spoof = "ICF \u202e91"
    event = make_event(tournament, 4)
    entry = Entry.objects.filter(event=event).first()
    with pytest.raises(draws.DrawServiceError) as err:
        draws.withdraw_entry(entry=entry, actor=actor, reason=spoof)
    assert err.value.code == "text_bidi"
    with pytest.raises(TournamentError):
        tournaments.update_tournament(tournament=tournament, actor=actor, venue="Hall\x00")
    with pytest.raises(TournamentError):
        tournaments.create_event(tournament=tournament, name="Open\u2066", actor=actor)
    with pytest.raises(TournamentError):
        PlayerBook(tournament).resolve("Anna\u202eBerg")
    entries = list(Entry.objects.filter(event=event))
    match = Match.objects.create(
        event=event, entry_a=entries[0], entry_b=entries[1], status=Match.Status.READY
    )
    from scoring.services.matches import record_toss

    record_toss(match=match, winner="a", choice="break", actor=actor)
    with pytest.raises(MatchError) as err:
        record_quick_board(
            match=match, winner="a", points=3, law=spoof, client_id=uuid.uuid4(), actor=actor
        )
    assert err.value.code == "text_bidi"
    from scoring.services.matches import record_event

    with pytest.raises(MatchError) as err:
        record_event(
            match=match,
            client_id=uuid.uuid4(),
            actor=actor,
            payload={"type": "umpire_ruling", "winner": "white", "points": 3, "law": spoof},
        )
    assert err.value.code == "text_bidi"
    entry.refresh_from_db()
    assert not entry.withdrawn


@pytest.mark.parametrize(
    ("typed", "ok"),
    [
        ("12", True),
        (" 7 ", True),
        ("١٢", False),
        ("１２", False),
        (str(2**70), False),
        ("-1", True),
    ],
)
def test_numbers_are_typed_with_ascii_digits_and_fit_the_database(typed, ok):
    from scoring.forms.fields import NumberField

    field = NumberField(required=False)
    if ok:
        assert field.clean(typed) == int(typed)
    else:
        from django.core.exceptions import ValidationError

        with pytest.raises(ValidationError):
            field.clean(typed)


def test_a_rating_in_arabic_indic_digits_is_refused_with_a_message(client, tournament, organiser):
    event = make_event(tournament, 2)
    client.force_login(organiser)
    answer = client.post(
        reverse("scoring:organiser-entry-add", args=[tournament.slug, event.pk]),
        {"name": "Nadia Noor", "rating": "١٥٠٠"},
    )
    assert answer.status_code in (200, 422)
    assert "Type the number with the digits 0 to 9." in answer.content.decode()
    assert not Entry.objects.filter(player__name="Nadia Noor").exists()
