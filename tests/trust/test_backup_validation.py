"""The backup import trusts nothing in its file (issue 16, findings 5 and 6): every value is
checked against the models' types, choices and ranges and every reference resolved; a bad
file gets one clear message and writes nothing. Compressed SoL archives unpack in pieces up to
a cap; YAML documents and aliases are capped."""

from __future__ import annotations

import copy
import gzip

import pytest

from scoring.models import Match, Player, Tournament
from scoring.services import backup
from scoring.services.backup import BackupError, export_tournament, import_tournament
from scoring.services.sol import SolError, read_archive


def _first(document, kind):
    return document[kind][0]


def _set(path, value):
    def change(document):
        target = document
        *head, last = path
        for key in head:
            target = target[key]
        target[last] = value

    return change


def _match(key, value):
    def change(document):
        _first(document, "matches")[key] = value

    return change


BAD = {
    "rules bogus": _match("rules", "bogus"),
    "games_won x": _match("games_won", "x"),
    "games_won side": _match("games_won", {"z": 1}),
    "chosen token": _match("umpire_token", "aaaa"),
    "raw seating ids": _match("seating", [1, 2]),
    "negative revision": _match("revision", -1),
    "huge revision": _match("revision", 2**70),
    "status bogus": _match("status", "bogus"),
    "number a string": _match("number", "x"),
    "bad timestamp": _match("finished_at", "yesterday"),
    "long name": lambda d: _first(d, "players").__setitem__("name", "N" * 10_000),
    "bidi name": lambda d: _first(d, "players").__setitem__("name", "Alice \u202eBob"),
    "rating a string": lambda d: _first(d, "players").__setitem__("rating", "x"),
    "event rules": lambda d: _first(d, "events").__setitem__("rules", "bogus"),
    "event format": lambda d: _first(d, "events").__setitem__("format", "lottery"),
    "event settings": lambda d: _first(d, "events").__setitem__("settings", {"rounds": "x"}),
    "end before start": _set(("tournament", "end_date"), "2000-01-01"),
    "bad date": _set(("tournament", "start_date"), "2026-13-45"),
    "tables count": _set(("tournament", "table_count"), "many"),
    "unknown entry": _match("entry_a", "nobody"),
    "game scores": lambda d: next(m for m in d["matches"] if m.get("games"))["games"][
        0
    ].__setitem__("scores", {"a": "lots"}),
}


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_value_is_one_clear_message_and_nothing_is_written(name) -> None:
    from tests.trust.conftest import build_tournament

    document = export_tournament(build_tournament())
    bad = copy.deepcopy(document)
    BAD[name](bad)
    tournaments, players, matches = (
        Tournament.objects.count(),
        Player.objects.count(),
        Match.objects.count(),
    )
    with pytest.raises(BackupError) as err:
        import_tournament(bad, slug="copy")
    assert err.value.message and "Traceback" not in err.value.message
    assert "\n" not in err.value.message
    assert (Tournament.objects.count(), Player.objects.count(), Match.objects.count()) == (
        tournaments,
        players,
        matches,
    )


@pytest.mark.django_db
def test_a_good_copy_still_imports() -> None:
    from tests.trust.conftest import build_tournament

    document = export_tournament(build_tournament())
    for match in document["matches"]:
        match.pop("umpire_token", None)  # the copy gets links of its own
    assert import_tournament(document, slug="copy").tournament.slug == "copy"


def test_a_gzip_bomb_is_refused_without_unpacking_it(monkeypatch) -> None:
    monkeypatch.setattr(backup.archive, "MAX_UNPACKED_BYTES", 4 * 2**20)
    bomb = gzip.compress(b"players: []\n" + b" " * (64 * 2**20))  # 64 MiB in ~64 kB
    assert len(bomb) < 200_000
    import tracemalloc

    tracemalloc.start()
    with pytest.raises(SolError, match="unpacks to more than"):
        read_archive(bomb)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 * 2**20  # never the whole 64 MiB


def test_a_zip_bomb_member_is_refused_without_unpacking_it(monkeypatch) -> None:
    """A .zip backup is read member by member, each under the same unpacking cap."""
    import io
    import tracemalloc
    import zipfile

    from scoring.services.sol import read_members

    monkeypatch.setattr(backup.archive, "MAX_UNPACKED_BYTES", 4 * 2**20)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("everything.sol", b"players: []\n" + b" " * (64 * 2**20))
    assert len(buffer.getvalue()) < 200_000
    tracemalloc.start()
    with pytest.raises(SolError, match="unpacks to more than"):
        read_members(buffer.getvalue())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 * 2**20


def test_gzip_below_the_cap_and_two_members_unpack() -> None:
    data = gzip.compress(b"players: []\n") + gzip.compress(b"---\nname: x\n")
    assert backup.gunzip_capped(data) == b"players: []\n---\nname: x\n"
    with pytest.raises(EOFError):
        backup.gunzip_capped(gzip.compress(b"x" * 1000)[:-12])


def test_yaml_documents_and_aliases_are_capped(monkeypatch) -> None:
    monkeypatch.setattr(backup.archive, "MAX_YAML_DOCUMENTS", 10)
    with pytest.raises(SolError, match="YAML documents"):
        read_archive(("players: []\n" + "---\n{}\n" * 20).encode())
    monkeypatch.setattr(backup.archive, "MAX_YAML_ALIASES", 50)
    with pytest.raises(SolError, match="aliases"):
        read_archive(("players: []\nx: &x 1\ny: [" + ", ".join(["*x"] * 60) + "]\n").encode())
