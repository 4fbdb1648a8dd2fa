"""Backup and restore: a round trip gives the same tournament, every board still replays."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import (
    AuditEntry,
    Board,
    BoardEvent,
    Entry,
    Match,
    Player,
    RollCall,
    Tournament,
)
from scoring.services.backup import (
    FORMAT,
    BackupError,
    comparable,
    export_tournament,
    import_tournament,
    replay_problems,
)
from scoring.services.matches import match_snapshot


def wipe(tournament: Tournament) -> None:
    """Delete a tournament with everything in it (boards and log rows are PROTECTed)."""
    BoardEvent.objects.filter(board__game__match__event__tournament=tournament).update(
        retracts=None
    )
    BoardEvent.objects.filter(board__game__match__event__tournament=tournament).delete()
    Board.objects.filter(game__match__event__tournament=tournament).delete()
    Match.objects.filter(event__tournament=tournament).update(
        entry_a=None, entry_b=None, entry_c=None
    )
    tournament.delete()
    Player.objects.all().delete()


def test_export_has_every_log_row_and_no_database_ids(tournament: Tournament) -> None:
    document = export_tournament(tournament)
    assert document["format"] == FORMAT
    rows = BoardEvent.objects.filter(board__game__match__event__tournament=tournament)
    exported = [
        e
        for m in document["matches"]
        for g in m["games"]
        for b in g["boards"]
        for e in b.get("events", [])
    ]
    assert len(exported) == rows.count() > 20
    assert sum(e["type"] == "undo" for e in exported) == 2
    undo = next(e for e in exported if e["type"] == "undo")
    assert undo["retracts"] == undo["seq"] - 1 and undo["recorded_by"] == "ulf"
    assert undo["via"] == "account" and undo["device"] == "Tablet 7"
    final, m1, m2 = document["matches"][:3]  # in the order they were created
    assert m1["winner_to"] == final["ref"] and m2["winner_to_side"] == "b"
    assert final["round"] == "r2" and m1["umpire"] == "ulf" and m1["table"] == "t1"
    assert m1["status"] == "confirmed"
    assert [c["side"] for c in m1["confirmations"]] == ["a", "b"]
    assert m1["seating"] == ["p1", "p4"]  # players by reference, not by id
    assert m2["umpire_token_revoked_at"].startswith("2026-12-05T15:00")
    kinds = [b["kind"] for b in m2["games"][0]["boards"]]
    assert kinds == ["summary", "award", "log"]
    # the stroke log is interchange format v1 with the game scores before the board
    board3 = m2["games"][0]["boards"][2]
    assert board3["log"]["format"] == "carrom-board/1"
    assert board3["log"]["scores"] == {"white": 3, "black": 8}  # b breaks board 3
    assert len(board3["log"]["events"]) == 2 and len(board3["events"]) == 4
    audit_boards = [a["detail"]["board"] for a in document["audit"] if a["action"] == "event"]
    assert all(isinstance(b, str) and b.startswith("m") for b in audit_boards)
    seating = next(a for a in document["audit"] if a["action"] == "seating")
    assert seating["detail"]["after"] == ["p1", "p4"]
    assert document["paper_scoresheets"][0]["entered_by"] == "olga"
    assert document["tournament"]["organisers"] == ["olga"]
    json.dumps(document)  # JSON-ready


def test_round_trip_into_an_empty_database_gives_the_same_document(tournament) -> None:
    first = export_tournament(tournament)
    wipe(tournament)
    assert not Tournament.objects.exists() and not BoardEvent.objects.exists()
    report = import_tournament(json.loads(json.dumps(first)), grant_existing_roles=True)
    second = export_tournament(report.tournament)
    assert comparable(second) == comparable(first)
    assert report.warnings == [] and report.created_users == []
    restore = AuditEntry.objects.get(action="restore")
    assert restore.tournament == report.tournament and len(restore.detail["sha256"]) == 64
    # every board replays to the cached result, and the derived state is the same
    assert replay_problems(report.tournament) == []
    m1 = Match.objects.get(event__tournament=report.tournament, number=1, round__number=1)
    snapshot = match_snapshot(m1)
    assert snapshot.finished and snapshot.winner == "b" == m1.winner_side
    assert m1.is_locked


def test_round_trip_under_a_new_slug_beside_the_original(tournament) -> None:
    first = export_tournament(tournament)
    report = import_tournament(first, slug="trust-open-copy", grant_existing_roles=True)
    second = export_tournament(report.tournament)
    expected = comparable(first, ignore_tokens=True)
    expected["tournament"]["slug"] = "trust-open-copy"
    assert comparable(second, ignore_tokens=True) == expected
    # players are shared: the identical rows are reused, not duplicated
    assert Player.objects.count() == 4
    assert len(report.warnings) == 4  # each match got a fresh umpire link
    assert replay_problems(report.tournament) == []


def test_importing_the_same_file_twice_is_refused(tournament, tmp_path) -> None:
    document = export_tournament(tournament)
    with pytest.raises(BackupError) as err:
        import_tournament(document)
    assert err.value.code == "exists"
    path = tmp_path / "backup.json"
    call_command("export_tournament", "trust-open", "-o", str(path))
    count = (Match.objects.count(), BoardEvent.objects.count(), AuditEntry.objects.count())
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_tournament", str(path))
    assert (Match.objects.count(), BoardEvent.objects.count(), AuditEntry.objects.count()) == count


def test_commands_round_trip(tournament, tmp_path) -> None:
    path = tmp_path / "backup.json"
    call_command("export_tournament", str(tournament.pk), "-o", str(path))
    wipe(tournament)
    call_command("import_tournament", str(path), "--user", "olga", "--grant-existing-roles")
    again = tmp_path / "again.json"
    call_command("export_tournament", "trust-open", "-o", str(again))
    first, second = (json.loads(p.read_text()) for p in (path, again))
    assert comparable(first) == comparable(second)
    assert AuditEntry.objects.get(action="restore").actor.username == "olga"


def test_a_tampered_log_is_refused_and_nothing_is_written(tournament) -> None:
    document = json.loads(json.dumps(export_tournament(tournament)))
    board = document["matches"][1]["games"][0]["boards"][1]
    board["result"]["points"] = 7  # the cache says 7, the log replays to 12
    with pytest.raises(BackupError) as err:
        import_tournament(document, slug="tampered")
    assert err.value.code == "replay_mismatch"
    assert "points 7 cached, 12 replayed" in str(err.value)
    assert not Tournament.objects.filter(slug="tampered").exists()
    board["result"]["points"] = 12
    board["events"][0]["payload"]["pocketed"]["white"] = 3  # the log no longer matches
    with pytest.raises(BackupError) as err:
        import_tournament(document, slug="tampered")
    assert err.value.code == "log_mismatch"


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda d: d.update(format="something/1"), "bad_format"),
        (lambda d: d["matches"][0].update(event="e99"), "bad_reference"),
        (lambda d: d["tournament"].update(start_date="5.12.2026"), "bad_date"),
        (lambda d: d["audit"][0].update(created_at="yesterday"), "bad_timestamp"),
    ],
)
def test_malformed_documents_are_refused_with_a_clear_error(tournament, change, code) -> None:
    document = export_tournament(tournament)
    change(document)
    with pytest.raises(BackupError) as err:
        import_tournament(document, slug="broken")
    assert err.value.code == code
    assert not Tournament.objects.filter(slug="broken").exists()


def test_missing_users_are_created_inactive(tournament) -> None:
    document = export_tournament(tournament)
    wipe(tournament)
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username="ulf").delete()
    report = import_tournament(document)
    assert report.created_users == ["ulf"]
    ulf = get_user_model().objects.get(username="ulf")
    assert not ulf.is_active and not ulf.has_usable_password()
    assert BoardEvent.objects.filter(recorded_by=ulf).exists()


def test_every_model_field_is_in_the_export(tournament) -> None:
    """A new field on a model must be added to the backup (or listed in NOT_EXPORTED)."""
    from scoring.models import (
        Entry,
        Event,
        ExternalRecord,
        Game,
        MatchConfirmation,
        PaperScoresheet,
        Round,
        Table,
    )
    from scoring.services.backup import EXPORT_NAMES, NOT_EXPORTED

    document = export_tournament(tournament)
    match = document["matches"][1]
    game = match["games"][0]
    board = game["boards"][1]
    samples = {
        Tournament: document["tournament"],
        Player: document["players"][0],
        Table: document["tables"][0],
        Event: document["events"][0],
        Entry: document["entries"][0],
        Round: document["rounds"][0],
        Match: match,
        Game: game,
        Board: board,
        BoardEvent: board["events"][0],
        MatchConfirmation: match["confirmations"][0],
        PaperScoresheet: document["paper_scoresheets"][0],
        AuditEntry: document["audit"][0],
        RollCall: {
            "open": 1,
            "self_checkin": 1,
            "code": 1,
            "absent": 1,
            "opened_at": 1,
            "applied_at": 1,
        },
        ExternalRecord: {
            "source": 1,
            "kind": 1,
            "key": 1,
            "player": 1,
            "tournament": 1,
            "data": 1,
            "created_at": 1,
        },
    }
    for model, sample in samples.items():
        names = EXPORT_NAMES.get(model, {})
        fields = [
            f
            for f in model._meta.get_fields()
            if (f.concrete or f.many_to_many) and not f.auto_created
        ]
        missing = [
            f.name
            for f in fields
            if f.name not in NOT_EXPORTED[model] and names.get(f.name, f.name) not in sample
        ]
        assert missing == [], f"{model.__name__}: {missing} not in the backup"


def test_a_sol_prize_travels_exactly_and_a_bad_one_is_refused(tournament) -> None:
    """``Entry.prize`` (SoL's prize-giving, issue 31) goes out as exact decimal text and comes
    back the same; a prize that is no number is refused and nothing is written."""
    entry = Entry.objects.filter(event__tournament=tournament).order_by("pk").first()
    Entry.objects.filter(pk=entry.pk).update(prize="12.50")
    document = export_tournament(tournament)
    assert "12.50" in [n["prize"] for n in document["entries"]]
    report = import_tournament(document, slug="prize-copy", grant_existing_roles=True)
    prizes = {
        str(p)
        for p in Entry.objects.filter(event__tournament=report.tournament).values_list(
            "prize", flat=True
        )
    }
    assert "12.50" in prizes

    document["entries"][0]["prize"] = "a lot"
    with pytest.raises(BackupError) as err:
        import_tournament(document, slug="prize-broken")
    assert err.value.code == "bad_value"
    assert not Tournament.objects.filter(slug="prize-broken").exists()
