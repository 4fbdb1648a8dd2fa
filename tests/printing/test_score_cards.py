"""A round as score cards, six to an A4 page: the print view beside the round PDF, its link on
the printing page, and ``print_round --cards``."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.pdf.helpers import all_text, pages_text, rasterise

from .conftest import NAME_B, UNICODE_A, World

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return " ".join(text.split())


def cards_url(world: World, number: int = 1) -> str:
    return reverse("scoring:print-round-cards", args=[world.event.pk, number])


def pdf_of(response) -> bytes:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]
    return b"".join(response.streaming_content)


def test_round_score_cards_on_one_page(client, world: World) -> None:
    client.force_login(world.organiser)
    response = client.get(cards_url(world) + "?lang=en")
    assert (
        'filename="score-cards-open-2026-mens-singles-round-1.pdf"'
        in (response["Content-Disposition"])
    )
    pdf = pdf_of(response)
    pages = pages_text(pdf)
    assert len(pages) == 1  # four matches, one page of cards
    text = flat(pages[0])
    for expected in (
        UNICODE_A,
        NAME_B,
        "Player 07",
        "Round of 32",
        "Match no. 1",
        "Match no. 4",
        "Table 4",
        "Signature A",
        "Page 1 of 1",
    ):
        assert expected in text, expected
    assert "Match result in games" in text  # the recorded match carries its result
    rasterise(pdf)


def test_blank_cards_in_german(client, world: World) -> None:
    client.force_login(world.organiser)
    response = client.get(cards_url(world) + "?blank=1&lang=de")
    assert "blank-score-cards" in response["Content-Disposition"]
    text = flat(all_text(pdf_of(response)))
    assert "Spielberichtskarten" in text and "Unterschrift A" in text
    assert "Matchergebnis" not in text and UNICODE_A in text


def test_cards_of_a_round_without_matches_or_a_wrong_bracket(client, world: World) -> None:
    client.force_login(world.organiser)
    assert client.get(cards_url(world, 7)).status_code == 404
    assert client.get(cards_url(world) + "?bracket=nonsense").status_code == 404
    assert client.post(cards_url(world)).status_code == 405


def test_only_the_tournaments_organisers_print_cards(client, world: World) -> None:
    response = client.get(cards_url(world))
    assert response.status_code == 302 and "login" in response["Location"]
    for user in (world.other_organiser, world.umpire, world.stranger):
        client.force_login(user)
        assert client.get(cards_url(world)).status_code == 403


def test_printing_page_links_the_cards_beside_the_round(client, world: World) -> None:
    client.force_login(world.organiser)
    html = client.get(reverse("scoring:print-index", args=["open-2026"])).content.decode()
    round_pdf = reverse("scoring:print-round", args=[world.event.pk, 1])
    assert round_pdf in html and cards_url(world) in html
    assert "Score cards of the round, six a page (PDF)" in html
    client.cookies["django_language"] = "de"
    html = client.get(reverse("scoring:print-index", args=["open-2026"])).content.decode()
    assert "Spielberichtskarten der Runde, sechs pro Seite (PDF)" in html


def test_print_round_cards_option(world: World, tmp_path) -> None:
    out = tmp_path / "cards.pdf"
    call_command("print_round", str(world.event.pk), "1", "--cards", "-o", str(out))
    pdf = out.read_bytes()
    assert len(pages_text(pdf)) == 1
    text = flat(all_text(pdf))
    assert UNICODE_A in text and "Player 07" in text and "Score cards" in text
    call_command("print_round", str(world.event.pk), "1", "-o", str(out))
    assert len(pages_text(out.read_bytes())) == 4  # without --cards: one sheet a match
