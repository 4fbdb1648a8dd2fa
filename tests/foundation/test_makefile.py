"""The Makefile picks a Python that Django 6 supports, or stops with a clear message."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.foundation.helpers import PROJECT_ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="GNU make not installed")


def run_make(tmp_path: Path, *args: str, path: str) -> subprocess.CompletedProcess:
    shutil.copy(PROJECT_ROOT / "Makefile", tmp_path / "Makefile")
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=tmp_path,
        env={"PATH": path, "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_make_finds_a_supported_python(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3.13").symlink_to(sys.executable)

    result = run_make(tmp_path, "python-info", path=f"{bin_dir}:/usr/bin:/bin")

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("python3.13")


def test_make_fails_clearly_without_python_312_or_newer(tmp_path):
    if any(Path(f"/usr/bin/python3.{minor}").exists() for minor in (12, 13, 14)):
        pytest.skip("this machine has a system Python >= 3.12")

    result = run_make(tmp_path, "python-info", "PYENV_DIRS=/nonexistent", path="/usr/bin:/bin")

    assert result.returncode != 0
    assert "no Python >= 3.12 found" in result.stderr
