"""``python -m scoring.rules replay FILE`` and ``validate FILE`` (rules/README.md, "The command").

``replay`` prints the engine's answer as JSON and exits 0; an invalid or impossible file prints
one line ``error: <where>: <reason>`` on standard error and exits 2. ``validate`` prints ``OK`` or
the same error line. ``-`` reads standard input.

A document may play a house preset: ``rules`` (the preset it starts from) plus ``"switches"``
(:mod:`.house`); or ``--rules PRESET.json`` replays the file under a preset file
(``"format": "carrom-rules/1"``: ``name``, ``rules``, ``switches``). ``rules FILE`` checks a
preset file alone and prints the rule set it makes, with its differences from ICF.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .errors import RulesError
from .house import differences_from_icf, read_rules_document, rules_document, with_switches
from .interchange import replay_document as replay_plain
from .presets import RuleSet


def replay_document(data: Any, rules: RuleSet | None = None) -> dict[str, Any]:
    """Replay an interchange document whose ``rules`` may carry ``"switches"`` (or under a
    preset file's ``rules``), otherwise as :func:`~.interchange.replay_document`."""
    return replay_plain(with_switches(data, rules))


EXIT_INVALID = 2


def load(path: str, stdin: TextIO | None = None) -> Any:
    """Read one JSON document from ``path`` (``-``: standard input)."""
    if path == "-":
        return json.load(stdin or sys.stdin)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def run(
    argv: list[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """The command's code path, callable from tests; returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = argparse.ArgumentParser(
        prog="python -m scoring.rules", description="Replay carrom boards, games and matches."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    commands = (("replay", "print the state as JSON"), ("validate", "print OK or the error"))
    for name, text in commands:
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("file", help="a board, game or match file (format v1), or -")
        cmd.add_argument(
            "--rules",
            metavar="PRESET",
            help="a house preset file (carrom-rules/1) to play the file under",
        )
    check = sub.add_parser("rules", help="check a house preset file and print its rule set")
    check.add_argument("file", help="a carrom-rules/1 file, or -")
    args = parser.parse_args(argv)
    rules: RuleSet | None = None
    try:
        if getattr(args, "rules", None):
            rules = read_rules_document(load(args.rules, stdin))
        document = load(args.file, stdin)
    except OSError as err:
        print(f"error: -: cannot read {err.filename}: {err.strerror}", file=stderr)
        return EXIT_INVALID
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        print(f"error: -: not valid JSON: {err}", file=stderr)
        return EXIT_INVALID
    except RulesError as err:
        print(f"error: {err.where or '-'}: {err.message}", file=stderr)
        return EXIT_INVALID
    try:
        if args.command == "rules":
            rules = read_rules_document(document)
            answer = rules_document(rules) | {
                "key": rules.key,
                "differences_from_icf": [
                    {"switch": key, "icf": icf, "value": value}
                    for key, icf, value in differences_from_icf(rules)
                ],
            }
        else:
            answer = replay_document(document, rules)
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
