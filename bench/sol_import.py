"""Benchmark: the import of SoL's 499-tourney test archive (issue 31; target: under 5 minutes).

The archive is ``tests/scr/2018-07-10.zip`` of SoL 5.26's source distribution, fetched from
PyPI with pip into the temp dir (``pip download --no-binary``; nothing of SoL is run or
copied here; ``--sol-sdist DIR`` reuses an unpacked one). It is imported into a fresh
database (SQLite file by default, ``--database-url`` for PostgreSQL) by
:func:`scoring.services.sol.import_sol`, the same call the upload page's background task
makes, timing the reading of the file and each tourney. ``--tourneys N`` stops after N
tourneys and projects the whole file from their pace (said so on the last line).

The last line::

    sol_import: tourneys=<n of 499> read_s=<x> import_s=<y> per_tourney_ms=<z>
    cpu_per_tourney_ms=<this process's CPU> projected_s=<whole file>
    projected_cpu_s=<whole file in CPU time> target_s=300
    met=<yes|no|projected-yes|projected-no> load=<1-minute load average>

(the CPU time is the steadier figure on a shared machine; ``met`` judges the wall time).

When the archive cannot be fetched the line says ``sol_import: skipped (...)``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ARCHIVE = "2018-07-10.zip"
TARGET_S = 300


class Stop(Exception):
    """Enough tourneys for ``--tourneys``."""


def fetch(tmp: Path, sdist: str | None) -> Path:
    if sdist:
        return Path(sdist) / "tests" / "scr" / ARCHIVE
    got = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--no-binary",
            ":all:",
            "--disable-pip-version-check",
            "sol==5.26",
            "-d",
            str(tmp),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if got.returncode:
        raise RuntimeError(got.stderr.strip()[-300:])
    with tarfile.open(tmp / "sol-5.26.tar.gz") as tar:
        member = f"sol-5.26/tests/scr/{ARCHIVE}"
        tar.extract(member, tmp, filter="data")
    return tmp / "sol-5.26" / "tests" / "scr" / ARCHIVE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sol-sdist", help="an unpacked sol-5.26 source distribution")
    parser.add_argument("--database-url", help="default: a SQLite file in the temp dir")
    parser.add_argument(
        "--tourneys", type=int, default=0, help="stop after N tourneys and project the whole file"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sol_import-") as name:
        tmp = Path(name)
        try:
            archive = fetch(tmp, args.sol_sdist)
        except (RuntimeError, OSError, subprocess.TimeoutExpired, KeyError) as error:
            print(f"sol_import: skipped (cannot fetch SoL's archive: {error})")
            return
        from bench._server import fresh_database, setup_django

        database = fresh_database(args.database_url, tmp)
        try:
            setup_django(database.url)
            run(archive, args.tourneys)
        finally:
            from django.db import connections

            connections.close_all()
            database.drop()


def run(archive: Path, limit: int) -> None:
    from scoring.services.sol import import_sol, read_members

    content = archive.read_bytes()
    cpu_started = time.process_time()
    started = time.perf_counter()
    total = sum(len(docs) - 1 for _name, docs in read_members(content))
    read_s = time.perf_counter() - started
    done = 0
    began = time.perf_counter()
    cpu_began = time.process_time()

    def progress(n: int, of: int) -> None:
        nonlocal done
        done = n
        if n % 25 == 0:
            print(f"{n} of {of} tourneys: {time.perf_counter() - began:.0f} s", flush=True)
        if limit and n >= limit:
            raise Stop

    with contextlib.suppress(Stop):
        import_sol(content, file_name=archive.name, progress=progress)
    import_s = time.perf_counter() - began
    cpu_s = time.process_time() - cpu_began
    read_cpu_s = cpu_began - cpu_started
    per = import_s / done if done else 0.0
    per_cpu = cpu_s / done if done else 0.0
    whole = done == total
    projected = import_s if whole else read_s + per * total
    met = (
        ("yes" if projected < TARGET_S else "no")
        if whole
        else ("projected-yes" if projected < TARGET_S else "projected-no")
    )
    projected_cpu = read_cpu_s + per_cpu * total
    print(
        f"sol_import: tourneys={done} of {total} read_s={read_s:.1f} "
        f"import_s={import_s:.1f} per_tourney_ms={per * 1000:.0f} "
        f"cpu_per_tourney_ms={per_cpu * 1000:.0f} projected_s={projected:.0f} "
        f"projected_cpu_s={projected_cpu:.0f} target_s={TARGET_S} met={met} "
        f"load={os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
