"""Vendor axe-core for the accessibility browser tests (issue 35), never for the app.

Gets the pinned ``axe-core`` package from the npm registry (``npm pack`` when npm is there,
otherwise the registry's tarball over HTTPS), checks its sha256 and keeps ``axe.min.js`` and its
licence in ``tests/e2e/vendor/axe-core/`` (gitignored). The tests inject it into the page under
test from there (``tests/e2e/test_accessibility.py``): it is never served by the app, nothing
comes from a CDN. Idempotent: nothing is fetched when that version is already there.

    python tools/fetch_axe.py            # fetch if missing
    python tools/fetch_axe.py --check    # exit 1 if the vendored copy is missing/stale

To move to another release: change VERSION and SHA256 (``npm pack axe-core@X.Y.Z`` then
``sha256sum axe-core-X.Y.Z.tgz``) and run the tool again.
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

VERSION = "4.14.1"
SHA256 = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745"
TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{VERSION}.tgz"
FILES = ("axe.min.js", "LICENSE")
DEST = Path(__file__).resolve().parent.parent / "tests" / "e2e" / "vendor" / "axe-core"
STAMP = ".version"


def is_current(dest: Path = DEST) -> bool:
    stamp = dest / STAMP
    return (stamp.is_file() and stamp.read_text().strip() == f"{VERSION} {SHA256}"
            and all((dest / name).is_file() for name in FILES))


def _download() -> bytes:
    if shutil.which("npm"):
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["npm", "pack", f"axe-core@{VERSION}", "--silent"], cwd=tmp,
                           check=True, stdout=subprocess.DEVNULL)
            return (Path(tmp) / f"axe-core-{VERSION}.tgz").read_bytes()
    with urllib.request.urlopen(TARBALL, timeout=120) as answer:  # noqa: S310 - fixed https URL
        return answer.read()


def fetch(dest: Path = DEST) -> None:
    data = _download()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"axe-core-{VERSION}.tgz: sha256 {digest}, expected {SHA256}")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"axe-core-{VERSION}.tgz has no {name}")
            (dest / name).write_bytes(member.read())
    (dest / STAMP).write_text(f"{VERSION} {SHA256}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the vendored copy")
    args = parser.parse_args(argv)
    if is_current():
        return 0
    if args.check:
        print(f"axe-core {VERSION} is not vendored: run python tools/fetch_axe.py",
              file=sys.stderr)
        return 1
    fetch()
    print(f"axe-core {VERSION} vendored into {DEST}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
