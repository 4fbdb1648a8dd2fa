"""The server-side error pages (500, 503) share one skeleton, ``templates/error_page.html``:
standalone (no context, no session, no database), in the visitor's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation
from django.views import defaults

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.mark.parametrize("name", ["500.html", "503.html"])
def test_each_error_page_extends_the_one_skeleton(name):
    source = (TEMPLATES / name).read_text()
    assert source.startswith('{% extends "error_page.html" %}')
    assert "<html" not in source and "<head" not in source


@pytest.mark.parametrize(
    ("name", "language", "heading", "action"),
    [
        ("500.html", "en", "Server error", 'href="/"'),
        ("500.html", "de", "Serverfehler", 'href="/"'),
        ("503.html", "en", "The server is busy", 'href="/t/x/organiser/"'),
        ("503.html", "de", "Der Server ist ausgelastet", 'href="/t/x/organiser/"'),
    ],
)
def test_error_page_says_what_happened_in_the_visitors_language(name, language, heading, action):
    request = RequestFactory().get("/t/x/organiser/")
    with translation.override(language):
        html = render_to_string(name, request=request)
    assert f'<html lang="{language}">' in html
    assert re.search(r"<title>(.*?)</title>", html)[1] == heading
    assert re.search(r"<h1>(.*?)</h1>", html)[1] == heading
    assert re.search(r"<p>(.+?)</p>", html)
    assert 'class="btn btn-primary" ' + action in html
    assert "bootstrap.min.css" in html and "<script" not in html and "style=" not in html


def test_django_renders_the_500_page_without_a_request_context():
    response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert b"<h1>Server error</h1>" in response.content
