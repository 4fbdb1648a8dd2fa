"""The layers' contracts that import-linter cannot see (issue 13): views never touch a model
manager (reads go through selectors, writes through services)."""

from __future__ import annotations

import ast
from pathlib import Path

VIEWS = Path(__file__).resolve().parents[2] / "scoring" / "views"


def test_no_view_uses_a_model_manager():
    found = []
    for path in sorted(VIEWS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "objects":
                found.append(f"{path.relative_to(VIEWS.parent.parent)}:{node.lineno}")
    assert found == []


SCORING = VIEWS.parent
#: held by their own branches (none left: every service is keyword-only)
NOT_YET: tuple[str, ...] = ()


def _modules() -> list[tuple[str, ast.Module]]:
    return [
        (str(path.relative_to(SCORING.parent)), ast.parse(path.read_text()))
        for path in sorted(SCORING.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_the_result_flow_is_explicit_calls_not_signals():
    """No Django signal of our own is defined or sent: a service calls the result flow
    (scoring.services.results_flow) itself (issue 36)."""
    found = []
    for name, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
                called = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
                if called in ("Signal", "send", "send_robust"):
                    found.append(f"{name}:{node.lineno} {called}")
    assert found == []


def test_no_underscore_name_is_imported_across_modules():
    """A module's private names (``_name``) stay in it: what another module needs is public
    (issue 36). Counted for every module of scoring that imports from scoring.services, and
    for every module of the services."""
    found = []
    for name, tree in _modules():
        services = name.startswith("scoring/services/") and not any(p in name for p in NOT_YET)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and (services or (node.module or "").startswith("scoring.services"))
                and any(
                    alias.name.startswith("_") and not alias.name.startswith("__")
                    for alias in node.names
                )
            ):
                found.append(f"{name}:{node.lineno}")
    assert found == []


#: Read-side modules (by path prefix) that may still import a private name of another module
#: (issue 36): none is left (a name used across modules is public). Never lengthen it.
PRIVATE_IMPORTS_LEFT: tuple[str, ...] = ()


def test_the_read_side_imports_no_private_name():
    """Selectors, views, forms, template tags and commands import no ``_name`` of another
    module (issue 36), but for the modules under :data:`PRIVATE_IMPORTS_LEFT`."""
    found = []
    for name, tree in _modules():
        area = name.split("/")[1]
        if area not in ("selectors", "views", "forms", "templatetags", "management"):
            continue
        if name.startswith(PRIVATE_IMPORTS_LEFT):
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("scoring")
                and any(a.name.startswith("_") and not a.name.startswith("__") for a in node.names)
            ):
                found.append(f"{name}:{node.lineno}")
    assert found == []


def _service_modules() -> list[tuple[str, ast.Module]]:
    return [
        (name, tree)
        for name, tree in _modules()
        if name.startswith("scoring/services/") and not any(part in name for part in NOT_YET)
    ]


def test_public_service_functions_take_their_subject_alone_by_position():
    """A public service function takes at most one positional parameter, the subject it acts
    on (the match, the tournament, the event); every other one is keyword-only (issue 36,
    docs/DEVELOPING.md)."""
    found = []
    for name, tree in _service_modules():
        for node in tree.body:
            if isinstance(
                node, ast.FunctionDef | ast.AsyncFunctionDef
            ) and not node.name.startswith("_"):
                positional = [*node.args.posonlyargs, *node.args.args]
                if len(positional) > 1 or node.args.vararg is not None:
                    found.append(f"{name}:{node.lineno} {node.name}")
    assert found == []


def _service_imports() -> dict[str, set[str]]:
    """Each module of scoring.services and the modules of scoring.services it imports,
    anywhere in it (inside functions too); importing ``a.b.c`` runs ``a.b`` first."""
    graph: dict[str, set[str]] = {}
    for name, tree in _modules():
        if not name.startswith("scoring/services/"):
            continue
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        targets = graph.setdefault(module, set())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for imported in names:
                parts = imported.split(".")
                for i in range(3, len(parts) + 1):
                    if parts[:2] == ["scoring", "services"]:
                        targets.add(".".join(parts[:i]))
    return {m: {t for t in ts if t in graph and t != m} for m, ts in graph.items()}


def test_the_result_flow_is_in_no_import_loop():
    """The match services call the result flow; the services it calls (the call-up, the
    bracket, the ratings, the team tie's sync in it) never import the match services or
    the flow back, not even inside a function (issue 36)."""
    graph = _service_imports()
    start = "scoring.services.results_flow"
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph[module])
    assert start not in seen, sorted(m for m in seen if start in graph[m])
    assert "scoring.services.matches" not in seen
