"""The rules engine packed for the tablet's browser (issue 12): a zip of ``scoring/rules``,
the words (:mod:`scoring.rulings`), the pad's meaning (:mod:`scoring.pad`), the browser entry
(:mod:`scoring.offline.browser`) and the compiled catalogues, built from the source and named
by its content hash (a change of the rules is a new name, so no tablet keeps a stale engine).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import cache
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = ("scoring/rules",)
MODULES = (
    "scoring/__init__.py",
    "scoring/rulings.py",
    "scoring/error_words.py",
    "scoring/pad.py",
    "scoring/screen_words.py",
    "scoring/offline/__init__.py",
    "scoring/offline/between.py",
    "scoring/offline/browser.py",
)
CATALOGUE = "locale/{lang}/LC_MESSAGES/django.mo"


class Bundle(NamedTuple):
    data: bytes
    digest: str  # the first 16 hex digits of the sha256 of ``data``


def sources(root: Path = ROOT) -> list[tuple[str, Path]]:
    """(name in the zip, file) for every file of the bundle, in a fixed order."""
    files = [(m, root / m) for m in MODULES]
    for package in PACKAGES:
        files += [(f"{package}/{p.name}", p) for p in sorted((root / package).glob("*.py"))]
    for mo in sorted(root.glob(CATALOGUE.format(lang="*"))):
        lang = mo.relative_to(root / "locale").parts[0]
        files.append((f"catalogues/{lang}.mo", mo))
    return sorted(files)


def build(root: Path = ROOT) -> Bundle:
    """The zip, byte for byte the same for the same source (fixed dates, fixed order)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, path in sources(root):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    data = out.getvalue()
    return Bundle(data, hashlib.sha256(data).hexdigest()[:16])


@cache
def current() -> Bundle:
    """The bundle of the running code (built once per process)."""
    return build()
