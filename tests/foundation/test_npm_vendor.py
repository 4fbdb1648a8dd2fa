"""The npm-vendored packages (Pyodide for the tablet, axe-core for the accessibility tests)
share one download-and-verify helper, tools/npm_vendor.py: pinned by version and sha256,
nothing written unless the checksum holds, only the named files kept, idempotent."""

from __future__ import annotations

import ast
import hashlib
import io
import tarfile
from dataclasses import replace
from pathlib import Path

import pytest

from tools import fetch_axe, fetch_pyodide
from tools.npm_vendor import NpmPackage

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _tarball(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def test_both_fetchers_are_the_one_helper_with_their_pins() -> None:
    assert isinstance(fetch_pyodide.PYODIDE, NpmPackage)
    assert isinstance(fetch_axe.AXE, NpmPackage)
    assert fetch_axe.AXE.tarball == ("https://registry.npmjs.org/axe-core/-/axe-core-4.14.1.tgz")
    assert fetch_pyodide.PYODIDE.label == f"pyodide-{fetch_pyodide.VERSION}.tgz"
    for tool in ("fetch_pyodide.py", "fetch_axe.py"):
        tree = ast.parse((TOOLS / tool).read_text())
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        # no download, checksum or tar code of its own
        assert not imported & {"hashlib", "tarfile", "urllib.request", "subprocess"}, tool


def test_nothing_is_written_unless_the_checksum_holds(tmp_path: Path) -> None:
    data = _tarball({"axe.min.js": b"axe", "LICENSE": b"MPL", "README.md": b"not kept"})
    dest = tmp_path / "axe-core"
    with pytest.raises(SystemExit, match="sha256"):
        fetch_axe.AXE.install(data, dest)
    assert not dest.exists()
    pinned = replace(fetch_axe.AXE, sha256=hashlib.sha256(data).hexdigest())
    pinned.install(data, dest)
    assert sorted(p.name for p in dest.iterdir()) == [".version", "LICENSE", "axe.min.js"]
    assert pinned.is_current(dest) and not fetch_axe.AXE.is_current(dest)
    (dest / "LICENSE").unlink()
    assert not pinned.is_current(dest)


def test_a_tarball_missing_a_file_writes_nothing(tmp_path: Path) -> None:
    data = _tarball({"axe.min.js": b"axe"})
    pinned = replace(fetch_axe.AXE, sha256=hashlib.sha256(data).hexdigest())
    with pytest.raises(SystemExit, match="has no LICENSE"):
        pinned.install(data, tmp_path / "axe-core")
    assert not (tmp_path / "axe-core").exists()


def test_check_only_reports_a_missing_copy(tmp_path: Path, capsys) -> None:
    missing = replace(fetch_axe.AXE, dest=tmp_path / "none")
    assert missing.main(["--check"], "axe", "tools/fetch_axe.py") == 1
    assert "make vendor" in capsys.readouterr().err
    assert not (tmp_path / "none").exists()
