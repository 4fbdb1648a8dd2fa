"""``python -m scoring.rules replay FILE`` and ``validate FILE`` (rules/README.md, "The command").

``replay`` prints the engine's answer as JSON and exits 0; an invalid or impossible file prints
one line ``error: <where>: <reason>`` on standard error and exits 2. ``validate`` prints ``OK`` or
the same error line. ``-`` reads standard input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .errors import RulesError
from .interchange import replay_document

EXIT_INVALID = 2


def load(path: str, stdin: TextIO | None = None) -> Any:
    """Read one JSON document from ``path`` (``-``: standard input)."""
    if path == "-":
        return json.load(stdin or sys.stdin)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def run(argv: list[str] | None = None, *, stdin: TextIO | None = None,
        stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """The command's code path, callable from tests; returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m scoring.rules",
                                     description="Replay carrom boards, games and matches.")
    sub = parser.add_subparsers(dest="command", required=True)
    commands = (("replay", "print the state as JSON"), ("validate", "print OK or the error"))
    for name, text in commands:
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("file", help="a board, game or match file (format v1), or -")
    args = parser.parse_args(argv)
    try:
        document = load(args.file, stdin)
    except OSError as err:
        print(f"error: -: cannot read {args.file}: {err.strerror}", file=stderr)
        return EXIT_INVALID
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        print(f"error: -: not valid JSON: {err}", file=stderr)
        return EXIT_INVALID
    try:
        answer = replay_document(document)
    except RulesError as err:
        print(f"error: {err.where or '-'}: {err.message}", file=stderr)
        return EXIT_INVALID
    except RecursionError:
        print("error: -: the document is nested too deeply", file=stderr)
        return EXIT_INVALID
    if args.command == "validate":
        print("OK", file=stdout)
    else:
        json.dump(answer, stdout, indent=2, ensure_ascii=False)
        stdout.write("\n")
    return 0


def main() -> None:
    sys.exit(run())
