"""Vendor axe-core for the accessibility browser tests (issue 35), never for the app.

The pinned ``axe-core`` package from the npm registry, its sha256 checked, ``axe.min.js`` and
its licence kept in ``tests/e2e/vendor/axe-core/`` (gitignored); the download and checks are
``tools/npm_vendor.py``'s, shared with ``tools/fetch_pyodide.py``. The tests inject it into
the page under test from there (``tests/e2e/test_accessibility.py``): it is never served by
the app, nothing comes from a CDN. Idempotent: nothing is fetched when that version is there.

    python tools/fetch_axe.py            # fetch if missing
    python tools/fetch_axe.py --check    # exit 1 if the vendored copy is missing/stale

To move to another release: change VERSION and SHA256 (``npm pack axe-core@X.Y.Z`` then
``sha256sum axe-core-X.Y.Z.tgz``) and run the tool again.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python tools/fetch_axe.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.npm_vendor import NpmPackage

VERSION = "4.14.1"
SHA256 = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745"
FILES = ("axe.min.js", "LICENSE")
DEST = Path(__file__).resolve().parent.parent / "tests" / "e2e" / "vendor" / "axe-core"

AXE = NpmPackage("axe-core", VERSION, SHA256, FILES, DEST)
is_current = AXE.is_current


def main(argv: list[str] | None = None) -> int:
    return AXE.main(argv, __doc__.split("\n\n")[0], "tools/fetch_axe.py")


if __name__ == "__main__":
    sys.exit(main())
