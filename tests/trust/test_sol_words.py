"""The SoL upload's preview and import report in the reader's language (issue 31: "all of the
above in English and German"): the lines are stored as message ids with their parameters and
worded when the page is read, so one stored report reads in German for a German organiser and
in English for an English one; a report stored before as plain text still shows."""

from __future__ import annotations

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from scoring.models import SolImport
from scoring.report_words import Line, spoken, stored
from scoring.services.sol.upload import run_import
from tests.e2e.test_languages import CHOOSER, english_left, english_messages
from tests.foundation.test_every_page_speaks import page_words

from .conftest import PASSWORD, user
from .test_sol_generated import archive, m


def _archive() -> bytes:
    # an unknown system, a score past the game's 25 (flagged), score-only results, and a
    # second turn with a match still 0–0 while one of its results is in (the unranked line)
    return archive(
        system="mystery",
        players=5,
        matches=[
            m(1, 2, 29, 3),
            m(3, 4, 10, 12, table=2),
            m(5, None, 1, 0, table=3),
            m(1, 4, 0, 0, turn=2),
            m(5, 3, 0, 0, turn=2, table=2),
            m(2, None, 1, 0, turn=2, table=3),
        ],
        phantom=1,
    )


def _page(client, name: str, pk: int) -> str:
    return client.get(reverse(name, args=[pk])).content.decode()


#: the names of the data on the pages (the archive's tourney and players, the file)
NAMES = {"Generated mystery", "Generated Cup", "words.sol", "mystery", *CHOOSER} | {
    f"Gen{n} Player" for n in range(1, 6)
}


def _english(html: str) -> list[str]:
    return english_left(page_words(html), english_messages("de"), NAMES)


def test_the_preview_and_the_report_speak_the_readers_language(client, db) -> None:
    staff = user("solw", is_staff=True)
    client.login(username="solw", password=PASSWORD)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    client.post(
        reverse("scoring:organiser-sol-upload"),
        {"file": SimpleUploadedFile("words.sol", _archive()), "key": ""},
    )
    upload = SolImport.objects.get(created_by=staff)
    preview = _page(client, "scoring:organiser-sol-import", upload.pk)
    assert "Generated mystery (2025-03-01): das System „mystery“ von SoL wird als Schweizer" in (
        preview
    )
    assert "4 Matches haben nur ihren Spielstand (keine Board-Zeilen)" in preview
    assert "imported as Swiss" not in preview and "only their score" not in preview
    assert _english(preview) == []

    client.post(reverse("scoring:organiser-sol-import-start", args=[upload.pk]))
    report = _page(client, "scoring:organiser-sol-import-progress", upload.pk)
    assert (
        "Zur Prüfung markiert: Generated mystery, Runde 1, Tisch 1: SoL sagt 29–3, über die "
        in (report)
    )
    assert "without a result" not in report and "SoL says" not in report
    assert _english(report) == []

    # the same stored report read by an English organiser (a superuser sees every upload)
    admin = user("sole", is_staff=True, is_superuser=True)
    client.force_login(admin)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = _page(client, "scoring:organiser-sol-import-progress", upload.pk)
    assert "Flagged for you: Generated mystery, round 1, table 1: SoL says 29–3, past the game" in (
        english
    )
    assert "Runde" not in english


def test_a_report_stored_as_plain_text_still_shows(client, db) -> None:
    staff = user("solw", is_staff=True)
    client.login(username="solw", password=PASSWORD)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    upload = SolImport.objects.create(
        created_by=staff,
        file_name="old.sol",
        status=SolImport.Status.DONE,
        result={"created": 0, "warnings": ["an older line"], "flagged": ["an older flag"]},
    )
    report = _page(client, "scoring:organiser-sol-import-progress", upload.pk)
    assert "an older line" in report and "Zur Prüfung markiert: an older flag" in report


def test_a_line_keeps_its_words_and_reads_again_in_any_language() -> None:
    with translation.override("de"):
        inner = Line.gettext("%(tourney)s, round %(round)s", tourney="Cup", round=2)
        line = Line.ngettext(
            "%(n)d match has only its score (no board rows): its score is kept as SoL recorded it",
            "%(n)d matches have only their score (no board rows): their score is kept "
            "as SoL recorded it",
            n=1,
        )
        assert inner == "Cup, Runde 2" and line.startswith("1 Match hat nur seinen Spielstand")
        row = stored(
            Line.gettext("%(where)s: a rubber without its number is left out", where=inner)
        )
    assert row["params"]["where"] == {
        "msgid": "%(tourney)s, round %(round)s",
        "params": {"tourney": "Cup", "round": 2},
    }
    for language, words in (
        ("en", "Cup, round 2: a rubber without its number"),
        ("fr", "Cup, tour 2\u202f: un match sans numéro"),
        ("it", "Cup, turno 2: un match senza numero"),
    ):
        with translation.override(language):
            assert spoken(row).startswith(words)
    assert spoken("a plain older line") == "a plain older line"
    damaged = {"msgid": "%(where)s: a rubber without its number is left out", "params": {}}
    assert spoken(damaged) == damaged["msgid"]


def test_a_refused_file_and_a_failed_import_say_why_in_the_readers_language(client, db) -> None:
    staff = user("solw", is_staff=True)
    client.login(username="solw", password=PASSWORD)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    refused = client.post(
        reverse("scoring:organiser-sol-upload"),
        {"file": SimpleUploadedFile("bad.sol", b"- [unclosed"), "key": ""},
    )
    assert refused.status_code == 422
    assert "die Datei ist weder YAML noch JSON" in refused.content.decode()
    # the import reads the archive again and stops on a player it does not list
    broken = (
        _archive() + b"---\ndescription: Late\ndate: 2024-09-01\ncompetitors:\n- players: [99]\n"
    )
    upload = SolImport.objects.create(
        created_by=staff, file_name="b.sol", content=broken, status=SolImport.Status.QUEUED
    )
    run_import(upload.pk)
    page = _page(client, "scoring:organiser-sol-import-progress", upload.pk)
    assert "Spieler 99 gibt es im Archiv nicht" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = _page(client, "scoring:organiser-sol-import-progress", upload.pk)
    assert "player 99 does not exist in the archive" in page
