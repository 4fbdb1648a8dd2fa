"""A recorded 25–25 board (SoL's level score, board kind ``recorded``) row by row: the live
match page's board row says "draw" in its winner cell, and the printed scoresheet puts no
"Side change" remark on it (the record stands for the whole game: no board of it was played
here, so no side change is known, although its score passed 13 in the deciding game)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.models import Match
from tests.printing.test_point_sheet import body, pdftotext

from .test_sol_level import level  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def _board_row(html: str) -> list[str]:
    table = html[html.index('class="table table-sm boards-table') :]
    row = re.search(r"<tbody>\s*<tr[^>]*>(.*?)</tr>", table, re.S).group(1)
    return [
        " ".join(re.sub(r"<[^>]+>", " ", cell).split())
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    ]


@pytest.mark.parametrize(("language", "word"), [("en", "draw"), ("de", "Unentschieden")])
def test_the_live_pages_board_row_shows_the_draw(
    client,
    level: Match,  # noqa: F811
    language,
    word,
) -> None:
    url = reverse("scoring:live-match", args=[level.event.tournament.slug, level.pk])
    with translation.override(language):
        page = client.get(url, headers={"Accept-Language": language})
    cells = _board_row(page.content.decode())
    assert cells[0] == "1" and cells[2] == word, cells  # board 1; the winner cell
    assert cells[5] == "SoL result" and cells[6] == "25–25", cells


def test_the_scoresheet_prints_no_side_change_on_the_recorded_row(
    admin_client,
    level: Match,  # noqa: F811
) -> None:
    url = reverse("scoring:print-scoresheet", args=[level.pk])
    for language, words in (("en", "Side change"), ("de", "Seitenwechsel")):
        flat = " ".join(pdftotext(body(admin_client.get(f"{url}?lang={language}"))).split())
        assert "25 ● 1 25 SoL result" in flat
        # the legend's "Side change at 13 points (ICF 60…)" is the sheet's own; no row says ⇄
        assert "⇄" not in flat and f"SoL result ⇄ {words}" not in flat, flat
