"""Backups checked like the log (issue 29): a paper board beyond its preset and a match result
its games contradict are refused with one clear message and nothing written; a file never gives
a role to a login that existed before it (only to the accounts the import itself creates)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import AuditEntry, Board, Match, Player, Tournament
from scoring.services.backup import BackupError, export_tournament, import_tournament

Document = dict[str, Any]


def _m1(document: Document) -> Document:
    """Match 1 of round 1: a whole match by strokes, won by b (conftest)."""
    return next(m for m in document["matches"] if m["number"] == 1 and m["round"] == "r1")


def _paper(document: Document, kind: str) -> Document:
    m2 = next(m for m in document["matches"] if m["number"] == 2)
    return next(b for b in m2["games"][0]["boards"] if b["kind"] == kind)


def _set(pick: Callable[[Document], Document], **values: Any) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        pick(document).update(values)

    return change


def _flip_game(document: Document) -> None:
    game = _m1(document)["games"][0]
    game["winner_side"] = "a" if game["winner_side"] == "b" else "b"


def _counts() -> tuple[int, int, int, int]:
    return (
        Tournament.objects.count(),
        Player.objects.count(),
        Match.objects.count(),
        Board.objects.count(),
    )


PAPER = {
    "99 carrommen left": (
        _set(lambda d: _paper(d, "summary"), summary_carrommen=99),
        "0 to 9 carrommen",
    ),
    "negative carrommen": (
        _set(lambda d: _paper(d, "summary"), summary_carrommen=-1),
        "summary_carrommen",
    ),
    "queen by nobody known": (_set(lambda d: _paper(d, "summary"), summary_queen="z"), "queen"),
    "winner c on a paper board": (
        _set(lambda d: _paper(d, "summary"), summary_winner="c"),
        "winner must be a or b",
    ),
    "an award of 99 points": (
        _set(lambda d: _paper(d, "award"), award_points=99),
        "1 to 12 points",
    ),
    "an award of no points": (_set(lambda d: _paper(d, "award"), award_points=0), "1 to 12 points"),
}


@pytest.mark.parametrize("name", list(PAPER))
def test_a_paper_board_beyond_its_preset_is_refused(tournament, name) -> None:
    change, message = PAPER[name]
    document = copy.deepcopy(export_tournament(tournament))
    change(document)
    before = _counts()
    with pytest.raises(BackupError) as err:
        import_tournament(document, slug="copy")
    assert err.value.code == "bad_value" and message in err.value.message
    assert "\n" not in err.value.message
    assert _counts() == before


RESULTS = {
    "the loser as winner": (_set(_m1, winner_side="a"), "winner 'a' stored, 'b' by its games"),
    "a winner of a match not played out": (
        _set(lambda d: next(m for m in d["matches"] if m["number"] == 2), winner_side="a"),
        "winner 'a' stored, 'none' by its games",
    ),
    "games won": (_set(_m1, games_won={"a": 2, "b": 0}), "games won"),
    "a game's winner": (_flip_game, "game 1"),
}


@pytest.mark.parametrize("name", list(RESULTS))
def test_a_result_its_games_contradict_is_refused(tournament, name) -> None:
    change, message = RESULTS[name]
    document = copy.deepcopy(export_tournament(tournament))
    change(document)
    before = _counts()
    with pytest.raises(BackupError) as err:
        import_tournament(document, slug="copy")
    assert err.value.code == "result_mismatch" and message in err.value.message
    assert err.value.message.startswith("matches whose stored result contradicts their games")
    assert _counts() == before


def test_a_contradiction_can_be_imported_on_purpose_and_is_listed(tournament) -> None:
    document = copy.deepcopy(export_tournament(tournament))
    _m1(document)["winner_side"] = "a"
    report = import_tournament(document, slug="copy", allow_replay_differences=True)
    assert any("winner 'a' stored" in w for w in report.warnings)
    restore = AuditEntry.objects.get(action="restore", tournament=report.tournament)
    assert any("winner 'a' stored" in w for w in restore.detail["warnings"])


def test_a_good_copy_has_no_contradiction(tournament) -> None:
    report = import_tournament(export_tournament(tournament), slug="copy")
    assert not any("by its games" in w for w in report.warnings)


def test_existing_logins_get_no_role_from_a_file(tournament) -> None:
    """The attack: a file naming existing logins as organisers and umpires (here olga, the
    organiser, and ulf, the umpire of match 1) must not make them anything in the copy."""
    User = get_user_model()
    mallory = User.objects.create_user("mallory", password="x-not-used")
    document = copy.deepcopy(export_tournament(tournament))
    document["tournament"]["umpires"] = ["olga", "newcomer"]
    report = import_tournament(document, slug="copy", user=mallory)
    copy_ = report.tournament
    assert list(copy_.organisers.values_list("username", flat=True)) == ["mallory"]
    assert list(copy_.umpires.values_list("username", flat=True)) == ["newcomer"]
    assert not Match.objects.filter(event__tournament=copy_, umpire__isnull=False).exists()
    assert report.roles_not_granted == [
        "olga (organiser)",
        "olga (umpire)",
        "ulf (umpire of a match)",
    ]
    assert report.created_users == ["newcomer"]
    newcomer = User.objects.get(username="newcomer")
    assert not newcomer.is_active and not newcomer.has_usable_password()
    assert any(
        w.startswith("olga (organiser): a login that existed before") for w in report.warnings
    )
    restore = AuditEntry.objects.get(action="restore", tournament=copy_)
    assert restore.detail["roles_not_granted"] == report.roles_not_granted
    # the originals keep theirs
    assert list(tournament.organisers.values_list("username", flat=True)) == ["olga"]


def test_the_administrator_may_grant_the_roles_of_a_restore(tournament) -> None:
    report = import_tournament(
        export_tournament(tournament), slug="copy", grant_existing_roles=True
    )
    assert list(report.tournament.organisers.values_list("username", flat=True)) == ["olga"]
    assert report.roles_not_granted == []


def test_the_command_says_which_roles_were_not_given(tournament, tmp_path, capsys) -> None:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(export_tournament(tournament)))
    call_command("import_tournament", str(path), "--slug", "copy")
    out = capsys.readouterr().out
    assert "not granted (the login existed before): olga (organiser)" in out
    bad = json.loads(path.read_text())
    _m1(bad)["winner_side"] = "a"
    path.write_text(json.dumps(bad))
    with pytest.raises(CommandError, match="contradicts their games"):
        call_command("import_tournament", str(path), "--slug", "copy2")
    assert not Tournament.objects.filter(slug="copy2").exists()
