"""The sheets' QR encoder (scoring.pdf.qr) against segno, module by module, and read back
from a rendered sheet with zbarimg."""

from __future__ import annotations

import random
import string

import segno
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pdf import render_scoresheets
from scoring.pdf.base import _qr_code
from scoring.pdf.qr import (
    MAX_VERSION,
    _capacity,
    _data_codewords,
    _place,
    _version_for,
    dark_runs,
    qr_matrix,
    qr_rows,
)

from .helpers import decode_qr_codes
from .samples import demo_sheet

URL_CHARS = string.ascii_letters + string.digits + "/:._-?=&%~"


def segno_matrix(text: str) -> list[list[int]]:
    qr = segno.make_qr(text, error="m", mask=0, boost_error=False, mode="byte")
    return [[v & 1 for v in row] for row in qr.matrix]


def segno_like_data(payload: bytes, version: int) -> bytes:
    """Our data codewords as segno writes them: segno adds a whole zero byte of "padding
    bits" when the stream already ends on a byte boundary (ISO 18004 asks for none); the
    decoder stops at the terminator either way."""
    data = _data_codewords(payload, version)
    used = 4 + (8 if version < 10 else 16) + 8 * len(payload) + 4
    if used <= 8 * _capacity(version) and used // 8 < len(data):
        data = data[: used // 8] + b"\0" + data[used // 8 : -1]
    return data


def test_every_length_and_version_matches_segno_module_for_module() -> None:
    rng = random.Random(18004)
    versions = set()
    for length in range(0, _capacity(MAX_VERSION)):
        text = "".join(rng.choice(URL_CHARS) for _ in range(length))
        version = _version_for(length)
        if version is None:
            assert qr_matrix(text) is None and length > 200
            continue
        versions.add(version)
        reference = segno_matrix(text)
        assert len(reference) == 17 + 4 * version, length  # the same (smallest) version
        assert _place(version, segno_like_data(text.encode(), version)) == reference, length
    assert versions == set(range(1, MAX_VERSION + 1))


@settings(max_examples=60, deadline=None)
@given(st.text(st.sampled_from(URL_CHARS), min_size=1, max_size=200))
def test_function_patterns_and_format_bits_match_segno(text: str) -> None:
    """Everything outside the data (finders, timing, alignment, format and version
    information) is segno's; the data region differs only by segno's padding byte."""
    ours, reference = qr_matrix(text), segno_matrix(text)
    assert ours is not None and len(ours) == len(reference)
    size = len(ours)
    for y in range(size):
        for x in range(size):
            if (
                x == 6
                or y == 6
                or (x < 9 and y < 9)
                or (x > size - 9 and y < 9)
                or (x < 9 and y > size - 9)
            ):
                assert ours[y][x] == reference[y][x], (x, y)


def test_runs_cover_exactly_the_dark_modules() -> None:
    matrix = qr_matrix("https://carrom.example.org/u/abc/")
    rows = qr_rows("https://carrom.example.org/u/abc/")
    assert matrix is not None and rows is not None
    covered = {(r, c) for r, start, length in dark_runs(rows) for c in range(start, start + length)}
    assert covered == {(r, c) for r, row in enumerate(matrix) for c, v in enumerate(row) if v}


def test_printed_codes_scan_short_long_and_beyond_version_10() -> None:
    long_url = "https://carrom.example.org/u/" + "x" * 150 + "/"
    huge_url = "https://carrom.example.org/u/" + "y" * 300 + "/"  # segno's fallback
    assert qr_matrix(huge_url) is None
    _qr_code.cache_clear()
    for url in ("https://c.example/u/a/", long_url, huge_url):
        pdf = render_scoresheets([demo_sheet(qr_url=url)])
        assert decode_qr_codes(pdf, dpi=300) == [url]
