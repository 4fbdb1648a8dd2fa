"""The hall's layout behind nginx (issue 29), as ``make serve`` runs it when nginx is installed.

Three processes, stopped together with Ctrl+C (or SIGTERM):

- the tablets' gunicorn on ``127.0.0.1:PORT+1`` (sync workers: one stroke at a time each);
- the hall's gunicorn on ``127.0.0.1:PORT+2`` (the live pages, the API, the organisers), at a
  lower priority (nice 10), so that strokes go first when the phones fill the CPU;
- nginx on ``HOST:PORT`` with ``deploy/nginx.conf``: static files itself, ``/u/`` ``/m/`` and
  the tablet's other addresses to the tablets' workers, everything else to the hall's, the
  public GET answers micro-cached for a second (never a tablet's, an organiser's, one asked
  with a session, one with Set-Cookie or made for one visitor).

Usage: ``python deploy/serve.py [--host H] [--port P]`` (``make serve`` passes ``$(HOST)`` and
``$(PORT)``); ``python deploy/serve.py render …`` prints the configuration only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf"
MIME_TYPES = Path("/etc/nginx/mime.types")
#: what nginx needs of the types when the package's file is not there
_MIME_FALLBACK = """types {
    text/html html; text/css css; application/javascript js mjs; application/json json;
    image/png png; image/svg+xml svg; image/x-icon ico; font/woff2 woff2; font/ttf ttf;
    application/wasm wasm; application/pdf pdf; text/plain txt; application/zip zip;
}
"""
_TEMP_DIRS = ("cache", "client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def nginx_binary() -> str | None:
    """The nginx executable (Debian's package: /usr/sbin/nginx), or None."""
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
    )


def render(
    *,
    listen: str,
    hall: str,
    tablets: str,
    run_dir: Path,
    static_root: Path | None = None,
    daemon: bool = False,
    access_log: bool = False,
) -> str:
    """``deploy/nginx.conf`` with its values: ``listen`` (``host:port``), the two upstreams
    (``host:port``), the folder of its pid, logs, temporary files and cache, and the static
    files (``collectstatic``'s folder); ``access_log``: every request in ``access.log`` there
    (with the cache's status and the times), off by default."""
    mime = MIME_TYPES if MIME_TYPES.exists() else run_dir / "mime.types"
    if mime != MIME_TYPES:
        run_dir.mkdir(parents=True, exist_ok=True)
        mime.write_text(_MIME_FALLBACK)
    values = {
        "LISTEN": listen,
        "HALL": hall,
        "TABLETS": tablets,
        "RUN": str(run_dir),
        "STATIC": str(static_root or ROOT / "staticfiles"),
        "MIME_TYPES": str(mime),
        "DAEMON": "on" if daemon else "off",
        "ACCESS_LOG": f"{run_dir / 'access.log'} carrom" if access_log else "off",
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace(f"@@{name}@@", value)
    if os.geteuid() == 0:  # nginx's workers must not run as root
        text = text.replace("worker_processes 1;", "user nobody nogroup;\nworker_processes 1;")
    return text


def prepare(run_dir: Path, config: str) -> Path:
    """Write ``config`` into ``run_dir`` with the folders it names; the path of the file."""
    run_dir.mkdir(parents=True, exist_ok=True)
    for name in _TEMP_DIRS:
        (run_dir / name).mkdir(exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(run_dir / name, "nobody", "nogroup")
    path = run_dir / "nginx.conf"
    path.write_text(config)
    return path


def start_nginx(config: Path, run_dir: Path) -> subprocess.Popen[bytes]:
    """nginx in the foreground on ``config`` (its own prefix, error log and pid in
    ``run_dir``); returns once it listens, or raises ``RuntimeError`` with its complaint."""
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("nginx is not installed (Debian: apt-get install nginx)")
    command = [binary, "-p", str(run_dir), "-e", str(run_dir / "error.log"), "-c", str(config)]
    check = subprocess.run([*command, "-t", "-q"], capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError(f"nginx refuses the configuration: {check.stderr.strip()}")
    proc = subprocess.Popen(command, start_new_session=True)
    listen = next(
        line.split()[1].rstrip(";")
        for line in config.read_text().splitlines()
        if line.strip().startswith("listen ")
    )
    host, _, port = listen.rpartition(":")
    wait_for(host or "127.0.0.1", int(port), proc)
    return proc


def wait_for(host: str, port: int, proc: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    host = "127.0.0.1" if host in ("0.0.0.0", "*", "") else host.strip("[]")
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {host}:{port} after {seconds:g} s")


def stop(proc: subprocess.Popen[bytes] | None) -> None:
    """End ``proc`` and its process group (gunicorn's workers, nginx's), SIGKILL after 10 s."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def gunicorn(
    port: int,
    *,
    workers: int,
    worker_class: str = "sync",
    threads: int = 1,
    nice: int = 0,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "carrom_tournament.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        worker_class,
        "--threads",
        str(threads),
        "--timeout",
        "30",
        "--backlog",
        "2048",
        "--no-control-socket",
    ]
    if nice:
        command = ["nice", "-n", str(nice), *command]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    wait_for("127.0.0.1", port, proc, seconds=60)
    return proc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="run", choices=("run", "render"))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--tablet-workers", type=int, default=2)
    parser.add_argument("--hall-workers", type=int, default=2)
    parser.add_argument("--hall-threads", type=int, default=4)
    parser.add_argument("--hall-nice", type=int, default=10)
    parser.add_argument("--run-dir", type=Path, default=ROOT / ".serve")
    parser.add_argument(
        "--access-log",
        action="store_true",
        help="log every request to RUN_DIR/access.log (with the cache status)",
    )
    args = parser.parse_args(argv)
    tablets, hall = args.port + 1, args.port + 2
    listen = f"[{args.host}]:{args.port}" if ":" in args.host else f"{args.host}:{args.port}"
    config = render(
        listen=listen,
        hall=f"127.0.0.1:{hall}",
        tablets=f"127.0.0.1:{tablets}",
        run_dir=args.run_dir.resolve(),
        access_log=args.access_log,
    )
    if args.command == "render":
        sys.stdout.write(config)
        return 0
    path = prepare(args.run_dir.resolve(), config)
    # nginx is the one proxy in front: the client's address is its X-Forwarded-For
    env = {**os.environ, "AXES_IPWARE_PROXY_COUNT": os.environ.get("AXES_IPWARE_PROXY_COUNT", "1")}
    procs: list[subprocess.Popen[bytes]] = []

    def finish(*_: object) -> None:
        for proc in reversed(procs):
            stop(proc)
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, finish)
    signal.signal(signal.SIGINT, finish)
    try:
        procs.append(gunicorn(tablets, workers=args.tablet_workers, env=env))
        procs.append(
            gunicorn(
                hall,
                workers=args.hall_workers,
                worker_class="gthread",
                threads=args.hall_threads,
                nice=args.hall_nice,
                env=env,
            )
        )
        procs.append(start_nginx(path, args.run_dir.resolve()))
        print(
            f"nginx on http://{listen}/ (deploy/nginx.conf): tablets' gunicorn on "
            f"127.0.0.1:{tablets} ({args.tablet_workers} sync workers), the hall's on "
            f"127.0.0.1:{hall} ({args.hall_workers}x{args.hall_threads} threads, nice "
            f"{args.hall_nice}). Stop with Ctrl+C.",
            flush=True,
        )
        while all(p.poll() is None for p in procs):
            time.sleep(1)
        print("a server stopped; stopping the others", file=sys.stderr)
        return 1
    except RuntimeError as err:
        print(f"make serve: {err}", file=sys.stderr)
        return 1
    finally:
        for proc in reversed(procs):
            stop(proc)


if __name__ == "__main__":
    raise SystemExit(main())
