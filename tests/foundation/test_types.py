"""All of ``scoring/`` is held to ``mypy --strict`` (issue 36): the configuration leaves nothing
out but the migrations, and an ignore always names its error code; the helpers made to type
the tablet's forms and the call-up's settings behave as the untyped code did."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from scoring.forms.organiser import CallupSettingsForm
from scoring.forms.umpire import SeatingForm, StrokeForm
from tests.factories import make_match, make_tournament

ROOT = Path(__file__).resolve().parents[2]


def _mypy() -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    mypy = config["tool"]["mypy"]
    assert isinstance(mypy, dict)
    return mypy


def test_mypy_checks_all_of_scoring_but_the_migrations():
    mypy = _mypy()
    assert mypy["strict"] is True
    assert mypy["files"] == ["scoring"]
    assert mypy["exclude"] == ["scoring/migrations/"]
    ignored = set()
    for override in mypy.get("overrides", []):
        if override.get("ignore_errors"):
            ignored.update(override["module"])
    assert ignored == set()


def test_every_type_ignore_names_its_error_code():
    found = []
    for path in sorted((ROOT / "scoring").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if re.search(r"#\s*type:\s*ignore(?!\[[a-z-]+(, ?[a-z-]+)*\])", line):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == []


@pytest.mark.parametrize("value", ["", None])
def test_an_empty_count_on_the_pad_counts_none(value):
    data = {"client_id": "6f1c1a1e-0000-4000-8000-000000000001", "revision": "0", "by": "white"}
    if value is not None:
        data["white"] = value
    form = StrokeForm(data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["white"] == 0
    assert form.cleaned_data["off_black"] == 0


def test_a_count_on_the_pad_is_a_number():
    data = {"client_id": "6f1c1a1e-0000-4000-8000-000000000001", "revision": "3"}
    form = StrokeForm(data | {"white": "2", "off_black": "1"})
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["white"], form.cleaned_data["off_black"]) == (2, 1)
    assert not StrokeForm(data | {"white": "10"}).is_valid()


@pytest.mark.django_db
def test_the_players_of_a_side_not_known_yet_are_none():
    match = make_match(kind="doubles")
    assert [p.pk for p in match.players_of("a")] == [p.pk for p in match.entry_a.players]
    assert len(match.players_of("b")) == 2
    match.entry_b = None
    assert match.players_of("b") == []
    first = match.entry_a.player_id
    data = {"client_id": "6f1c1a1e-0000-4000-8000-000000000001", "revision": "0"}
    form = SeatingForm(data | {"first": first, "right": first}, match=match, breaker="a")
    assert not form.is_valid()  # nobody to choose on the unknown side: a message, no error page
    assert form.errors["right"] == ["Choose a player of the other side."]
    assert "first" not in form.errors


@pytest.mark.django_db
def test_the_call_up_settings_name_umpires_as_the_sheets_print_them():
    tournament = make_tournament()
    named = get_user_model().objects.create_user("umpire-one", first_name="Umpire", last_name="One")
    login_only = get_user_model().objects.create_user("umpire-two")
    tournament.umpires.add(named, login_only)
    form = CallupSettingsForm(tournament=tournament)
    labels = {label for _value, label in form.fields["umpires"].choices}
    assert labels == {"Umpire One", "umpire-two"}
