"""What a piece of a compiled template reads, and the key of its rendering (issue 36).

A piece of the tablet's screen rendered once per process (``{% region … memo %}``,
``{% memo %}``: :mod:`scoring.templatetags.umpire_regions`) is kept under a key made of every
value it reads: :func:`reads` walks its compiled nodes once (through loops, ``with``, includes
and the translation tags; a name bound inside is traced to what it was bound to, a loop's item
as ``sequence[]``) and :func:`key_of` resolves those paths in the context of each rendering. The
key is derived from the template itself: a template that reads one value more is kept by it at
once, and nothing is listed by hand. A value that has no content of its own to compare (a
model instance, a form: anything but plain values, their containers and dataclasses) cannot key
anything: :func:`key_of` then answers None and the piece is rendered every time.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.template.base import FilterExpression, Node, NodeList, Variable
from django.template.defaulttags import ForNode, IfNode, PartialNode, WithNode
from django.template.loader_tags import IncludeNode
from django.templatetags.i18n import BlockTranslateNode, TranslateNode

#: The names bound inside a piece, each to the path it stands for (None: a literal). A path of
#: the context: names and attributes joined by dots, ``[]`` for each item of a sequence
#: (``t.sides[].colour``: the colour of every side).
Bound = dict[str, str | None]
#: The end of a path that stands for the number of items (a loop's turns).
LENGTH = "|length"
#: Read by a tag that depends on more than values (the time, the whole context): what holds
#: it is never kept.
UNKEYABLE = "\x00unkeyable"
#: Tags that read the context without a filter expression, and what they read.
#: (a CSRF token is the request's own: a piece that may show one is never kept)
_IMPLICIT = {"CsrfTokenNode": UNKEYABLE, "NowNode": UNKEYABLE, "DebugNode": UNKEYABLE}
#: The template language's own constants (``{% if x is None %}``).
_CONSTANTS = frozenset(("None", "True", "False"))


def reads(nodes: Iterable[Node], engine: Any, bound: Bound | None = None) -> tuple[str, ...]:
    """The context paths that ``nodes`` read, each once, none under another one (what
    ``t.on_board`` holds covers ``t.on_board.white``), in a fixed order."""
    found: list[str] = []
    _walk(nodes, engine, dict(bound or {}), found)
    return _covering(found)


def key_of(paths: tuple[str, ...], context: Any) -> str | None:
    """The values of ``paths`` in ``context`` as one text (None: a value has no content of its
    own to compare, e.g. a model instance or a form, so what reads it is never kept)."""
    if UNKEYABLE in paths:
        return None
    # the same object's path read by several pieces of one answer is made text once (the
    # screen model does not change while a page is rendered; a dict, e.g. a loop's counter,
    # may, and is read again)
    texts = getattr(context, "_key_texts", None)
    if texts is None:
        texts = {}
        with contextlib.suppress(AttributeError):  # a plain dict as the context: not kept
            context._key_texts = texts
    roots: dict[str, Any] = {}  # each name looked up once in the context's stack
    try:
        return ";".join([_path_text(path, context, texts, roots) for path in paths])
    except _Unkeyable:
        return None


def _root(name: str, context: Any, roots: dict[str, Any] | None) -> Any:
    if roots is not None and name in roots:
        return roots[name]
    try:
        value = context[name]
    except (KeyError, TypeError):
        value = None
    if roots is not None:
        roots[name] = value
    return value


def _path_text(
    path: str, context: Any, texts: dict[tuple[int, str], tuple[Any, str]], roots: dict[str, Any]
) -> str:
    held = _root(path.split(".", 1)[0].split("[", 1)[0].split("|", 1)[0], context, roots)
    if held is None or isinstance(held, dict | list):
        return _text(_value(path, context, roots))
    key = (id(held), path)
    found = texts.get(key)
    if found is None:  # the object is held with its text: its id is not another's meanwhile
        found = texts[key] = (held, _text(_value(path, context, roots)))
    return found[1]


class _Unkeyable(Exception):
    pass


_PLAIN = frozenset((type(None), bool, int, float, str, bytes, Decimal, datetime.date, range))
_FIELDS: dict[type, tuple[str, ...]] = {}


def _text(value: Any) -> str:
    """``value`` as text that changes whenever its content does: plain values, their lists,
    tuples, dicts and sets, dataclasses (every field) and what renders itself as HTML."""
    kind = type(value)
    if kind in _PLAIN:
        return repr(value)
    if kind is list or kind is tuple:
        return "[" + ",".join([_text(item) for item in value]) + "]"
    names = _FIELDS.get(kind)
    if names is None and dataclasses.is_dataclass(kind):
        names = _FIELDS.setdefault(kind, tuple(f.name for f in dataclasses.fields(kind)))
    if names is not None:
        inner = ",".join([_text(getattr(value, name)) for name in names])
        return f"{kind.__qualname__}({inner})"
    if hasattr(value, "__html__"):
        return "html:" + repr(str(value.__html__()))
    if isinstance(value, tuple(_PLAIN)):  # a str or int enum, a datetime
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ",".join([_text(item) for item in value]) + "]"
    if isinstance(value, dict):
        return "{" + ",".join([f"{_text(k)}:{_text(v)}" for k, v in value.items()]) + "}"
    if isinstance(value, set | frozenset):
        return "{" + ",".join(sorted(_text(item) for item in value)) + "}"
    raise _Unkeyable(kind.__name__)


def _covering(paths: list[str]) -> tuple[str, ...]:
    kept: list[str] = []
    for path in sorted(set(paths)):
        if not any(path.startswith(k) and path[len(k)] in ".[" for k in kept if path != k):
            kept.append(path)
    return tuple(kept)


def _lookup(bits: tuple[str, ...], context: Any, roots: dict[str, Any] | None = None) -> Any:
    """The value of a dotted path as the template language finds it (a key, an attribute or
    an index at each step; a callable called), or None."""
    value = _root(bits[0], context, roots)
    if value is None:
        return None
    for bit in bits[1:]:
        if callable(value) and not getattr(value, "do_not_call_in_templates", False):
            if getattr(value, "alters_data", False):
                return None
            try:
                value = value()
            except TypeError:
                return None
        if isinstance(value, dict) and (bit in value or hasattr(value, "__missing__")):
            value = value[bit]
            continue
        try:
            value = getattr(value, bit)
        except AttributeError:
            try:
                value = value[int(bit)] if bit.isdigit() else value[bit]
            except (TypeError, KeyError, IndexError, AttributeError, ValueError):
                return None
    if callable(value) and not getattr(value, "do_not_call_in_templates", False):
        if getattr(value, "alters_data", False):
            return None
        try:
            value = value()
        except TypeError:
            return None
    return value


#: Each path split once: (the dotted path before its first ``[]``, what follows, whether it
#: counts items).
_SPLIT: dict[str, tuple[tuple[str, ...], str | None, bool]] = {}


def _value(path: str, context: Any, roots: dict[str, Any] | None = None) -> Any:
    split = _SPLIT.get(path)
    if split is None:
        length = path.endswith(LENGTH)
        head, each, after = path.removesuffix(LENGTH).partition("[]")
        split = (tuple(head.split(".")), after.removeprefix(".") if each else None, length)
        _SPLIT[path] = split
    bits, rest, length = split
    if length:
        return _lengths(_value(path.removesuffix(LENGTH), context, roots), path.count("[]"))
    value = _lookup(bits, context, roots)
    if rest is None:
        return value
    try:
        items = list(value)
    except TypeError:
        return value
    if not rest:
        return items
    return [_value(f"item.{rest}", {"item": item}) for item in items]


def _lengths(value: Any, depth: int) -> Any:
    """The number of items of ``value``; of each of its items, ``depth`` levels down."""
    try:
        return [_lengths(v, depth - 1) for v in value] if depth else len(value)
    except TypeError:
        return value


def _paths(expression: Any, bound: Bound) -> list[str]:
    """The paths a filter expression (or a variable) reads: its variable and its filters'
    arguments; a name bound inside the piece is traced to what it was bound to."""
    variables: list[Any] = []
    if isinstance(expression, FilterExpression):
        variables.append(expression.var)
        variables.extend(
            arg for _func, args in expression.filters for lookup, arg in args if lookup
        )
    elif isinstance(expression, Variable):
        variables.append(expression)
    out = []
    for var in variables:
        if not isinstance(var, Variable) or var.lookups is None:
            continue  # a literal
        root, *rest = var.lookups
        if root in _CONSTANTS and not rest:
            continue
        if root in bound:
            if bound[root] is not None:
                out.append(".".join([str(bound[root]), *rest]))
        else:
            out.append(".".join(var.lookups))
    return out


def _bind(names: dict[str, Any], bound: Bound, found: list[str]) -> Bound:
    inner = dict(bound)
    for name, value in names.items():
        paths = _paths(value, bound)
        found.extend(paths)
        inner[name] = paths[0] if paths else None
    return inner


def _walk(nodes: Iterable[Node], engine: Any, bound: Bound, found: list[str]) -> None:
    for node in nodes:
        _node(node, engine, bound, found)


def _node(node: Node, engine: Any, bound: Bound, found: list[str]) -> None:
    if isinstance(node, IfNode):
        for condition, nodelist in node.conditions_nodelists:
            _condition(condition, bound, found)
            _walk(nodelist, engine, bound, found)
    elif isinstance(node, ForNode):
        sequence = _paths(node.sequence, bound)
        found.extend(f"{path}{LENGTH}" for path in sequence)  # the items, as far as read
        each = f"{sequence[0]}[]" if sequence else None
        inner = dict(bound, forloop=None, **dict.fromkeys(node.loopvars, each))
        _walk(_nodes(node.nodelist_loop), engine, inner, found)
        _walk(_nodes(node.nodelist_empty), engine, bound, found)
    elif isinstance(node, WithNode):
        _walk(node.nodelist, engine, _bind(node.extra_context, bound, found), found)
    elif isinstance(node, IncludeNode):
        inner = _bind(node.extra_context, bound, found)
        name = node.template.var
        if isinstance(name, str) and node.template.is_var is False:
            _walk(engine.get_template(name).nodelist, engine, inner, found)
        else:
            found.extend(_paths(node.template, bound))
    elif isinstance(node, TranslateNode):
        found.extend(_paths(node.filter_expression, bound))
        if node.asvar:
            bound[node.asvar] = None
    elif isinstance(node, BlockTranslateNode):
        inner = _bind(node.extra_context, bound, found)
        if node.counter is not None:
            counted = _paths(node.counter, bound)
            found.extend(counted)
            inner[str(node.countervar)] = counted[0] if counted else None
        for token in [*node.singular, *(node.plural or [])]:
            if token.token_type.name == "VAR":
                found.extend(_paths(Variable(token.contents), inner))
        if node.asvar:
            bound[node.asvar] = None
    elif isinstance(node, PartialNode):
        _walk(node.partial_mapping[node.partial_name].nodelist, engine, bound, found)
    elif type(node).__name__ in _IMPLICIT:
        found.append(_IMPLICIT[type(node).__name__])
    else:
        if getattr(node, "takes_context", False):  # a tag given the whole context
            found.append(UNKEYABLE)
        _any(node, engine, bound, found)


def _nodes(nodelist: Any) -> Iterable[Node]:
    return nodelist if isinstance(nodelist, NodeList) else ()


def _any(node: Node, engine: Any, bound: Bound, found: list[str]) -> None:
    """Any other tag: every filter expression and node list it holds (a variable, a simple
    tag's arguments, ``url``, ``cache``, the regions' own values)."""
    for value in vars(node).values():
        for item in value.values() if isinstance(value, dict) else _items(value):
            if isinstance(item, FilterExpression | Variable):
                found.extend(_paths(item, bound))
            elif isinstance(item, NodeList):
                _walk(item, engine, bound, found)
    asvar = getattr(node, "target_var", None) or getattr(node, "asvar", None)
    if isinstance(asvar, str):
        bound[asvar] = None


def _items(value: Any) -> Iterable[Any]:
    return (
        value if isinstance(value, list | tuple) and not isinstance(value, NodeList) else (value,)
    )


def _condition(condition: Any, bound: Bound, found: list[str]) -> None:
    if condition is None:
        return
    if getattr(condition, "value", None) is not None:  # a literal: a filter expression
        found.extend(_paths(condition.value, bound))
        return
    _condition(getattr(condition, "first", None), bound, found)
    _condition(getattr(condition, "second", None), bound, found)
