"""The Jinja2 environment of the pages, shared by the server and the offline ``report``.

Templates live in ``reversis_score/serve/templates/`` and ship in the wheel (package data),
as do the static files of ``static/``. Every value is escaped (autoescape on): names,
comments and titles come from records that anyone may have written.

Words for people go through Jinja2's i18n extension (``{% trans %}``, ``_()``, ``ngettext``),
bound to ``reversis_score.i18n``: each call asks ``i18n.language()``, the request's language
(serve/language.py) or ``report``'s, so that one environment serves every language. The
templates' messages are in the same catalogue as the code's (tests/catalogue.py extracts
them with Babel's Jinja2 extractor). ``lang`` (``en`` or ``fr``) is given to every template.

``base.html`` has the blocks ``title``, ``content`` and ``scripts``. It links
``/static/app.css`` when served; ``offline=True`` (the ``report`` files) puts the same CSS
inline instead, so the file is one self-contained page.
"""
from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup, escape

from reversis_score import i18n
from reversis_score.render.tables import human_number, signed
from reversis_score.scrub import LONGEST, cut, printable

TOOLTIP = 1000  # characters of a longer one kept in its tooltip (the record holds the rest)
SENTENCE = 2000  # characters of a sentence made with them (a warning, an error and its line)


def bdi(value: Any) -> Markup:
    """A name or a title from a record, escaped and isolated: a right-to-left override in it
    turns round only itself, never the text around it. One longer than ``LONGEST`` is cut,
    its first ``TOOLTIP`` characters in a tooltip."""
    text = value if isinstance(value, Markup) else str(value)
    if len(text) <= LONGEST:
        return Markup("<bdi>%s</bdi>") % value
    return Markup('<bdi title="%s">%s</bdi>') % (fsi(cut(text, TOOLTIP), TOOLTIP), cut(text))


# The explicit bidi controls (embeddings, overrides, isolates): their reach goes past a name.
_CONTROLS = "\u202a-\u202e\u2066-\u2069"
_LOOSE = re.compile(f"\\S*[{_CONTROLS}]\\S*")


@lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    found = sorted({n for n in names if n}, key=len, reverse=True)  # Anne before Ann
    return re.compile("|".join(map(re.escape, found))) if found else None


def iso(text: Any, names: Any = (), most: int = SENTENCE) -> Markup:
    """A sentence made with names in it (``Bruno wins the party (10)``, a why, a trick),
    escaped, each of ``names`` in it in ``<bdi>``; any other word holding a bidi control
    isolated too. So a name can turn round only itself, never the figures beside it. At most
    ``most`` characters of it are shown."""
    if text is None:
        return Markup("")
    text = cut(text, most)
    pattern = _names_pattern(tuple(n[:LONGEST] for n in names))
    out, at = [], 0
    if pattern is not None:
        for found in pattern.finditer(text):
            out.append(_loose(text[at:found.start()]))
            out.append(bdi(found.group()))
            at = found.end()
    out.append(_loose(text[at:]))
    return Markup("").join(out)


def _loose(text: str) -> Markup:
    if not _LOOSE.search(text):
        return escape(text)
    out, at = [], 0
    for found in _LOOSE.finditer(text):
        out.append(escape(text[at:found.start()]))
        out.append(bdi(found.group()))
        at = found.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


def fsi(value: Any, most: int = LONGEST) -> str:
    """A name in plain text (an attribute, a tooltip, a page's title, a menu's option), where
    no element can isolate it: between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (at
    most ``most`` characters of it)."""
    return f"\u2068{cut(value, most)}\u2069"


def isolated_text(text: str, names: Any = ()) -> str:
    """``iso`` for plain text: each name between FSI and PDI (tooltips, attributes)."""
    text = cut(text, SENTENCE)
    pattern = _names_pattern(tuple(n[:LONGEST] for n in names))
    out, at = [], 0
    if pattern is not None:
        for found in pattern.finditer(text):
            out.append(_LOOSE.sub(lambda m: fsi(m.group()), text[at:found.start()]))
            out.append(fsi(found.group()))
            at = found.end()
    out.append(_LOOSE.sub(lambda m: fsi(m.group()), text[at:]))
    return "".join(out)


@lru_cache(maxsize=4096)
def _french(value: int | float) -> str:
    """``i18n.number`` in French, kept: a page writes the same few figures many times over
    (Babel takes tens of microseconds a number)."""
    with i18n.speaking("fr"):
        return i18n.number(value)


def people_number(value: Any) -> str:
    """A figure as the page's reader writes it: ``−1250`` in English (the typographic minus,
    as every page writes it), « −1 250 » in French; a cell that is not a number is left alone."""
    if i18n.language() != "en" and isinstance(value, int) and not isinstance(value, bool):
        return _french(value)
    return human_number(value)


_SIGNED_NUMBER = re.compile(r"[+\-\u2212]?\d+(\.\d+)?")


def people_figure(value: Any) -> Any:
    """A count or an amount shown as it comes in English (the page as it ever was); in French
    an int, or a text that is only a signed int, « 1 250 » with the sign kept."""
    if i18n.language() == "en" or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _french(value)
    if isinstance(value, str) and _SIGNED_NUMBER.fullmatch(value):  # 1250, −3, +6.6
        plain = value.replace("\u2212", "-")
        figure = float(plain) if "." in plain else int(plain)
        return ("+" if value.startswith("+") else "") + _french(figure)
    return value


def people_signed(value: int) -> str:
    """A net with its sign: ``+1250``, ``−3``, ``0``; in French « +1 250 »."""
    if i18n.language() == "en" or not value:
        return signed(value)
    return ("+" if value > 0 else "") + _french(value)


def people_date(value: Any) -> str:
    """A date of a record (``2026-11-27``) as the reader writes it: as is in English, « 27
    novembre 2026 » in French (a text that is not a date is left alone)."""
    if value is None or i18n.language() == "en":
        return "" if value is None else str(value)
    import datetime as dt
    try:
        return i18n.long_date(dt.date.fromisoformat(str(value)))
    except ValueError:
        return str(value)


# The ranks as a French reader writes them: roi, dame, valet (the sources' R, D, V).
FRENCH_RANKS = {"K": "R", "Q": "D", "J": "V"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_face(card: str) -> str:
    """``4H`` as people write it: ``4♥`` (``TD``: ``10♦``); ``KH`` is ``K♥``, in French ``R♥``."""
    rank, suit = card[:-1].upper(), card[-1].upper()
    if i18n.language() == "fr":
        rank = FRENCH_RANKS.get(rank, rank)
    return ("10" if rank in ("T", "10") else rank) + SUIT_SYMBOLS.get(suit, suit)


def _switch_link(lang: str) -> str:
    from reversis_score.serve.language import switch_link  # (Starlette: served pages only)
    return switch_link(lang)


@cache
def environment() -> jinja2.Environment:
    """The one Jinja2 environment: package templates, autoescaped, strict about undefined names,
    its words through reversis_score.i18n in the language of the moment."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("reversis_score.serve", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(gettext=i18n._, ngettext=i18n.ngettext,  # type: ignore[attr-defined]
                                  newstyle=True)
    env.filters["signed"] = people_signed  # +5, −3, 0
    env.filters["number"] = people_number  # −126: the typographic minus, as every page writes it
    env.globals["switch"] = _switch_link  # the FR / EN switch's links (served pages only)
    env.filters["figure"] = people_figure  # a count: as it comes in English, « 1 250 » in French
    env.filters["day"] = people_date  # a record's date: « 27 novembre 2026 » in French
    env.filters["face"] = card_face  # a card as the reader writes it: K♥, in French R♥
    env.filters["bdi"] = bdi  # names and titles in the text of a page (not in attributes)
    env.filters["iso"] = iso  # sentences with names in them: {{ h.outcome | iso(players) }}
    env.filters["fsi"] = fsi  # names in attributes, titles and options
    env.filters["isotext"] = isolated_text  # sentences with names, in attributes and titles
    env.filters["cut"] = cut  # a name where it cannot be isolated (an option's value): 200 characters
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
    values.setdefault("lang", i18n.language())
    css = static_text("app.css") if offline else ""
    page = environment().get_template(template).render(offline=offline, inline_css=css, **values)
    return printable(page)  # no control character from a record reaches a page
