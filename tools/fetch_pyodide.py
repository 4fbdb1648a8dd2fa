"""Vendor Pyodide for the umpire tablet's offline rules engine (issue 12).

Gets the pinned ``pyodide`` package from the npm registry (``npm pack`` when npm is there,
otherwise the registry's tarball over HTTPS), checks its sha256 and keeps only the files the
browser needs in ``static/vendor/pyodide/`` (gitignored). Idempotent: nothing is fetched when
the folder already holds this version. Nothing is fetched at run time of the app.

    python tools/fetch_pyodide.py            # fetch if missing
    python tools/fetch_pyodide.py --check    # exit 1 if the vendored copy is missing/stale

To move to another release: change VERSION and SHA256 (``npm pack pyodide@X.Y.Z`` then
``sha256sum pyodide-X.Y.Z.tgz``) and run the tool again.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

VERSION = "0.29.5"
SHA256 = "6749b10ee515a1458ecea36d860c8ce2a48366e85b3f92d749ad1840e4aff181"
TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
# the source maps too: collectstatic's hashed storage follows the scripts' references to them
FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
         "python_stdlib.zip", "pyodide-lock.json", "pyodide.js.map", "pyodide.mjs.map")
DEST = Path(__file__).resolve().parent.parent / "static" / "vendor" / "pyodide"
STAMP = ".version"


def is_current(dest: Path = DEST) -> bool:
    stamp = dest / STAMP
    return (stamp.is_file() and stamp.read_text().strip() == f"{VERSION} {SHA256}"
            and all((dest / name).is_file() for name in FILES))


def _download() -> bytes:
    if shutil.which("npm"):
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["npm", "pack", f"pyodide@{VERSION}", "--silent"], cwd=tmp,
                           check=True, stdout=subprocess.DEVNULL)
            return (Path(tmp) / f"pyodide-{VERSION}.tgz").read_bytes()
    with urllib.request.urlopen(TARBALL, timeout=120) as answer:  # noqa: S310 - fixed https URL
        return answer.read()


def fetch(dest: Path = DEST) -> None:
    data = _download()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"pyodide-{VERSION}.tgz: sha256 {digest}, expected {SHA256}")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"pyodide-{VERSION}.tgz has no {name}")
            (dest / name).write_bytes(member.read())
    (dest / STAMP).write_text(f"{VERSION} {SHA256}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, fetch nothing")
    args = parser.parse_args(argv)
    if is_current():
        return 0
    if args.check:
        print(f"static/vendor/pyodide: Pyodide {VERSION} missing; run tools/fetch_pyodide.py",
              file=sys.stderr)
        return 1
    fetch()
    size = sum((DEST / n).stat().st_size for n in FILES)
    print(f"Pyodide {VERSION} vendored in {DEST} ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
