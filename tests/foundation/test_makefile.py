"""The Makefile picks a Python that Django 6 supports, or stops with a clear message."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.foundation.helpers import PROJECT_ROOT

# make by its full path: the tests run it with a PATH of their own
MAKE = shutil.which("make") or "make"
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="GNU make not installed")


def run_make(tmp_path: Path, *args: str, path: str) -> subprocess.CompletedProcess:
    shutil.copy(PROJECT_ROOT / "Makefile", tmp_path / "Makefile")
    return subprocess.run(
        [MAKE, "--no-print-directory", *args],
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


# --- make system-deps: a fresh Debian machine needs only `make test` ---------------------------


def fake_machine(tmp_path: Path, *, uid: int, apt_get: str | None) -> tuple[str, Path]:
    """A PATH with bash, a fake `id -u` and (on "Debian") a fake `apt-get`, nothing else.

    `apt_get` is the body of the fake apt-get (bash); every call is logged to `apt.log`.
    """
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "chmod", "tail"):
        (bin_dir / tool).symlink_to(shutil.which(tool) or f"/usr/bin/{tool}")
    (bin_dir / "id").write_text(f'#!/bin/bash\n[ "$1" = -u ] && echo {uid}\n')
    (bin_dir / "id").chmod(0o755)
    log = tmp_path / "apt.log"
    if apt_get is not None:
        (bin_dir / "apt-get").write_text(f'#!/bin/bash\necho "$*" >> {log}\n{apt_get}\n')
        (bin_dir / "apt-get").chmod(0o755)
    return str(bin_dir), log


def system_deps(tmp_path: Path, path: str, *tools: Path) -> subprocess.CompletedProcess:
    listed = " ".join(str(tool) for tool in tools)
    return run_make(
        tmp_path,
        "system-deps",
        f"TEST_TOOLS={listed}",
        f"APT_LOG={tmp_path / 'apt-output.log'}",
        path=path,
    )


def installs(*tools: Path) -> str:
    """A fake apt-get whose `install` puts the given tools in place."""
    made = " ".join(f": > {tool}; chmod +x {tool};" for tool in tools)
    return f'if [ "$1" = install ]; then {made} fi'


def test_system_deps_does_nothing_when_the_tools_are_there(tmp_path):
    tool = tmp_path / "chromium"
    tool.write_text("")
    tool.chmod(0o755)
    path, log = fake_machine(tmp_path, uid=1000, apt_get="exit 1")

    result = system_deps(tmp_path, path, tool)

    assert result.returncode == 0, result.stderr
    assert not log.exists()


def test_system_deps_installs_debians_chromium_as_root(tmp_path):
    tool = tmp_path / "chromium"
    path, log = fake_machine(tmp_path, uid=0, apt_get=installs(tool))

    result = system_deps(tmp_path, path, tool)

    assert result.returncode == 0, result.stderr
    calls = log.read_text().splitlines()
    assert calls[0].startswith("update")
    assert calls[1] == "install -y -q chromium poppler-utils zbar-tools"
    assert "Installing the test tools' Debian packages" in result.stdout
    assert tool.exists()


def test_system_deps_stops_with_the_one_command_when_not_root(tmp_path):
    tool = tmp_path / "chromium"
    path, log = fake_machine(tmp_path, uid=1000, apt_get=installs(tool))

    result = system_deps(tmp_path, path, tool)

    assert result.returncode != 0
    assert not log.exists()
    assert (
        f"ERROR: the tests need {tool}. "
        "Run: sudo apt-get install -y chromium poppler-utils zbar-tools"
    ) in result.stderr


def test_system_deps_stops_off_debian_naming_the_packages(tmp_path):
    tool = tmp_path / "chromium"
    path, _ = fake_machine(tmp_path, uid=0, apt_get=None)

    result = system_deps(tmp_path, path, tool)

    assert result.returncode != 0
    assert f"the tests need {tool}" in result.stderr
    assert "chromium poppler-utils zbar-tools" in result.stderr


def test_system_deps_fails_clearly_when_apt_get_fails(tmp_path):
    tool = tmp_path / "chromium"
    path, _ = fake_machine(tmp_path, uid=0, apt_get='echo "E: Unable to locate package"; exit 100')

    result = system_deps(tmp_path, path, tool)

    assert result.returncode != 0
    assert "E: Unable to locate package" in result.stderr
    assert "apt-get could not install chromium poppler-utils zbar-tools" in result.stderr


def test_system_deps_fails_when_a_tool_is_still_missing_after_apt_get(tmp_path):
    tool = tmp_path / "chromium"
    path, _ = fake_machine(tmp_path, uid=0, apt_get="exit 0")

    result = system_deps(tmp_path, path, tool)

    assert result.returncode != 0
    assert f"{tool} is still missing after: apt-get install -y" in result.stderr


def test_make_test_checks_the_system_packages_before_anything_else():
    makefile = (PROJECT_ROOT / "Makefile").read_text()
    (line,) = [line for line in makefile.splitlines() if line.startswith("test:")]
    assert line.split(":", 1)[1].split()[0] == "system-deps"
