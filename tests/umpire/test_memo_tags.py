"""The ``region … memo`` and ``memo`` tags (templatetags/umpire_regions.py) keep what they
rendered per tag: two tags of one template with the same values each give their own content,
with the templates' debug option off as in production (a token then has no position)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from django.template import Context, Engine

LIBRARIES = {
    "umpire_regions": "scoring.templatetags.umpire_regions",
    "i18n": "django.templatetags.i18n",
}


def _engine() -> Engine:
    return Engine(debug=False, libraries=LIBRARIES)


def test_two_memo_tags_with_the_same_values_keep_their_own_content():
    template = _engine().from_string(
        "{% load umpire_regions %}{% memo colour %}<b>{{ colour }}</b>{% endmemo %}"
        "{% memo colour %} <i>{{ colour }}</i>{% endmemo %}"
    )
    assert template.render(Context({"colour": "black"})) == "<b>black</b> <i>black</i>"
    assert template.render(Context({"colour": "black"})) == "<b>black</b> <i>black</i>"


def test_two_regions_of_one_name_and_values_keep_their_own_content():
    template = _engine().from_string(
        '{% load umpire_regions %}{% region "r" memo v %}<p id="a">{{ v }}</p>{% endregion %}'
        '{% region "r" memo v %}<p id="b">{{ v }}!</p>{% endregion %}'
    )
    for _ in range(2):
        html = template.render(Context({"v": 1}))
        assert '<p data-h="' in html
        assert 'id="a">1</p>' in html and 'id="b">1!</p>' in html


# --- keys derived from what the content reads (issue 36: never listed by hand) ---------------


@dataclasses.dataclass(frozen=True)
class _Counted:
    """A value of the screen model whose every rendering is counted."""

    text: str

    renders: ClassVar[list[int]] = [0]

    def __str__(self) -> str:
        self.renders[0] += 1
        return self.text


class _Row:
    """A value without content of its own to compare (as a model instance)."""

    def __str__(self) -> str:
        _Counted.renders[0] += 1
        return "x"


_COMPILED: dict[str, object] = {}


def _render(source: str, **values):
    """``source`` compiled once (what is kept is kept per compiled tag), rendered."""
    template = _COMPILED.get(source)
    if template is None:
        template = _engine().from_string("{% load i18n umpire_regions %}" + source)
        _COMPILED[source] = template
    return template.render(Context(values))


def test_a_kept_line_follows_every_value_it_reads_without_naming_them():
    source = "{% memo %}{{ a }}/{{ b.c }}{% if d %}!{% endif %}{% endmemo %}"
    assert _render(source, a=1, b={"c": 2}, d=False) == "1/2"
    assert _render(source, a=1, b={"c": 3}, d=False) == "1/3"
    assert _render(source, a=1, b={"c": 3}, d=True) == "1/3!"
    assert _render(source, a=4, b={"c": 3}, d=True) == "4/3!"


def test_a_kept_region_follows_loops_withs_and_translations():
    source = (
        '{% region "r" memo %}<p id="r">{% for s in sides %}{% with c=s.colour %}'
        "{% blocktranslate with n=s.name %}{{ n }} plays {{ c }}{% endblocktranslate %};"
        "{% endwith %}{% endfor %}</p>{% endregion %}"
    )
    first = _render(source, sides=[{"name": "A", "colour": "white", "score": 1}])
    assert "A plays white;" in first
    again = _render(source, sides=[{"name": "A", "colour": "black", "score": 1}])
    assert "A plays black;" in again
    renamed = _render(source, sides=[{"name": "B", "colour": "black", "score": 1}])
    assert "B plays black;" in renamed


def test_what_the_content_does_not_read_keeps_it():
    _Counted.renders[0] = 0
    source = "{% memo %}{% for s in sides %}{{ s.name }}{% endfor %}{% endmemo %}"
    name = _Counted("Asha")
    assert _render(source, sides=[{"name": name, "score": 1}]) == "Asha"
    assert _render(source, sides=[{"name": name, "score": 2}]) == "Asha"
    assert _Counted.renders[0] == 1  # the score is not read: the line is kept
    assert _render(source, sides=[{"name": _Counted("Ben"), "score": 2}]) == "Ben"


def test_a_value_without_content_of_its_own_is_never_kept():
    _Counted.renders[0] = 0
    source = "{% memo %}{{ v }}{% endmemo %}"
    value = _Row()
    assert _render(source, v=value) == "x"
    assert _render(source, v=value) == "x"
    assert _Counted.renders[0] == 2


def test_the_paths_read_are_traced_through_loops_withs_and_includes():
    from scoring.templatetags.template_reads import reads

    engine = Engine(
        debug=False,
        libraries=LIBRARIES,
        loaders=[("django.template.loaders.locmem.Loader", {"inc.html": "{{ v }}{{ w.z }}"})],
    )
    nodes = engine.from_string(
        "{% for s in sides %}{{ s.colour }}{% with x=t.a %}{{ x.b }}{% endwith %}{% endfor %}"
        '{{ t.a.c }}{% include "inc.html" with v=u.v %}'
    ).nodelist
    assert reads(nodes, engine) == ("sides[].colour", "sides|length", "t.a", "u.v", "w.z")


def test_the_tablets_kept_regions_are_keyed_by_what_they_show():
    """The walk through the tablet's own templates: the kept regions are found, the one-tap
    buttons are kept by the pieces on the board (not by the whole screen), a history line by
    what it shows of its event."""
    from django.template import engines

    from scoring.templatetags.template_reads import reads
    from scoring.templatetags.umpire_regions import MemoNode, RegionNode

    engine = engines["django"].engine
    found = {}
    for name in ("scoring/umpire/match.html", "scoring/umpire/_play.html"):
        nodes = engine.get_template(name).nodelist
        for node in nodes.get_nodes_by_type(RegionNode):
            if node.memo is not None:
                found[str(node.name.var)] = reads(node.nodelist, engine)
        for node in nodes.get_nodes_by_type(MemoNode):
            found.setdefault("lines", []).append(reads(node.nodelist, engine))
    assert {"sides", "facts", "rulings", "game-boards", "quick", "toggles", "undo"} <= set(found)
    assert {"t.on_board.white", "t.on_board.black", "t.variant.pad_kind"} <= set(found["quick"])
    assert "t" not in found["quick"] and "pad.foul" in found["toggles"]
    assert any({"item.text", "item.number"} <= set(line) for line in found["lines"])


def test_a_kept_line_follows_a_dicts_items_and_methods():
    source = "{% memo %}{% for k, v in d.items %}{{ k }}={{ v }};{% endfor %}{% endmemo %}"
    assert _render(source, d={"a": 1}) == "a=1;"
    assert _render(source, d={"a": 2}) == "a=2;"
    assert _render(source, d={"a": 2, "b": 3}) == "a=2;b=3;"
