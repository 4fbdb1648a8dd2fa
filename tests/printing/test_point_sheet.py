"""The point-carrom scoresheet (three players): filled, blank and in the round's PDF, read back
with pdftotext."""

from __future__ import annotations

import re
import subprocess

import pytest
from django.urls import reverse

from scoring.models import Match, Round
from tests.factories import make_match
from tests.live.point_flow import BOARD_ONE, BOARD_TWO, play, toss
from tests.pdf.helpers import positioned, require_tool

pytestmark = pytest.mark.django_db


def pdftotext(pdf: bytes) -> str:
    exe = require_tool("pdftotext")
    out = subprocess.run(
        [exe, "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return out


def body(response) -> bytes:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


@pytest.fixture
def played(admin_client) -> Match:
    match = toss(make_match(rules="point-carrom", games_to_win=1))
    return play(play(match, BOARD_ONE), BOARD_TWO)


def _rows(pdf: bytes) -> dict[str, list[str]]:
    """Words of each grid row keyed by its first word (the board number), left to right."""
    rows: dict[float, list] = {}
    for item in positioned(pdf):
        rows.setdefault(round(item.y), []).append(item)
    out = {}
    for _y, items in sorted(rows.items(), reverse=True):
        words = [i.text for i in sorted(items, key=lambda i: i.x)]
        if words and words[0].isdigit() and len(words) > 5:
            out.setdefault(words[0], words)
    return out


def test_filled_point_sheet(admin_client, played: Match) -> None:
    url = reverse("scoring:print-scoresheet", args=[played.pk])
    pdf = body(admin_client.get(url + "?lang=en"))
    text = pdftotext(pdf)
    assert "Scoresheet – point carrom (three players)" in text
    for name in ("Asha Rao", "Ben Kirk", "Chen Li"):
        assert text.count(name) >= 3  # players box, grid band, signature line
        assert f"Signature {name}" in text
    rows = _rows(pdf)
    # board 1: breaker B; A 5 W 7 B 17/17; B 1 W 1 B queen 8/8; C 3 W 1 B 7/7
    assert rows["1"][:15] == [
        "1",
        "B",
        "5",
        "7",
        "17",
        "17",
        "1",
        "1",
        "✓",
        "8",
        "8",
        "3",
        "1",
        "7",
        "7",
    ]
    assert rows["2"][:14] == ["2", "C", "4", "0", "8", "25", "0", "0", "0", "8", "0", "0", "0", "7"]
    flat = " ".join(text.split())
    assert "all carrommen pocketed" in flat and "Asha Rao reached 25" in flat
    assert "Game ended at 25 points in board 2" in flat
    assert "Winner Asha Rao" in flat
    assert "Final score Asha Rao 25 · Ben Kirk 8 · Chen Li 7" in flat
    assert re.search(r"\[?.?\]? ?breaks board 1 \(drawn by lot\)", flat)


def test_blank_point_sheet_in_german(admin_client, played: Match) -> None:
    url = reverse("scoring:print-scoresheet", args=[played.pk])
    text = pdftotext(body(admin_client.get(url + "?blank=1&lang=de")))
    flat = " ".join(text.split())
    assert "Spielbericht – Punkte-Carrom (drei Spieler)" in flat
    assert "zum Werten auf Papier" in flat
    assert "Unterschrift Asha Rao" in flat and "Unterschrift Schiedsrichter" in flat
    assert "Endstand" in flat and "Asha Rao 25" not in flat  # nothing filled in
    assert "alle Steine versenkt" not in flat


def test_round_pdf_holds_the_point_sheets(admin_client, played: Match) -> None:
    rnd = Round.objects.create(event=played.event, number=1)
    played.round = rnd
    played.save(update_fields=["round"])
    url = reverse("scoring:print-round", args=[played.event.pk, 1])
    text = pdftotext(body(admin_client.get(url + "?lang=en")))
    assert "point carrom (three players)" in text and "Asha Rao 25" in " ".join(text.split())
    text = pdftotext(body(admin_client.get(url + "?blank=1&lang=en")))
    assert "for scoring on paper" in text


def test_point_sheet_qr_is_the_public_match_page(admin_client, played: Match) -> None:
    """The sheet lies at the table: its QR code opens the public match page, never the
    umpire's write link."""
    from tests.pdf.helpers import decode_qr_codes

    url = reverse("scoring:print-scoresheet", args=[played.pk])
    pdf = body(admin_client.get(url + "?lang=en"))
    slug = played.event.tournament.slug
    assert decode_qr_codes(pdf) == [f"http://testserver/t/{slug}/match/{played.pk}/"]
    assert played.umpire_token not in pdf.decode("latin-1")
    assert "Scan to follow this match live" in pdftotext(pdf)
    assert "umpire tablet" not in pdftotext(pdf)
