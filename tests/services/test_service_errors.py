"""One base for every service's refusal (issue 36): ``ServiceError(code, params)``, its words
from the one catalogue of error codes in the reader's language, caught once by the views."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from django.utils import translation

import scoring.services
from scoring.rules import RulesError
from scoring.services.errors import REFUSED, ServiceError
from scoring.services.matches import MatchError, StaleMatch
from scoring.services.reconcile import PaperError
from scoring.services.sol import SolError
from scoring.services.tournaments import TournamentError

VIEWS = Path(scoring.services.__file__).resolve().parent.parent / "views"


def _service_exceptions() -> list[type[BaseException]]:
    """Every public exception class defined in a module of ``scoring.services``."""
    found = []
    for info in pkgutil.walk_packages(scoring.services.__path__, "scoring.services."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found.append(value)
    return found


def test_every_service_error_derives_from_the_one_base():
    errors = _service_exceptions()
    names = {error.__name__ for error in errors}
    # the names callers already use keep working
    assert {
        "MatchError",
        "StaleMatch",
        "MatchLocked",
        "TournamentError",
        "DrawServiceError",
        "PointDrawError",
        "PaperError",
        "BackupError",
        "SolError",
        "CorrectionError",
        "PeopleError",
        "SheetError",
        "CheckInError",
        "PossibleDuplicate",
        "ImportFailed",
        "ArchiveTooLarge",
        "ServiceError",
    } <= names
    strays = [error.__qualname__ for error in errors if not issubclass(error, ServiceError)]
    assert strays == []


def test_the_refusal_is_rendered_from_its_code_and_params_in_the_readers_language():
    refusal = TournamentError("csv_too_long", max=5000)
    assert (refusal.code, refusal.params) == ("csv_too_long", {"max": 5000})
    assert refusal.text() == "More than 5000 lines."
    with translation.override("de"):
        german = refusal.text()
    assert "5000" in german and german != "More than 5000 lines."
    assert MatchError("not_on_turn").text() == "That colour is not on turn."
    assert StaleMatch("stale").status == 409 and MatchError("x").status == 422


def test_an_unknown_code_says_its_english_detail_or_names_the_code():
    assert SolError("the zip data is damaged").text() == "the zip data is damaged"
    assert str(SolError("the zip data is damaged")) == "the zip data is damaged"
    assert ServiceError("no_such_code").text() == "This is not possible now (no_such_code)."
    paper = PaperError("bad_points", "12 points", where="game 1")
    assert (str(paper), paper.message, paper.where) == ("game 1: 12 points", "12 points", "game 1")


@pytest.mark.parametrize("caught", [MatchError("x"), TournamentError("x"), RulesError("x", "y")])
def test_a_write_view_catches_every_refusal_with_one_name(caught):
    assert isinstance(caught, REFUSED)


def test_no_view_catches_a_tuple_of_service_errors():
    """The views catch :data:`REFUSED` (or one service's class), never a hand-made tuple of
    the service errors."""
    service_names = {error.__name__ for error in _service_exceptions()}
    offenders = []
    for path in VIEWS.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith("except (") and "," in stripped:
                caught = {
                    n.strip(" ()").split(".")[-1]
                    for n in stripped[len("except (") :].split(")")[0].split(",")
                }
                if len(caught & (service_names | {"RulesError"})) > 1:
                    offenders.append(f"{path.name}:{number}: {stripped}")
    assert offenders == []


#: refusals never shown on a page: the tournament backup is read by the ``import_tournament``
#: command, whose English details name the file's fields for the person running it
COMMAND_LINE_ONLY = {"BackupError"}


def _raised_codes() -> dict[str, str]:
    """Every literal code a module of ``scoring/`` passes to an error class, and where."""
    import ast

    root = Path(scoring.services.__file__).resolve().parent.parent
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", "")
            code = node.args[0]
            if (
                name.endswith("Error")
                and name not in COMMAND_LINE_ONLY
                and isinstance(code, ast.Constant)
                and isinstance(code.value, str)
                and code.value.replace("_", "").isalnum()
                and code.value.islower()
            ):
                found.setdefault(code.value, f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


def test_every_refusal_a_page_can_show_has_its_sentence_in_every_language():
    """A code without a sentence of its own falls back to the service's English detail, which
    would stay English on a French or Italian page (issue 35): every code the app raises is in
    the one catalogue (``scoring/error_words.py``) but for the passwords' own validators'
    messages (``bad_password`` carries Django's translated sentences)."""
    from scoring.error_words import known

    codes = _raised_codes()
    assert len(codes) > 150  # the scan sees the services' codes
    missing = {
        code: where for code, where in codes.items() if not known(code) and code != "bad_password"
    }
    assert missing == {}
