"""Vendor Pyodide for the umpire tablet's offline rules engine (issue 12).

The pinned ``pyodide`` package from the npm registry, its sha256 checked, only the files the
browser needs kept in ``static/vendor/pyodide/`` (gitignored); the download and checks are
``tools/npm_vendor.py``'s, shared with ``tools/fetch_axe.py``. Idempotent: nothing is fetched
when the folder already holds this version. Nothing is fetched at run time of the app.

    python tools/fetch_pyodide.py            # fetch if missing
    python tools/fetch_pyodide.py --check    # exit 1 if the vendored copy is missing/stale

To move to another release: change VERSION and SHA256 (``npm pack pyodide@X.Y.Z`` then
``sha256sum pyodide-X.Y.Z.tgz``) and run the tool again.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python tools/fetch_pyodide.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.npm_vendor import NpmPackage

VERSION = "0.29.5"
SHA256 = "6749b10ee515a1458ecea36d860c8ce2a48366e85b3f92d749ad1840e4aff181"
# the source maps too: collectstatic's hashed storage follows the scripts' references to them
FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "pyodide.js.map",
    "pyodide.mjs.map",
)
DEST = Path(__file__).resolve().parent.parent / "static" / "vendor" / "pyodide"

PYODIDE = NpmPackage("pyodide", VERSION, SHA256, FILES, DEST)
is_current = PYODIDE.is_current


def main(argv: list[str] | None = None) -> int:
    return PYODIDE.main(argv, __doc__.splitlines()[0], "tools/fetch_pyodide.py")


if __name__ == "__main__":
    sys.exit(main())
