"""CSV import edge cases (issues 15 and 16): numbers out of range are line errors, never a
500; semicolons and short rows (spreadsheets drop trailing empty cells) are read; a wrong
separator gets a message that says so; text-direction controls in names are refused."""

from __future__ import annotations

import pytest

from scoring.models import Entry, Player
from scoring.services import tournaments as svc
from scoring.services.matches import Actor
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(db):
    return make_tournament("csv-open")


@pytest.fixture
def actor():
    return Actor(via="organiser", device="tests")


def _import(tournament, actor, text):
    event = make_event(tournament, 0, name="Singles")
    return event, svc.import_csv(tournament=tournament, actor=actor, default_event=event, data=text)


@pytest.mark.parametrize(
    "value", ["inf", "-inf", "nan", "1e400", "1e30", "-1", "99999999999999999999", "10000"]
)
def test_rating_out_of_range_is_a_line_error(tournament, actor, value):
    _event, result = _import(tournament, actor, f"name,rating\nAsha Rao,{value}\n")
    assert not result.ok
    assert [(e.line, e.code) for e in result.errors] == [(2, "bad_rating")]
    assert not Player.objects.exists()


@pytest.mark.parametrize("value", ["1e30", "99999999999999999999", "0", "10000", "1.5"])
def test_seed_out_of_range_is_a_line_error(tournament, actor, value):
    _event, result = _import(tournament, actor, f"name,seed\nAsha Rao,{value}\n")
    assert [(e.line, e.code) for e in result.errors] == [(2, "bad_seed_value")]


def test_ratings_with_decimals_are_read(tournament, actor):
    _event, result = _import(tournament, actor, "name;rating\nAsha Rao;1500,0\nBen Kirk;1499.7\n")
    assert result.ok, result.errors
    assert sorted(Player.objects.values_list("rating", flat=True)) == [1499, 1500]


def test_semicolons_and_short_rows(tournament, actor):
    text = (
        "Name;Verein;Nationalität;Wertung;Setzplatz\n"
        "Asha Rao;CC Köln;DE;1800;1\n"
        "Ben Kirk;CC Köln\n"
        "Chen Li\n"
        "Dora Vik;;FR;;\n"
    )
    event, result = _import(tournament, actor, text)
    assert result.ok, result.errors
    rows = {
        e.player.name: (e.player.club, e.player.nationality, e.player.rating, e.seed)
        for e in Entry.objects.filter(event=event).select_related("player")
    }
    assert rows == {
        "Asha Rao": ("CC Köln", "DE", 1800, 1),
        "Ben Kirk": ("CC Köln", "", None, None),
        "Chen Li": ("", "", None, None),
        "Dora Vik": ("", "FR", None, None),
    }


def test_tabs_pasted_from_a_spreadsheet(tournament, actor):
    event, result = _import(tournament, actor, "name\tclub\nAsha Rao\tCC, Köln\nBen Kirk\n")
    assert result.ok, result.errors
    assert Player.objects.get(name="Asha Rao").club == "CC, Köln"


def test_a_wrong_separator_is_named(tournament, actor):
    _event, result = _import(tournament, actor, "name|club|rating\nAsha Rao|CC|1800\n")
    assert [e.code for e in result.errors] == ["csv_wrong_delimiter"]
    from scoring.views.organiser import error_text

    assert "semicolon" in error_text(result.errors[0].code, result.errors[0].params)


def test_bidi_controls_in_names_are_refused(tournament, actor):
    _event, result = _import(tournament, actor, "name,club\nAlice \u202eBob,CC\n")
    assert [e.code for e in result.errors] == ["name_bidi"]
    assert not Player.objects.exists()


def test_bidi_controls_are_refused_in_the_organiser_forms():
    from scoring.forms.organiser import EntryForm, TournamentForm

    form = EntryForm({"name": "Alice \u202eBob"})
    assert not form.is_valid() and "name" in form.errors
    form = TournamentForm(
        {"name": "Open \u2067x", "start_date": "2026-01-01", "end_date": "2026-01-02"}
    )
    assert not form.is_valid() and "name" in form.errors


def test_bidi_controls_are_refused_for_new_match_players_and_people(tournament):
    """Every name typed by a person is refused with text-direction controls: the players of
    "New match" and the name an umpire or co-organiser is printed by."""
    from scoring.forms.people import PersonForm
    from scoring.forms.umpire import NewMatchForm

    form = NewMatchForm(
        {
            "kind": "singles",
            "rules": "icf",
            "stage": "early",
            "games_to_win": "2",
            "a1_name": "Alice \u202eBob",
            "b1_name": "Cleo",
        },
        tournament=tournament,
    )
    assert not form.is_valid() and "a1_name" in form.errors
    form = PersonForm({"role": "umpire", "name": "Anna \u2066Berg", "username": "anna"})
    assert not form.is_valid() and "name" in form.errors


def test_sol_names_lose_their_bidi_controls():
    from scoring.services.sol.reading import text_of

    assert text_of(" Alice \u202eBob\u202c ") == "Alice Bob"
