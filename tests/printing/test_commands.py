"""``manage.py print_scoresheet`` and ``print_round``: valid PDFs, options, clear errors."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.pdf.helpers import all_text, pages_text, rasterise

from .conftest import UNICODE_A, World

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return " ".join(text.split())


def test_print_scoresheet_writes_a_filled_pdf(world: World, tmp_path) -> None:
    out = tmp_path / "sheet.pdf"
    call_command("print_scoresheet", str(world.played.pk), "-o", str(out))
    pdf = out.read_bytes()
    text = flat(all_text(pdf))
    assert UNICODE_A in text and "ICF 107" in text and "Page 1 of 1" in text
    rasterise(pdf)


def test_print_scoresheet_blank_in_german(world: World, tmp_path, settings) -> None:
    settings.SITE_URL = "https://carrom.example.org"
    out = tmp_path / "blank.pdf"
    call_command(
        "print_scoresheet", str(world.played.pk), "--blank", "--lang", "de", "-o", str(out)
    )
    text = flat(all_text(out.read_bytes()))
    assert UNICODE_A in text and "Seite 1 von 1" in text and "ICF 107" not in text
    from tests.pdf.helpers import decode_qr_codes

    slug = world.played.event.tournament.slug
    assert decode_qr_codes(out.read_bytes()) == [
        f"https://carrom.example.org/t/{slug}/match/{world.played.pk}/"
    ]


def test_print_scoresheet_to_stdout(world: World, capsysbinary) -> None:
    call_command("print_scoresheet", str(world.played.pk), "-o", "-")
    assert capsysbinary.readouterr().out.startswith(b"%PDF-")


def test_print_scoresheet_unknown_match(world: World, tmp_path) -> None:
    with pytest.raises(CommandError, match="Match 999999 does not exist"):
        call_command("print_scoresheet", "999999", "-o", str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_print_scoresheet_needs_an_output(world: World) -> None:
    with pytest.raises(CommandError):
        call_command("print_scoresheet", str(world.played.pk))


def test_print_round_writes_one_page_per_match(world: World, tmp_path) -> None:
    out = tmp_path / "round.pdf"
    call_command("print_round", str(world.event.pk), "1", "-o", str(out))
    pdf = out.read_bytes()
    pages = pages_text(pdf)
    assert len(pages) == 4 and UNICODE_A in pages[0] and "Player 07" in pages[3]
    rasterise(pdf)
    call_command("print_round", str(world.event.pk), "1", "--blank", "--lang", "de", "-o", str(out))
    assert "Seite 4 von 4" in flat(all_text(out.read_bytes()))


def test_print_round_errors(world: World, tmp_path) -> None:
    with pytest.raises(CommandError, match="Event 999999 does not exist"):
        call_command("print_round", "999999", "1", "-o", str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match="has no round 5"):
        call_command("print_round", str(world.event.pk), "5", "-o", str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match="Cannot write"):
        call_command(
            "print_round", str(world.event.pk), "1", "-o", str(tmp_path / "missing" / "x.pdf")
        )
