"""One person, one player (issue 31): the name's key, every import and the entry form."""

from __future__ import annotations

import datetime
import unicodedata

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from scoring.identity import name_key
from scoring.models import Entry, Event, Player
from scoring.services import tournaments as svc
from scoring.services.players import PlayerBook, find_player
from scoring.services.tournaments import PlayerData, PossibleDuplicate
from tests.factories import make_tournament

#: every accented letter of Latin-1 (so each can be written in all four encodings), capital
#: and small, as the first letter of a name and inside it
LETTERS = [chr(c) for c in range(0xC0, 0x100) if chr(c) not in "×÷"]


def _capital(c: str) -> str:
    """The letter's capital where Latin-1 has one ("ß" and "ÿ" stay as they are)."""
    up = c.upper()
    return up if len(up) == 1 and ord(up) < 0x100 else c


NAMES = sorted(
    {f"{_capital(c)}nne Sch{c.lower()}fer" for c in LETTERS}
    | {"Søren Ødegård", "Sven Öhlund", "Jürgen Müller", "François Lefèvre", "Élodie Ångström"}
)
ENCODINGS = ("utf-8", "utf-8-sig", "cp1252", "latin-1")


def test_name_key_folds_case_unicode_form_and_spaces() -> None:
    assert name_key("Änne  Schäfer") == name_key("ÄNNE SCHÄFER") == "änne schäfer"
    assert name_key(unicodedata.normalize("NFD", "Änne Schäfer")) == "änne schäfer"
    assert name_key("Søren Ødegård") == name_key("SØREN ØDEGÅRD")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Ａｓｈａ") == name_key("asha")  # full-width letters
    assert name_key(" Asha\tRao ") == "asha rao"
    assert name_key("") == name_key(None) == ""


@given(st.text(max_size=60))
def test_name_key_is_stable(text: str) -> None:
    key = name_key(text)
    assert name_key(key) == key
    assert name_key(text.upper()) == name_key(text.upper().lower()) or True  # never raises
    assert name_key(unicodedata.normalize("NFD", text)) == key


def _variant(name: str, n: int, encoding: str) -> str:
    """The name in another case each time (only where the encoding can write it)."""
    spelled = [name, name.upper(), name.lower(), name.title()][n % 4]
    try:
        spelled.encode(encoding)
    except UnicodeEncodeError:
        return name
    return spelled


def test_csv_imports_in_four_encodings_give_one_player_each(db, organiser, actor) -> None:
    n = 0
    for encoding in ENCODINGS:
        for delimiter in (",", ";"):
            tournament = make_tournament(f"open-{n}", organiser=organiser)
            event = Event.objects.create(tournament=tournament, name="Singles")
            lines = [f"name{delimiter}club"] + [
                f"{_variant(name, n + i, encoding)}{delimiter}"
                f"{'RIVERSIDE CC' if (n + i) % 2 else 'Riverside CC'}"
                for i, name in enumerate(NAMES)
            ]
            data = "\r\n".join(lines).encode(encoding)
            result = svc.import_csv(
                tournament=tournament, data=data, actor=actor, default_event=event, duplicates="ask"
            )
            assert result.ok, (encoding, delimiter, result.errors, result.duplicates)
            assert Entry.objects.filter(event=event).count() == len(NAMES)
            n += 1
    assert Player.objects.count() == len(NAMES)
    assert sorted(Player.objects.values_list("name_key", flat=True)) == sorted(
        name_key(name) for name in NAMES
    )


def test_decomposed_and_upper_case_names_find_the_player(tournament, actor) -> None:
    known = Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    event = Event.objects.create(tournament=tournament, name="Singles")
    data = f"name,club\n{unicodedata.normalize('NFD', 'ÄNNE SCHÄFER')},riverside cc\n"
    assert svc.import_csv(tournament=tournament, data=data, actor=actor, default_event=event).ok
    assert Entry.objects.get(event=event).player == known


def test_csv_asks_about_a_name_known_under_another_club(tournament, actor) -> None:
    known = Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    event = Event.objects.create(tournament=tournament, name="Singles")
    data = "name;club\nÄNNE SCHÄFER;Hill CC\n"
    asked = svc.import_csv(
        tournament=tournament, data=data, actor=actor, default_event=event, duplicates="ask"
    )
    assert not asked.ok and not Entry.objects.exists()
    assert [(d.line, d.code) for d in asked.duplicates] == [(2, "possible_duplicate")]
    assert "Riverside CC" in asked.duplicates[0].params["known"]
    assert "ÄNNE SCHÄFER;Hill CC" in asked.text
    same = svc.import_csv(
        tournament=tournament, data=data, actor=actor, default_event=event, duplicates="same"
    )
    assert same.ok and Entry.objects.get(event=event).player == known
    other = Event.objects.create(tournament=tournament, name="Open")
    new = svc.import_csv(
        tournament=tournament, data=data, actor=actor, default_event=other, duplicates="new"
    )
    assert new.ok and Entry.objects.get(event=other).player != known
    assert Player.objects.count() == 2


def test_licence_joins_and_date_of_birth_tells_people_apart(tournament, actor) -> None:
    known = Player.objects.create(
        name="Asha Rao", club="CC", licence="DE-1", born=datetime.date(1990, 1, 2)
    )
    event = Event.objects.create(tournament=tournament, name="Singles")
    # the same licence (spelt otherwise) under another club: the same person, no question
    data = "name,club,licence,born\nASHA RAO,Elsewhere,de 1,02.01.1990\n"
    result = svc.import_csv(
        tournament=tournament, data=data, actor=actor, default_event=event, duplicates="ask"
    )
    assert result.ok and Entry.objects.get(event=event).player == known
    # another date of birth: another person, even of the same name and club
    other = Event.objects.create(tournament=tournament, name="Open")
    result = svc.import_csv(
        tournament=tournament,
        data="name,club,born\nasha rao,CC,1991-05-05\n",
        actor=actor,
        default_event=other,
        duplicates="ask",
    )
    assert result.ok and Entry.objects.get(event=other).player != known
    assert Player.objects.filter(name_key="asha rao").count() == 2
    bad = svc.import_csv(
        tournament=tournament, data="name,born\nBen,31.02.1990\n", actor=actor, default_event=other
    )
    assert [e.code for e in bad.errors] == ["bad_born"]


def test_add_entry_asks_before_a_new_player(tournament, actor) -> None:
    known = Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    event = Event.objects.create(tournament=tournament, name="Singles")
    with pytest.raises(PossibleDuplicate) as asked:
        svc.add_entry(
            event=event, player=PlayerData("änne schäfer", "Hill CC"), actor=actor, ask=True
        )
    assert asked.value.known == {"player": [known]}
    entry = svc.add_entry(
        event=event,
        player=PlayerData("änne schäfer", "Hill CC"),
        actor=actor,
        ask=True,
        same_as={"player": known},
    )
    assert entry.player == known
    # the same name and club (any case): no question, the known player
    other = Event.objects.create(tournament=tournament, name="Open")
    assert (
        svc.add_entry(
            event=other, player=PlayerData("ÄNNE SCHÄFER", "riverside cc"), actor=actor, ask=True
        ).player
        == known
    )
    third = Event.objects.create(tournament=tournament, name="Mixed")
    new = svc.add_entry(
        event=third,
        player=PlayerData("Änne Schäfer", "Hill CC"),
        actor=actor,
        ask=True,
        same_as={"player": None},
    )
    assert new.player != known and new.player.name_key == known.name_key


def test_entry_form_shows_the_possible_duplicate(client, tournament, organiser) -> None:
    known = Player.objects.create(name="Änne Schäfer", club="Riverside CC", nationality="DE")
    event = Event.objects.create(tournament=tournament, name="Singles")
    client.force_login(organiser)
    url = reverse("scoring:organiser-entry-add", args=[tournament.slug, event.pk])
    answer = client.post(url, {"name": "ANNE SCHÄFER".replace("A", "Ä", 1), "club": ""})
    page = answer.content.decode()
    assert "Änne Schäfer, Riverside CC already exists: same person?" in page
    assert not Entry.objects.exists()
    client.post(url, {"name": "Änne Schäfer", "club": "", "same_player": str(known.pk)})
    assert Entry.objects.get(event=event).player == known
    # an id of someone of another name is not taken as the answer
    stranger = Player.objects.create(name="Ben Kirk")
    other = Event.objects.create(tournament=tournament, name="Open")
    url = reverse("scoring:organiser-entry-add", args=[tournament.slug, other.pk])
    page = client.post(
        url, {"name": "Änne Schäfer", "club": "Hill", "same_player": str(stranger.pk)}
    ).content.decode()
    assert "already exists: same person?" in page
    client.post(url, {"name": "Änne Schäfer", "club": "Hill", "same_player": "new"})
    assert Entry.objects.get(event=other).player.club == "Hill"


def test_entry_form_in_german(client, tournament, organiser) -> None:
    Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    event = Event.objects.create(tournament=tournament, name="Einzel")
    client.force_login(organiser)
    url = reverse("scoring:organiser-entry-add", args=[tournament.slug, event.pk])
    page = client.post(url, {"name": "Änne Schäfer"}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Änne Schäfer, Riverside CC gibt es schon: dieselbe Person?" in page


def test_stand_alone_and_book_find_the_key(tournament) -> None:
    known = Player.objects.create(name="Søren Ødegård", club="")
    assert find_player("SØREN ØDEGÅRD") == known
    book = PlayerBook(tournament)
    assert book.resolve("søren ødegård") == known
    assert book.similar("Søren Ødegård", "Other CC") == [known]


def test_migration_fills_the_key(db) -> None:
    import importlib

    from django.apps import apps

    migration = importlib.import_module("scoring.migrations.0014_player_name_key")
    Player.objects.bulk_create([Player(name="ÖZLEM YILDIZ"), Player(name="Sven Öhlund")])
    assert set(Player.objects.values_list("name_key", flat=True)) == {""}
    migration.fill_name_keys(apps, None)
    assert set(Player.objects.values_list("name_key", flat=True)) == {"özlem yildiz", "sven öhlund"}


def test_import_page_asks_and_keeps_the_lines(client, tournament, organiser) -> None:
    known = Player.objects.create(name="Søren Ødegård", club="Riverside CC")
    event = Event.objects.create(tournament=tournament, name="Singles")
    client.force_login(organiser)
    url = reverse("scoring:organiser-import", args=[tournament.slug])
    data = "name;club\nSØREN ØDEGÅRD;Hill CC\n".encode("cp1252")
    from django.core.files.uploadedfile import SimpleUploadedFile

    page = client.post(
        url, {"file": SimpleUploadedFile("p.csv", data), "event": event.pk, "duplicates": "ask"}
    ).content.decode()
    assert "SØREN ØDEGÅRD, Hill CC — Søren Ødegård, Riverside CC already exists" in page
    assert "SØREN ØDEGÅRD;Hill CC" in page  # the lines wait in the text box
    assert not Entry.objects.exists()
    client.post(
        url, {"text": "name;club\nSØREN ØDEGÅRD;Hill CC\n", "event": event.pk, "duplicates": "same"}
    )
    assert Entry.objects.get(event=event).player == known
