"""The ``region … memo`` and ``memo`` tags (templatetags/umpire_regions.py) keep what they
rendered per tag: two tags of one template with the same values each give their own content,
with the templates' debug option off as in production (a token then has no position)."""

from __future__ import annotations

from django.template import Context, Engine

LIBRARIES = {"umpire_regions": "scoring.templatetags.umpire_regions"}


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
