"""The Jinja2 environment of the pages, shared by the server and the offline ``report``.

Templates live in ``reversis_score/serve/templates/`` and ship in the wheel (package data),
as do the static files of ``static/``. Every value is escaped (autoescape on): names,
comments and titles come from records that anyone may have written.

``base.html`` has the blocks ``title``, ``content`` and ``scripts``. It links
``/static/app.css`` when served; ``offline=True`` (the ``report`` files) puts the same CSS
inline instead, so the file is one self-contained page.
"""
from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from reversis_score.render.tables import human_number, signed
from reversis_score.scrub import printable


def bdi(value: Any) -> Markup:
    """A name or a title from a record, escaped and isolated: a right-to-left override in it
    turns round only itself, never the text around it."""
    return Markup("<bdi>%s</bdi>") % value


@cache
def environment() -> jinja2.Environment:
    """The one Jinja2 environment: package templates, autoescaped, strict about undefined names."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("reversis_score.serve", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["signed"] = signed  # +5, −3, 0
    env.filters["number"] = human_number  # −126: the typographic minus, as every page writes it
    env.filters["bdi"] = bdi  # names and titles in the text of a page (not in attributes)
    return env


@cache
def static_text(name: str) -> str:
    """A file of ``static/`` as text (the CSS put inline in an offline page)."""
    return resources.files("reversis_score.serve").joinpath("static", name).read_text("utf-8")


def render(template: str, *, offline: bool = False, **values: Any) -> str:
    """A template rendered to a string. Served pages pass ``csrf`` and ``read_only``; an
    offline page gets the CSS inline and no script that needs the server."""
    values.setdefault("csrf", "")
    values.setdefault("read_only", True)
    css = static_text("app.css") if offline else ""
    page = environment().get_template(template).render(offline=offline, inline_css=css, **values)
    return printable(page)  # no control character from a record reaches a page
