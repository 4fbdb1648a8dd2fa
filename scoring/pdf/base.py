"""Shared machinery of the renderers: fonts, colours, text fitting, QR codes, page chrome.

Fonts are DejaVu TTFs shipped in ``static/fonts/`` (full Latin/Greek/Cyrillic coverage, so
names like "Łukasz Ünal" print as written). They are registered once per process; reportlab
subsets and embeds them per document.
"""

from __future__ import annotations

import datetime
import functools
import io
import re
import zlib
from pathlib import Path
from typing import Protocol, cast

import segno
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .labels import labels_for
from .qr import qr_rows

FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
COND = "DejaVuSansCondensed"
COND_BOLD = "DejaVuSansCondensed-Bold"
_FONT_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    COND: "DejaVuSansCondensed.ttf",
    COND_BOLD: "DejaVuSansCondensed-Bold.ttf",
}

# A restrained palette: black ink for data, one blue-slate accent for structure.
INK = colors.HexColor("#1b1f24")
MUTED = colors.HexColor("#5b6570")
GRID = colors.HexColor("#8a949e")
RULE = colors.HexColor("#c9d0d6")
ACCENT = colors.HexColor("#23395b")
TINT = colors.HexColor("#eef2f6")
TINT_A = colors.HexColor("#eef3f9")
TINT_B = colors.HexColor("#f6f1ea")
VOID_FILL = colors.HexColor("#e4e4e4")
WHITE = colors.white
INK_OP = f"{INK.red:.3f} {INK.green:.3f} {INK.blue:.3f} rg"
MUTED_OP = f"{MUTED.red:.3f} {MUTED.green:.3f} {MUTED.blue:.3f} rg"
ACCENT_OP = f"{ACCENT.red:.3f} {ACCENT.green:.3f} {ACCENT.blue:.3f} rg"
WHITE_OP = "1 1 1 rg"

CREATOR = "Carrom tournament app (scoring.pdf)"

# Binary (Flate only) streams instead of Flate + ASCII85: a third smaller and, without
# reportlab's optional C accelerator, much faster to write. Every PDF reader handles them.
rl_config.useA85 = 0


class _FastFlate(pdfdoc.PDFStreamFilterZCompress):
    """Flate at zlib level 1 instead of 6: a round's PDF is written a fifth to a quarter
    faster (zlib was the largest single cost) for files about a fifth larger."""

    def encode(self, text: str | bytes) -> bytes:
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, 1)


# reportlab looks the filter up at write time (pages, font files, form XObjects)
pdfdoc.PDFZCompress = _FastFlate()


@functools.cache
def register_fonts() -> None:
    """Register the DejaVu faces with reportlab (once per process).

    :raises FileNotFoundError: when a font file is missing from ``static/fonts/``.
    """
    for name, filename in _FONT_FILES.items():
        path = FONT_DIR / filename
        if not path.is_file():
            raise FileNotFoundError(f"PDF font missing: {path}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(
        REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
    )
    pdfmetrics.registerFontFamily(
        COND, normal=COND, bold=COND_BOLD, italic=COND, boldItalic=COND_BOLD
    )


class CanvasInternals(Protocol):
    """The internals of reportlab's ``Canvas`` this package writes to directly (the pinned
    reportlab's; the text read-back tests catch a change): the page's operators, the document
    and the form XObjects the page uses."""

    _code: list[str]
    _doc: pdfdoc.PDFDocument
    _formsinuse: list[str]
    _pagesize: tuple[float, float]

    def _startPage(self) -> None: ...  # noqa: N802 (reportlab's name)


def internals(canvas: Canvas) -> CanvasInternals:
    """``canvas`` seen through the internals this package writes to (a typed view, no copy)."""
    return cast(CanvasInternals, canvas)


def ttf_font(name: str) -> TTFont:
    """The registered TrueType font ``name`` (every font of the sheets is a DejaVu TTF)."""
    font: object = pdfmetrics.getFont(name)
    if not isinstance(font, TTFont):
        raise TypeError(f"{name} is not a registered TrueType font")
    return font


def new_canvas(buffer: io.BytesIO, pagesize: tuple[float, float], title: str) -> Canvas:
    """A canvas with reproducible output (no timestamps/ids), compressed pages, metadata."""
    register_fonts()
    canvas = Canvas(
        buffer,
        pagesize=pagesize,
        invariant=True,
        pageCompression=1,
        # the stubs type this as a number; reportlab takes the font's name
        initialFontName=REGULAR,  # type: ignore[arg-type]
        initialFontSize=9,
    )
    canvas.setTitle(title)
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    return canvas


@functools.lru_cache(maxsize=8192)
def string_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``width`` points wide."""
    if string_width(text, font, size) <= width:
        return text
    ellipsis = "…"
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits together with the ellipsis
        mid = (lo + hi + 1) // 2
        if string_width(text[:mid].rstrip() + ellipsis, font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ellipsis


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines at most ``width`` points wide (at spaces)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and string_width(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def fit_size(text: str, font: str, size: float, width: float, min_size: float) -> float:
    """The largest size ≤ ``size`` (and ≥ ``min_size``) at which ``text`` fits ``width``."""
    w = string_width(text, font, size)
    if w <= width or w == 0:
        return size
    return max(min_size, size * width / w)


def fit_lines(
    text: str, font: str, size: float, width: float, min_size: float, max_lines: int = 2
) -> tuple[float, list[str]]:
    """``text`` shrunk (down to ``min_size``) and then wrapped onto at most ``max_lines``
    lines of ``width``, so that a long name is printed whole: the size and the lines. Only a
    single word wider than the line at ``min_size`` is still shortened with an ellipsis."""
    if not text:
        return size, []
    size = fit_size(text, font, size, width, min_size)
    if string_width(text, font, size) <= width:
        return size, [text]
    lines = wrap(text, font, size, width)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
    return size, [fit(line, font, size, width) for line in lines]


def format_date(date: datetime.date | None, language: str) -> str:
    if date is None:
        return ""
    if language == "de":
        return f"{date.day:02d}.{date.month:02d}.{date.year}"
    if language in ("fr", "it"):
        return f"{date.day:02d}/{date.month:02d}/{date.year}"
    return date.isoformat()


def initials(name: str) -> str:
    return "".join(part[0] for part in name.split() if part)[:3]


#: Modules per cached piece of a QR row (:func:`_chunk_ops`).
CHUNK = 8
_DARK = re.compile(b"1+")


def _chunk_ops(offset: int, chunk: bytes) -> str:
    """Rectangles for the dark runs of ``chunk`` (a piece of a row, ``b"0"``/``b"1"``) that
    starts at module ``offset``, with ``Y`` for the row's height (a hair wider and taller than
    the modules, against seams between pieces and rows in some viewers). At most a few
    thousand distinct pieces exist, so each is formatted once per process (:data:`_PIECES`)."""
    return "".join(
        f"{offset + m.start()} Y {m.end() - m.start() + 0.02:.2f} 1.02 re "
        for m in _DARK.finditer(chunk)
    )


#: Per offset of a piece: the piece's rectangles (:func:`_chunk_ops`) by its modules; plain
#: dicts, looked up without a function call (a code has a few hundred pieces).
_PIECES: dict[int, dict[bytes, str]] = {}


@functools.cache
def _row_ys(n: int) -> list[str]:
    """The ``Y`` of each row of an ``n``-module symbol, top row first (y up)."""
    return [f"{n - r - 1 - 0.01:.2f}" for r in range(n)]


@functools.lru_cache(maxsize=512)
def _qr_code(url: str) -> tuple[str, int]:
    """PDF path operators for the dark modules of ``url``'s QR code, in module units (y up),
    and the symbol's size in modules: every horizontal run of dark modules a rectangle, all in
    one path (one fill, so anti-aliasing leaves no seams). A row's rectangles are pieces of
    :data:`CHUNK` modules formatted once per process, with the row's height put in. The symbol
    comes from :mod:`.qr` (level M, mask 0), segno for payloads beyond version 10."""
    rows = qr_rows(url)
    if rows is None:  # any mask is valid; a fixed one skips segno's evaluation of all eight
        rows = [
            bytes(48 + (v & 1) for v in row) for row in segno.make_qr(url, error="m", mask=0).matrix
        ]
    n = len(rows)
    pieces = [(k, k + CHUNK, _PIECES.setdefault(k, {})) for k in range(0, n, CHUNK)]
    ys = _row_ys(n)
    ops = []
    for r, row in enumerate(rows):
        parts = []
        for start, end, known in pieces:
            chunk = row[start:end]
            piece = known.get(chunk)
            if piece is None:
                piece = known[chunk] = _chunk_ops(start, chunk)
            parts.append(piece)
        path = "".join(parts)
        if path:
            ops.append(path.replace("Y", ys[r]))
    return "\n".join(ops), n


def draw_qr(canvas: Canvas, url: str, x: float, y: float, size: float) -> None:
    """Draw the QR code of ``url`` in the square ``(x, y, size)``, with a 2-module quiet zone
    inside the square. Cached per URL, so a round that repeats URLs pays once."""
    code, n = _qr_code(url)
    module = size / (n + 4)
    ox, oy = x + 2 * module, y + 2 * module
    # one self-contained graphics block: black fill, scale to modules, fill all rectangles
    internals(canvas)._code.append(
        f"q 0 g {module:.4f} 0 0 {module:.4f} {ox:.3f} {oy:.3f} cm\n{code}\nf Q"
    )


def place_form(canvas: Canvas, form: str, x: float, y: float) -> None:
    """Draw the form XObject ``form`` with its origin at ``(x, y)``: the operators of
    ``saveState``, ``translate``, ``doForm`` and ``restoreState``, without their Python-side
    state copies (a tenth of the cost; a round's cards place one a match)."""
    inside = internals(canvas)
    code = inside._code
    code.append("q")
    code.append(f"1 0 0 1 {fp_str(x, y)} cm")
    code.append(f"/{inside._doc.getXObjectName(form)} Do")
    code.append("Q")
    inside._formsinuse.append(form)


LEFT, CENTRE, RIGHT = 0, 1, 2


class TextLayer:
    """Collects a page's variable text into a single PDF text object.

    ``canvas.drawString`` opens a text object, re-sets font and colour and formats every
    number through reportlab's pure-Python ``fp_str`` for each string; a scoresheet has a few
    hundred short strings, a round a few ten thousand. This emits the same operators
    (TrueType subsets exactly as reportlab's text object does) with one ``BT … ET`` per page.
    It relies on ``canvas._doc``/``canvas._code``, stable internals of the pinned reportlab;
    the text read-back tests catch a change.
    """

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self._doc = internals(canvas)._doc
        self._ops: list[str] = []
        self._font: tuple[str, int, float] | None = None
        self._color = ""
        # (font, text) -> [(subset, escaped bytes)]: digits and marks repeat on every page.
        # Per document only: splitString records each glyph in the document's font subset.
        self._encoded: dict[tuple[str, str], list[tuple[int, str]]] = {}
        self._font_ops: dict[tuple[str, int, float], str] = {}

    def text(
        self,
        x: float,
        y: float,
        text: str,
        font: str,
        size: float,
        color: str = "",
        align: int = LEFT,
    ) -> None:
        if not text:
            return
        if align:
            width = string_width(text, font, size)
            x -= width / 2 if align == CENTRE else width
        ops = self._ops
        color = color or INK_OP
        if color != self._color:
            ops.append(color)
            self._color = color
        ops.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm")
        encoded = self._encoded.get((font, text))
        if encoded is None:
            ttf = ttf_font(font)
            encoded = [
                (subset, escapePDF(chunk)) for subset, chunk in ttf.splitString(text, self._doc)
            ]
            self._encoded[(font, text)] = encoded
        for subset, chunk in encoded:
            key = (font, subset, size)
            if key != self._font:
                op = self._font_ops.get(key)
                if op is None:
                    internal = ttf_font(font).getSubsetInternalName(subset, self._doc)
                    op = self._font_ops[key] = f"{internal} {size:g} Tf"
                ops.append(op)
                self._font = key
            ops.append(f"({chunk}) Tj")

    def flush(self) -> None:
        """Write the collected text to the page (call before ``showPage``)."""
        if self._ops:
            internals(self._canvas)._code.append("q BT " + "\n".join(self._ops) + " ET Q")
        self._ops = []
        self._font = None
        self._color = ""


def draw_footer_rule(canvas: Canvas, page_width: float, margin: float, y: float = 7 * mm) -> None:
    """The hairline above the footer (separate, so static layers can include it)."""
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    canvas.line(margin, y + 3.2 * mm, page_width - margin, y + 3.2 * mm)


def draw_footer(
    canvas: Canvas,
    language: str,
    left: str,
    page: int,
    pages: int,
    page_width: float,
    margin: float,
    y: float = 7 * mm,
    text: TextLayer | None = None,
    rule: bool = True,
) -> None:
    """Footer: context on the left, "Page X of Y" on the right, above a hairline."""
    if rule:
        draw_footer_rule(canvas, page_width, margin, y)
    own = text is None
    t = TextLayer(canvas) if text is None else text
    page_text = labels_for(language)["page"].format(page=page, pages=pages)
    t.text(page_width - margin, y, page_text, REGULAR, 7, MUTED_OP, RIGHT)
    room = page_width - 2 * margin - string_width(page_text, REGULAR, 7) - 6 * mm
    t.text(margin, y, fit(left, REGULAR, 7, room), REGULAR, 7, MUTED_OP)
    if own:
        t.flush()


def join(*parts: str, sep: str = " · ") -> str:
    return sep.join(p for p in parts if p)
