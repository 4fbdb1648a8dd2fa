"""Reading rendered PDFs back: text per page (pypdf), positioned text, page rasters."""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def all_text(pdf: bytes) -> str:
    return "\n".join(pages_text(pdf))


@dataclass(frozen=True)
class Item:
    text: str
    x: float
    y: float


def positioned(pdf: bytes, page: int = 0) -> list[Item]:
    """Every word on a page with its left edge and vertical centre (PDF points, y up), read
    with poppler's ``pdftotext -bbox`` (pypdf merges neighbouring table cells into one run)."""
    exe = require_tool("pdftotext")
    height = page_sizes(pdf)[page][1]
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        out = subprocess.run(
            [exe, "-bbox", "-f", str(page + 1), "-l", str(page + 1), str(src), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    items = []
    for m in re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" '
        r'yMax="([\d.]+)">([^<]*)</word>',
        out,
    ):
        x, y0, y1, word = float(m[1]), float(m[2]), float(m[3]), html.unescape(m[4])
        items.append(Item(word, x, height - (y0 + y1) / 2))
    return items


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [
        (float(p.mediabox.width), float(p.mediabox.height))
        for p in PdfReader(io.BytesIO(pdf)).pages
    ]


def require_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(
            f"{name} not installed (Debian package: "
            f"{'poppler-utils' if name.startswith('pdf') else 'zbar-tools'})"
        )
    return path


def rasterise(
    pdf: bytes, page: int = 1, dpi: int = 40, gray: bool = True
) -> tuple[int, int, bytes]:
    """Render one page with poppler's pdftoppm; returns width, height and 8-bit gray pixels.

    pdftoppm fails (non-zero exit) on a malformed file, which is the validity check.
    """
    exe = require_tool("pdftoppm")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        subprocess.run(
            [
                exe,
                "-f",
                str(page),
                "-l",
                str(page),
                "-r",
                str(dpi),
                "-gray",
                str(src),
                str(Path(tmp) / "out"),
            ],
            check=True,
            capture_output=True,
        )
        (out,) = Path(tmp).glob("out*.pgm")
        data = out.read_bytes()
    # binary PGM: "P5 <w> <h> 255" and exactly one whitespace byte before the pixels
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert header is not None, data[:20]
    width, height = int(header[1]), int(header[2])
    raster = data[header.end() :]
    assert len(raster) == width * height
    return width, height, raster


def dark_fraction(raster: bytes) -> float:
    return sum(1 for v in raster if v < 128) / len(raster)


def decode_qr_codes(pdf: bytes, page: int = 1, dpi: int = 150) -> list[str]:
    """Decode every QR code on a page with zbarimg (skips when zbar-tools is missing)."""
    zbar = require_tool("zbarimg")
    exe = require_tool("pdftoppm")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        subprocess.run(
            [
                exe,
                "-f",
                str(page),
                "-l",
                str(page),
                "-r",
                str(dpi),
                "-png",
                str(src),
                str(Path(tmp) / "out"),
            ],
            check=True,
            capture_output=True,
        )
        (png,) = Path(tmp).glob("out*.png")
        result = subprocess.run([zbar, "-q", "--raw", str(png)], capture_output=True, text=True)
    return sorted(line for line in result.stdout.splitlines() if line)
