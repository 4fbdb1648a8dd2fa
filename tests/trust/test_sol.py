"""SoL import: players, tournaments, matches with board results, nothing imported twice."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import (
    AuditEntry,
    Board,
    Entry,
    Event,
    ExternalRecord,
    Match,
    Player,
    Tournament,
)
from scoring.services.backup import replay_problems
from scoring.services.matches import match_snapshot
from scoring.services.sol import SolError, import_sol, read_archive

from .conftest import user

FIXTURE = Path(__file__).parent / "data" / "nordstadt.sol"


@pytest.fixture
def report(db):
    return import_sol(FIXTURE.read_bytes(), user=user("olga"), file_name=FIXTURE.name)


def test_archive_is_read_as_yaml_plain_or_gzipped() -> None:
    plain = read_archive(FIXTURE.read_bytes())
    zipped = read_archive(gzip.compress(FIXTURE.read_bytes()))
    assert plain == zipped and len(plain) == 4
    assert plain[0]["players"][0]["firstname"] == "Asha"


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\x1f\x8b\x08broken", "gzip"),
        (b"\xff\xfe\x00", "UTF-8"),
        (b"players: [\n", "neither YAML nor JSON"),
        (b"- just\n- a list\n", "mappings"),
        (b"tourneys: []\n", "lists the players"),
    ],
)
def test_what_is_not_an_archive_is_refused_clearly(content, message) -> None:
    with pytest.raises(SolError, match=message):
        read_archive(content)


def test_players_tournaments_and_entries(report) -> None:
    assert [t.name for t in report.tournaments] == [
        "Nordstadt Open I",
        "Nordstadt Open II",
        "Nordstadt Doubles Night",
    ]
    assert report.players_created == 5 and report.players_reused == 6
    asha = Player.objects.get(name="Asha Rao")
    assert asha.club == "Carrom Club Nordstadt" and asha.nationality == "DEU"
    assert Player.objects.filter(name="Deniz Okur (Dee)", club="").exists()
    # nothing beyond name, club and nationality: the e-mail is not imported
    record = ExternalRecord.objects.get(kind="player", player=asha)
    assert "email" not in record.data and record.key == "5b0e3c4a1f2d4e6a8c9b000000000001"
    first = Tournament.objects.get(name="Nordstadt Open I")
    assert first.start_date.isoformat() == "2024-05-25" and first.venue.startswith("Nordstadt")
    assert first.organisers.filter(username="olga").exists()
    event = first.events.get()
    assert event.name == "Nordstadt Singles Cup 2024" and event.format == Event.Format.SWISS
    assert event.status == Event.Status.FINISHED
    assert Entry.objects.filter(event=event).count() == 5
    assert Entry.objects.get(event=event, player__name="Elin Moss").withdrawn
    doubles = Tournament.objects.get(name="Nordstadt Doubles Night").events.get()
    assert doubles.kind == Event.Kind.DOUBLES
    assert {e.name for e in doubles.entries.all()} == {
        "Cora Lind / Deniz Okur (Dee)",
        "Elin Moss / Asha Rao",
    }
    assert Tournament.objects.get(name="Nordstadt Open II").events.get().format == "knockout"


def _match(tournament: str, round_number: int, table: int) -> Match:
    return Match.objects.get(
        event__tournament__name=tournament, round__number=round_number, table__number=table
    )


def test_boards_become_summary_boards_and_the_engine_scores_them(report) -> None:
    match = _match("Nordstadt Open I", 1, 1)
    boards = list(Board.objects.filter(game__match=match).order_by("sequence"))
    assert [(b.kind, b.summary_winner, b.summary_carrommen, b.summary_queen) for b in boards] == [
        ("summary", "a", 8, "a"),
        ("summary", "a", 3, "a"),
        ("summary", "a", 7, "a"),
    ]
    snapshot = match_snapshot(match)
    assert snapshot.finished and snapshot.winner == "a" == match.winner_side
    assert snapshot.state.games[0].scores == {"a": 25, "b": 0}
    assert match.status == Match.Status.FINISHED and match.toss_winner == "a"
    assert AuditEntry.objects.filter(match=match, action="quick_board", via="import").count() == 3


def test_a_final_score_without_boards_becomes_award_boards(report) -> None:
    match = _match("Nordstadt Open I", 1, 2)
    boards = list(Board.objects.filter(game__match=match).order_by("sequence"))
    assert [(b.kind, b.summary_winner, b.award_points, b.award_law) for b in boards] == [
        ("award", "b", 9, "SoL result"),
        ("award", "a", 12, "SoL result"),
        ("award", "a", 12, "SoL result"),
        ("award", "a", 1, "SoL result"),
    ]
    assert match_snapshot(match).state.games[0].scores == {"a": 25, "b": 9}


def test_phantom_time_limit_and_differences_are_kept(report) -> None:
    bye = _match("Nordstadt Open I", 1, 3)
    assert bye.bye and bye.entry_b is None and bye.winner_side == "a"
    limited = _match("Nordstadt Open I", 2, 1)
    # stopped by the round's time limit: the leader wins (issue 18)
    assert limited.status == Match.Status.FINISHED and limited.winner_side == "a"
    assert limited.games.get().time_up and not limited.draw
    assert match_snapshot(limited).state.games[0].scores == {"a": 17, "b": 9}
    sol = AuditEntry.objects.get(match=limited, action="sol_result").detail
    assert sol["time_limited"] and (sol["score1"], sol["score2"]) == (17, 9)
    assert sol["breaker_known"] and limited.toss_winner == "b"
    # board rows that do not add up: SoL's score wins, the rows are kept as notes and the
    # match is flagged for the organiser
    differs = _match("Nordstadt Open I", 2, 2)
    detail = AuditEntry.objects.get(match=differs, action="sol_result").detail
    assert detail["derived"] == {"a": 8, "b": 25} and detail["from"] == "score"
    assert detail["sol_boards"] and "8–24" in differs.needs_review
    assert differs.winner_side == "b"
    assert any("SoL says 8–25, its board rows give 8–24" in w for w in report.flagged)
    assert replay_problems(limited.event.tournament) == []


def test_nothing_is_imported_twice(report) -> None:
    counts = (
        Tournament.objects.count(),
        Player.objects.count(),
        Match.objects.count(),
        Board.objects.count(),
    )
    again = import_sol(gzip.compress(FIXTURE.read_bytes()), file_name="nordstadt.sol.gz")
    assert again.tournaments == [] and len(again.skipped) == 3
    assert (
        Tournament.objects.count(),
        Player.objects.count(),
        Match.objects.count(),
        Board.objects.count(),
    ) == counts


def test_command_reads_sol_gz_and_reports(db, tmp_path, capsys) -> None:
    user("olga")
    path = tmp_path / "nordstadt.sol.gz"
    path.write_bytes(gzip.compress(FIXTURE.read_bytes()))
    call_command("import_sol", str(path), "--user", "olga")
    out = capsys.readouterr()
    assert "3 tournaments, 8 matches" in out.out and "players: 5 new" in out.out
    assert "SoL says 8–25" in out.err
    assert "flagged for the organiser: Nordstadt Open I, round 2, table 2: SoL says 8–25" in out.out
    assert "kept: Nordstadt Open I, round 2, table 1: stopped by time, 17–9" in out.out
    call_command("import_sol", str(path))
    assert "skipped (imported before): Nordstadt Open I (2024-05-25)" in capsys.readouterr().out
    assert Tournament.objects.count() == 3
    bad = tmp_path / "bad.sol"
    bad.write_bytes(b"nothing: here\n")
    with pytest.raises(CommandError, match="bad.sol: the first document"):
        call_command("import_sol", str(bad))


def test_commands_speak_the_language_asked_for(db, tmp_path, capsys, settings) -> None:
    # issue 31: import_sol and export_sol word their output in --language, else in
    # settings.LANGUAGE_CODE, as Django's commands run in the project's language
    path = tmp_path / "nordstadt.sol"
    path.write_bytes(FIXTURE.read_bytes())
    call_command("import_sol", str(path), "--language", "de")
    out = capsys.readouterr()
    assert "3 Turniere, 8 Matches" in out.out and "Spieler: 5 neu" in out.out
    assert "für die Turnierleitung markiert: Nordstadt Open I" in out.out
    assert "Warnung: " in out.err
    settings.LANGUAGE_CODE = "de"
    call_command("import_sol", str(path))
    assert "übersprungen (schon importiert): Nordstadt Open I" in capsys.readouterr().out
    with pytest.raises(CommandError, match="kein Turnier mit dem Slug oder der Nummer 'nope'"):
        call_command("export_sol", "nope")
    tournament = Tournament.objects.order_by("pk").first()
    assert tournament is not None
    target = tmp_path / "out.sol"
    call_command("export_sol", tournament.slug, "-o", str(target), "--language", "fr")
    assert f"{tournament.slug}\u202f: écrit dans {target}" in capsys.readouterr().err
    # the flag kept on the match is worded in the reader's language (issue 31)
    flagged = Match.objects.exclude(needs_review="").order_by("pk").first()
    assert flagged is not None
    from django.utils import translation

    with translation.override("en"):
        assert flagged.review_text.startswith("SoL says 8–25, its board rows give")
    with translation.override("de"):
        assert flagged.review_text.startswith("SoL sagt 8–25, seine Board-Zeilen ergeben")


def test_a_review_flag_is_kept_as_its_words_id_and_an_old_one_shows_as_written() -> None:
    from django.utils import translation

    from scoring.report_words import Line, stored_text

    with translation.override("de"):  # the importer's language does not stay in the row
        line = Line.gettext(
            "SoL says %(score)s, past the game's %(points)d", score="29–3", points=25
        )
        kept = stored_text(line, limit=200)
    assert "SoL sagt" not in kept and "29–3" in kept
    with translation.override("en"):
        assert Match(needs_review=kept).review_text == "SoL says 29–3, past the game's 25"
    with translation.override("de"):
        assert Match(needs_review=kept).review_text.startswith("SoL sagt 29–3")
        # a row written before (plain words) shows as it was written
        assert Match(needs_review="board rows differ").review_text == "board rows differ"
    # a line too long for the column keeps its words, cut to the column
    long = Line.gettext(
        "%(where)s, table %(table)s: %(review)s", where="x" * 300, table=1, review=""
    )
    assert stored_text(long, limit=200) == str(long)[:200]
