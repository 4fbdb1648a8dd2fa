"""One helper for the packages vendored from the npm registry (``make vendor``): Pyodide for
the tablet's offline rules engine (``tools/fetch_pyodide.py``) and axe-core for the
accessibility tests (``tools/fetch_axe.py``).

A package is pinned by version and the sha256 of its tarball: it is got with ``npm pack`` when
npm is there, otherwise from the registry's tarball URL over HTTPS, its checksum is checked
before anything is written, and only the named files are kept, with a stamp naming the version
and checksum. Nothing is fetched when the stamp and the files are already there.
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
from dataclasses import dataclass
from pathlib import Path

STAMP = ".version"


@dataclass(frozen=True)
class NpmPackage:
    name: str
    version: str
    sha256: str
    files: tuple[str, ...]
    dest: Path

    @property
    def tarball(self) -> str:
        return f"https://registry.npmjs.org/{self.name}/-/{self.name}-{self.version}.tgz"

    @property
    def label(self) -> str:
        return f"{self.name}-{self.version}.tgz"

    def is_current(self, dest: Path | None = None) -> bool:
        """This version's files are there, stamped with its version and checksum."""
        dest = dest or self.dest
        stamp = dest / STAMP
        return (
            stamp.is_file()
            and stamp.read_text().strip() == f"{self.version} {self.sha256}"
            and all((dest / name).is_file() for name in self.files)
        )

    def download(self) -> bytes:
        if shutil.which("npm"):
            with tempfile.TemporaryDirectory() as tmp:
                subprocess.run(
                    ["npm", "pack", f"{self.name}@{self.version}", "--silent"],
                    cwd=tmp,
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
                return (Path(tmp) / self.label).read_bytes()
        with urllib.request.urlopen(self.tarball, timeout=120) as answer:  # noqa: S310 - https
            return bytes(answer.read())

    def install(self, data: bytes, dest: Path | None = None) -> None:
        """Keep the package's files from its tarball ``data`` once its sha256 holds."""
        dest = dest or self.dest
        digest = hashlib.sha256(data).hexdigest()
        if digest != self.sha256:
            raise SystemExit(f"{self.label}: sha256 {digest}, expected {self.sha256}")
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            contents = {}
            for name in self.files:
                try:
                    member = tar.extractfile(f"package/{name}")
                except KeyError:
                    member = None
                if member is None:
                    raise SystemExit(f"{self.label} has no {name}")
                contents[name] = member.read()
        dest.mkdir(parents=True, exist_ok=True)
        for name, content in contents.items():
            (dest / name).write_bytes(content)
        (dest / STAMP).write_text(f"{self.version} {self.sha256}\n")

    def fetch(self, dest: Path | None = None) -> None:
        self.install(self.download(), dest)

    def main(self, argv: list[str] | None, description: str, tool: str) -> int:
        """The command line of a fetcher: fetch if missing, ``--check`` only checks."""
        parser = argparse.ArgumentParser(description=description)
        parser.add_argument(
            "--check",
            action="store_true",
            help="exit 1 if the vendored copy is missing or stale, fetch nothing",
        )
        args = parser.parse_args(argv)
        if self.is_current():
            return 0
        if args.check:
            print(
                f"{self.name} {self.version} is not vendored in {self.dest}: run "
                f"python {tool} (make vendor)",
                file=sys.stderr,
            )
            return 1
        self.fetch()
        size = sum((self.dest / name).stat().st_size for name in self.files)
        print(f"{self.name} {self.version} vendored in {self.dest} ({size / 1e6:.1f} MB)")
        return 0
