"""Every value a kept region or line of the tablet reads is in its key (templatetags/
umpire_regions.py: ``{% region … memo … %}``, ``{% memo … %}``): the compiled templates are
walked, each variable a region's content reads (through loops, ``with``, includes and the
translation tags) is traced to the screen model, and it must lie under one of the region's
memo values. A value left out of a key then fails here, whatever state the other tests reach.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.template import engines
from django.template.base import FilterExpression, Node, NodeList, Variable, VariableNode
from django.template.defaulttags import ForNode, IfNode, WithNode
from django.template.library import SimpleNode
from django.template.loader_tags import IncludeNode
from django.templatetags.i18n import BlockTranslateNode, TranslateNode

from scoring.templatetags.umpire_regions import MemoNode, RegionNode

TEMPLATES = (
    "scoring/umpire/match.html",
    "scoring/umpire/_play.html",
    "scoring/umpire/_point_more.html",
    "scoring/umpire/_foot_actions.html",
)

#: The same for every answer of the process (views/umpire/base.py: _context): no key needed.
CONSTANT = {
    "hx",
    "keys",
    "by_key",
    "busy",
    "count_range",
    "points_range",
    "forloop",
    "oob",
    "True",
    "False",
    "None",
}
#: Parameters of the included partials that the tablet's context never holds (an include
#: that does not pass one reads it as empty).
ABSENT = {"legend", "coin", "when"}
#: Properties of the screen model made of one value only (selectors/umpire/model.py), by
#: the end of their path.
DERIVED = {".last_ruling_texts": ".last_rulings", ".colour_label": ".colour"}
#: A key that names a recorded event (its request key): what its line shows never changes
#: once recorded (an undo is a new row), so the line is kept by the event itself.
IDENTITY = {"t.history[].key": "t.history[]"}
#: A key made of what it names (selectors/umpire/boards.py: _history_key holds the board, the
#: names the rulings use and the seating, from which the seat names come).
COVERS = {"t.history_key": ("t.seating_names",)}
#: Keyed by a digest of everything it reads (views/umpire/base.py: _actions_key), compared
#: with a fresh rendering by tests/umpire/test_stroke_response.py.
DIGESTED = {"actions"}


def _path(expression: Any, bound: dict[str, str | None]) -> list[str]:
    """The screen-model paths a filter expression reads (its variable and its filters'
    arguments); a name bound inside the region (a loop, a ``with``) is traced to its value."""
    out: list[str] = []
    variables: list[Any] = []
    if isinstance(expression, FilterExpression):
        variables.append(expression.var)
        for _func, args in expression.filters:
            variables.extend(arg for lookup, arg in args if lookup)
    elif isinstance(expression, Variable):
        variables.append(expression)
    for var in variables:
        if not isinstance(var, Variable) or var.lookups is None:
            continue  # a literal
        root, *rest = var.lookups
        if root in bound:
            if bound[root] is None:
                continue  # bound to a literal or a constant
            out.append(".".join([bound[root], *rest]))
        elif root not in CONSTANT and root not in ABSENT:
            out.append(".".join(var.lookups))
    return out


def _reads(nodes: NodeList, bound: dict[str, str | None]) -> list[str]:
    """Every path the nodes read, in their own regions' keys or not."""
    out: list[str] = []
    for node in nodes:
        out.extend(_node_reads(node, bound))
    return out


def _one(paths: list[str]) -> str | None:
    return paths[0] if paths else None


def _bind(
    names: dict[str, Any], bound: dict[str, str | None], out: list[str]
) -> dict[str, str | None]:
    """The names a tag binds (``with``, an include's or a translation's values), traced to
    what they read; what they read goes to ``out``."""
    inner = dict(bound)
    for name, value in names.items():
        paths = _path(value, bound)
        out.extend(paths)
        inner[name] = _one(paths)
    return inner


def _node_reads(node: Node, bound: dict[str, str | None]) -> list[str]:
    out: list[str] = []
    if isinstance(node, VariableNode):
        return _path(node.filter_expression, bound)
    if isinstance(node, IfNode):
        for condition, nodelist in node.conditions_nodelists:
            out.extend(_condition(condition, bound))
            out.extend(_reads(nodelist, bound))
        return out
    if isinstance(node, ForNode):
        sequence = _path(node.sequence, bound)
        out.extend(sequence)
        inner = dict(bound)
        for name in node.loopvars:
            inner[name] = f"{sequence[0]}[]" if sequence else None
        return out + _reads(node.nodelist_loop, inner) + _reads(node.nodelist_empty, bound)
    if isinstance(node, WithNode):
        inner = _bind(node.extra_context, bound, out)
        return out + _reads(node.nodelist, inner)
    if isinstance(node, IncludeNode):
        inner = _bind(node.extra_context, bound, out)
        included = engines["django"].engine.get_template(node.template.var)
        return out + _reads(included.nodelist, inner)
    if isinstance(node, TranslateNode):
        if node.asvar:
            bound[node.asvar] = None
        return _path(node.filter_expression, bound)
    if isinstance(node, BlockTranslateNode):
        inner = _bind(node.extra_context, bound, out)
        if node.counter is not None:
            paths = _path(node.counter, bound)
            out.extend(paths)
            inner[node.countervar] = _one(paths)
        for token in [*node.singular, *(node.plural or [])]:
            if token.token_type.name == "VAR":
                root = token.contents.split(".")[0]
                if root not in inner:
                    out.append(token.contents)
        return out
    if isinstance(node, SimpleNode):
        for value in [*node.args, *node.kwargs.values()]:
            out.extend(_path(value, bound))
        return out
    if isinstance(node, RegionNode | MemoNode):
        values = node.memo if isinstance(node, RegionNode) else node.values
        for value in values:
            out.extend(_path(value, bound))
        return out + _reads(node.nodelist, bound)
    for name in getattr(node, "child_nodelists", ()):
        out.extend(_reads(getattr(node, name, None) or [], bound))
    return out


def _condition(condition: Any, bound: dict[str, str | None]) -> list[str]:
    if condition is None:
        return []
    if getattr(condition, "value", None) is not None:  # a literal: a filter expression
        return _path(condition.value, bound)
    return [
        *_condition(getattr(condition, "first", None), bound),
        *_condition(getattr(condition, "second", None), bound),
    ]


def _kept(nodes: NodeList, bound: dict[str, str | None]) -> list[tuple[str, list[str], list[str]]]:
    """Every kept region and line under ``nodes``: its name, its key's paths, what it reads."""
    out = []
    for node in nodes:
        if isinstance(node, RegionNode | MemoNode):
            values = node.memo if isinstance(node, RegionNode) else node.values
            if values:
                name = (
                    str(node.name.var)
                    if isinstance(node, RegionNode)
                    else f"memo line {node.token.lineno}"
                )
                keys = [p for v in values for p in _path(v, bound)]
                out.append((name, keys, _reads(node.nodelist, dict(bound))))
        if isinstance(node, ForNode):
            sequence = _path(node.sequence, bound)
            each = f"{sequence[0]}[]" if sequence else None
            inner = dict(bound, **dict.fromkeys(node.loopvars, each))
            out.extend(_kept(node.nodelist_loop, inner))
            continue
        if isinstance(node, WithNode):
            inner = dict(bound, **{n: _one(_path(v, bound)) for n, v in node.extra_context.items()})
            out.extend(_kept(node.nodelist, inner))
            continue
        for name in getattr(node, "child_nodelists", ()):
            out.extend(_kept(getattr(node, name, None) or [], bound))
        if isinstance(node, RegionNode | MemoNode):
            out.extend(_kept(node.nodelist, bound))
    return out


def _covered(path: str, keys: list[str]) -> bool:
    for end, value in DERIVED.items():
        if path.endswith(end):
            path = path[: -len(end)] + value
    parts = path.replace("[]", ".[]").split(".")
    if any(path in COVERS.get(key, ()) for key in keys):
        return True
    for key in keys:
        key = IDENTITY.get(key, key)
        key_parts = key.replace("[]", ".[]").split(".")
        if parts[: len(key_parts)] == key_parts:
            return True
    return False


def _all_kept() -> list[tuple[str, str, list[str], list[str]]]:
    found = []
    for name in TEMPLATES:
        template = engines["django"].engine.get_template(name)
        found.extend((name, *kept) for kept in _kept(template.nodelist, {}))
    return found


def test_the_walk_finds_the_kept_regions():
    names = {region for _template, region, _keys, _reads in _all_kept()}
    assert {
        "sides",
        "facts",
        "rulings",
        "game-boards",
        "quick",
        "count-white",
        "toggles",
        "more",
        "undo",
    } <= names


@pytest.mark.parametrize("kept", _all_kept(), ids=lambda k: f"{k[0]}:{k[1]}")
def test_a_kept_region_reads_only_its_key(kept):
    template, name, keys, reads = kept
    if name in DIGESTED:
        return
    missing = sorted({path for path in reads if not _covered(path, keys)})
    assert missing == [], f"{template}: {name} reads {missing} outside its key {keys}"
