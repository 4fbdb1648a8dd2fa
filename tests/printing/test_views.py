"""The PDF views: content read back with pypdf, valid files (pdftoppm), languages, and who may
print what."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import Match
from tests.pdf.helpers import (
    all_text,
    dark_fraction,
    decode_qr_codes,
    page_sizes,
    pages_text,
    rasterise,
)

from .conftest import NAME_B, UNICODE_A, World

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return " ".join(text.split())


def pdf_of(response) -> bytes:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]
    body = b"".join(response.streaming_content)
    assert body.startswith(b"%PDF-")
    return body


def sheet_url(match: Match, **query: str) -> str:
    url = reverse("scoring:print-scoresheet", args=[match.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


# --------------------------------------------------------------------------- content


def test_filled_scoresheet_pdf(client, world: World) -> None:
    client.force_login(world.organiser)
    response = client.get(sheet_url(world.played, lang="en"))
    assert (
        'filename="scoresheet-open-2026-mens-singles-match-1.pdf"'
        in (response["Content-Disposition"])
    )
    pdf = pdf_of(response)
    text = flat(all_text(pdf))
    for expected in (
        UNICODE_A,
        NAME_B,
        "Carrom Open Rhein-Main 2026",
        "Men's Singles",
        "Round of 32",
        "Ingrid Schäfer",
        "ICF 107",
        "ICF 91",
        "Void, replayed",
        "Extra board",
        "Side change",
        "Page 1 of 1",
        "Scoresheet",
    ):
        assert expected in text, expected
    assert f"won by {UNICODE_A}" in text and f"won by {NAME_B}" in text
    # totals of game 1 end on 25 : 4, game 3 on 7 : 4 after the extra board
    assert "25" in text and "23" in text
    width, height, raster = rasterise(pdf, page=1)  # pdftoppm accepts the file
    assert width > 0 and height > width and 0.01 < dark_fraction(raster) < 0.5


def test_filled_sheet_totals_row_by_row(client, world: World) -> None:
    """Every board's running totals appear on the page, in board order (pdftotext words)."""
    from tests.pdf.helpers import positioned

    client.force_login(world.organiser)
    pdf = pdf_of(client.get(sheet_url(world.played)))
    words = positioned(pdf)
    numbers = [w.text for w in words]
    for expected in ("12", "15", "8", "4", "25", "7"):
        assert expected in numbers, expected


def test_qr_code_opens_the_public_match_page(client, world: World) -> None:
    """A sheet lies open at the table: its QR code is never the umpire's write link."""
    client.force_login(world.organiser)
    pdf = pdf_of(client.get(sheet_url(world.played)))
    codes = decode_qr_codes(pdf)
    slug = world.played.event.tournament.slug
    assert codes == [f"http://testserver/t/{slug}/match/{world.played.pk}/"]
    assert world.played.umpire_token not in pdf.decode("latin-1")


def test_site_url_setting_wins_over_the_request_host(client, world: World, settings) -> None:
    settings.SITE_URL = "https://carrom.example.org/"
    client.force_login(world.organiser)
    pdf = pdf_of(client.get(sheet_url(world.played, blank="1")))
    slug = world.played.event.tournament.slug
    assert decode_qr_codes(pdf) == [f"https://carrom.example.org/t/{slug}/match/{world.played.pk}/"]


def test_blank_scoresheet_pdf(client, world: World) -> None:
    client.force_login(world.organiser)
    response = client.get(sheet_url(world.played, blank="1"))
    assert "blank-scoresheet" in response["Content-Disposition"]
    text = flat(all_text(pdf_of(response)))
    assert UNICODE_A in text and NAME_B in text and "for scoring on paper" in text
    assert "ICF 107" not in text and f"won by {UNICODE_A}" not in text


def test_german_sheet(client, world: World) -> None:
    client.force_login(world.organiser)
    text = flat(all_text(pdf_of(client.get(sheet_url(world.played, lang="de")))))
    assert "Spielbericht" in text or "Seite 1 von 1" in text
    assert "Seite 1 von 1" in text and "ICF 107" in text


def test_language_defaults_to_the_organisers_choice(client, world: World) -> None:
    client.force_login(world.organiser)
    client.cookies["django_language"] = "de"
    text = flat(all_text(pdf_of(client.get(sheet_url(world.played)))))
    assert "Seite 1 von 1" in text
    text = flat(all_text(pdf_of(client.get(sheet_url(world.played, lang="en")))))
    assert "Page 1 of 1" in text


def test_round_pdf_has_one_page_per_match(client, world: World) -> None:
    client.force_login(world.organiser)
    url = reverse("scoring:print-round", args=[world.event.pk, 1])
    pdf = pdf_of(client.get(url))
    pages = pages_text(pdf)
    assert len(pages) == 4 and len(page_sizes(pdf)) == 4
    assert UNICODE_A in pages[0] and "Player 03" in flat(pages[1])
    assert "Page 4 of 4" in flat(pages[3])
    rasterise(pdf, page=1)
    blank = pdf_of(client.get(url + "?blank=1&lang=de"))
    assert len(pages_text(blank)) == 4 and "ICF 107" not in all_text(blank)
    assert client.get(reverse("scoring:print-round", args=[world.event.pk, 7])).status_code == 404


def test_table_labels_pdf(client, world: World) -> None:
    client.force_login(world.organiser)
    pdf = pdf_of(client.get(reverse("scoring:print-table-labels", args=["open-2026"])))
    text = flat(all_text(pdf))
    assert "Carrom Open Rhein-Main 2026" in text
    assert len(pages_text(pdf)) == 2  # four tables, two labels a page
    codes = decode_qr_codes(pdf)
    assert codes == sorted(f"http://testserver/t/open-2026/table/{n}/" for n in (1, 2))


def test_index_page_lists_the_sheets(client, world: World) -> None:
    client.force_login(world.organiser)
    response = client.get(reverse("scoring:print-index", args=["open-2026"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("scoring:print-round", args=[world.event.pk, 1]) in html
    assert reverse("scoring:print-scoresheet", args=[world.played.pk]) in html
    assert reverse("scoring:print-table-labels", args=["open-2026"]) in html
    assert reverse("scoring:print-bracket", args=[world.event.pk]) in html
    assert "style=" not in html and "<script>" not in html
    client.force_login(world.other_organiser)
    assert client.get(reverse("scoring:print-index", args=["open-2026"])).status_code == 403


# --------------------------------------------------------------------------- permissions


def test_anonymous_visitors_are_sent_to_log_in(client, world: World) -> None:
    for url in (
        sheet_url(world.played),
        reverse("scoring:print-round", args=[world.event.pk, 1]),
        reverse("scoring:print-bracket", args=[world.event.pk]),
        reverse("scoring:print-standings", args=[world.event.pk]),
        reverse("scoring:print-table-labels", args=["open-2026"]),
        reverse("scoring:print-index", args=["open-2026"]),
    ):
        response = client.get(url)
        assert response.status_code == 302 and "login" in response["Location"], url


def test_organiser_of_another_tournament_is_refused(client, world: World) -> None:
    client.force_login(world.other_organiser)
    for url in (
        sheet_url(world.played),
        reverse("scoring:print-round", args=[world.event.pk, 1]),
        reverse("scoring:print-bracket", args=[world.event.pk]),
        reverse("scoring:print-standings", args=[world.event.pk]),
        reverse("scoring:print-table-labels", args=["open-2026"]),
    ):
        assert client.get(url).status_code == 403, url


def test_assigned_umpire_prints_his_match_only(client, world: World) -> None:
    client.force_login(world.umpire)
    assert client.get(sheet_url(world.played)).status_code == 200
    assert client.get(sheet_url(world.matches[1])).status_code == 403
    assert client.get(reverse("scoring:print-round", args=[world.event.pk, 1])).status_code == 403
    client.force_login(world.stranger)
    assert client.get(sheet_url(world.played)).status_code == 403


def test_umpire_link_prints_its_own_match(client, world: World) -> None:
    match = world.matches[1]
    url = reverse("scoring:print-umpire-scoresheet", args=[match.umpire_token])
    assert url == f"/u/{match.umpire_token}/scoresheet.pdf"
    text = flat(all_text(pdf_of(client.get(url))))  # anonymous: the link is the key
    assert "Player 03" in text and UNICODE_A not in text
    text = flat(all_text(pdf_of(client.get(url + "?blank=1&lang=de"))))
    assert "Player 03" in text and "Seite 1 von 1" in text
    assert client.get("/u/not-a-token/scoresheet.pdf").status_code == 404


def test_revoked_or_expired_umpire_link_is_refused(client, world: World) -> None:
    match = world.matches[1]
    url = reverse("scoring:print-umpire-scoresheet", args=[match.umpire_token])
    Match.objects.filter(pk=match.pk).update(umpire_token_revoked_at=timezone.now())
    assert client.get(url).status_code == 403
    Match.objects.filter(pk=match.pk).update(umpire_token_revoked_at=None)
    past = timezone.localdate() - datetime.timedelta(days=10)
    type(world.tournament).objects.filter(pk=world.tournament.pk).update(
        start_date=past, end_date=past
    )
    assert client.get(url).status_code == 403


def test_point_carrom_scoresheet_is_served(client, world: World) -> None:
    from scoring.models import Entry, Event, Player
    from tests.factories import make_match

    event = Event.objects.create(
        tournament=world.tournament, name="Points", kind="points", rules="point-carrom"
    )
    entries = [
        Entry.objects.create(event=event, player=Player.objects.create(name=n))
        for n in ("X", "Y", "Z")
    ]
    match = make_match(event, entries[0], entries[1], entry_c=entries[2])
    client.force_login(world.organiser)
    text = flat(all_text(pdf_of(client.get(sheet_url(match, lang="en")))))
    assert "point carrom (three players)" in text and "Signature Z" in text


def test_umpire_pages_link_to_the_scoresheet(client, world: World) -> None:
    client.force_login(world.umpire)
    html = client.get(reverse("scoring:umpire-home")).content.decode()
    assert sheet_url(world.played) in html
    assert f"{sheet_url(world.played)}?blank=1" in html
    client.force_login(world.organiser)
    html = client.get(reverse("scoring:umpire-link-admin", args=[world.played.pk])).content.decode()
    assert f"{sheet_url(world.played)}?blank=1" in html
