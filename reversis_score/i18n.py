"""The language of the words written for a person: English, or French (gettext catalogues).

The language is the one ``--lang fr|en`` chose (``set_language``), else the first of
``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (``fr_FR.UTF-8`` is French), else
English. Words for a machine (JSON keys, CSV headings, SQL columns, exit statuses) never pass
through here.

The catalogues are ``reversis_score/locale/<lang>/LC_MESSAGES/<domain>.po``, edited by hand
and compiled to the ``.mo`` beside them (``pybabel compile -d reversis_score/locale -D
reversis-score``; tests/test_i18n.py checks that each committed ``.mo`` says what its ``.po``
says). Two domains: ``reversis-score`` for our own messages, ``click`` for Click's (its usage
errors, ``Usage:``, ``Options:``), which Click sends through :mod:`gettext` itself.

English is the source language: with English chosen, ``_`` gives back its argument and no
catalogue, and no Babel, is ever loaded, so the English output is the program's own.

>>> set_language("en"); _("Commands")
'Commands'
>>> set_language("fr"); _("Commands"), number(-1250), ngettext("{n} hand", "{n} hands", 2)
('Commandes', '−1\u202f250', '{n} donnes')
>>> set_language(None)
"""
from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import datetime as dt

LANGUAGES = ("en", "fr")
MINUS = "\u2212"  # as render/tables.py writes a sign for people
DOMAIN = "reversis-score"
CLICK_DOMAIN = "click"
LOCALE_DIR = Path(__file__).parent / "locale"
# The language --lang chose, passed on to worker processes through the environment.
LANG_ENV = "REVERSIS_SCORE_LANG"
_chosen: list[str] = []  # the language set_language chose, if any
# The environment's language, read once for the command under way (hold_environment): a
# record's thousands of messages would each read four variables of os.environ again.
_held: list[str] = []
# The language of the work under way in this context (a request of ``serve``: each request, in
# its task or worker thread, its own): it comes before set_language's and the environment's.
_here: ContextVar[str | None] = ContextVar("reversis_score_language", default=None)
# The modules whose words for people are in the catalogue: tests/test_i18n.py extracts every
# message of these (Babel's extractor) and fails on one without its French. A module joins the
# list once each of its messages goes through _() or ngettext(); tests/catalogue.py merges them.
CATALOGUED: tuple[str, ...] = ("reversis_score.i18n", "reversis_score.cli.app", "reversis_score.rules.knobs",
              "reversis_score.rules.presets", "reversis_score.report.rules",
              "reversis_score.notation.diagnostics", "reversis_score.notation.wording",
              "reversis_score.notation.transform", "reversis_score.notation.parse",
              "reversis_score.notation.lexicon", "reversis_score.notation.french",
              "reversis_score.settle.laws", "reversis_score.settle.items", "reversis_score.settle.side")
# The rule violations the replay finds, the pipeline's, and the rest of settle/'s whys.
CATALOGUED += ("reversis_score.settle.party", "reversis_score.settle.reversis",
               "reversis_score.settle.espagnolette", "reversis_score.settle.pools",
               "reversis_score.notation.suggest", "reversis_score.replay.tricks",
               "reversis_score.replay.cause", "reversis_score.replay.evidence",
               "reversis_score.replay.holdings", "reversis_score.replay.irregular",
               "reversis_score.replay.events", "reversis_score.pipeline", "reversis_score.rules.houserules",
               "reversis_score.notation.cards")
CATALOGUED += ("reversis_score.render.words", "reversis_score.render.tables",
               "reversis_score.render.fit", "reversis_score.report.export", "reversis_score.report.why",
               "reversis_score.report.audit", "reversis_score.report.season",
               "reversis_score.report.season_text", "reversis_score.report.compare",
               "reversis_score.render.identity", "reversis_score.render.season_chart",
               "reversis_score.render.database", "reversis_score.render.sqlite",
               "reversis_score.render.postgres", "reversis_score.render.migrate",
               "reversis_score.render.schema")
CATALOGUED += ("reversis_score.cli.__init__", "reversis_score.cli.helptext", "reversis_score.cli.batch",
               "reversis_score.cli.books", "reversis_score.cli.complete", "reversis_score.cli.exports",
               "reversis_score.cli.ledgers", "reversis_score.cli.record", "reversis_score.cli.records",
               "reversis_score.cli.reports", "reversis_score.cli.serve", "reversis_score.cli.verify",
               "reversis_score.ledger.verify", "reversis_score.ledger.against",
               "reversis_score.ledger.build", "reversis_score.reading")
CATALOGUED += ("reversis_score.serve.views", "reversis_score.serve.digest",
               "reversis_score.serve.pages", "reversis_score.render.html",
               "reversis_score.serve.context", "reversis_score.serve.security",
               "reversis_score.serve.entry", "reversis_score.serve.entry_model",
               "reversis_score.serve.entry_view", "reversis_score.serve.entry_words",
               "reversis_score.serve.events_entry",
               "reversis_score.serve.run", "reversis_score.render.night", "reversis_score.serve.paid")
# The folders of Jinja2 templates (below the package) whose messages ({% trans %}, _(),
# ngettext()) are in the catalogue too: Babel's Jinja2 extractor reads them.
CATALOGUED_TEMPLATES = ("serve/templates",)
CATALOGUED += ("reversis_score.record.entries", "reversis_score.record.header",
               "reversis_score.record.words", "reversis_score.record.play", "reversis_score.record.fix",
               "reversis_score.record.session", "reversis_score.record.show",
               "reversis_score.record.resume", "reversis_score.record.store",
               "reversis_score.record.terminal")


def set_language(lang: str | None) -> None:
    """Choose the language (``None``: back to the environment's), Click's messages with it."""
    _chosen.clear()
    _held.clear()
    if lang is not None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
        _chosen.append(lang)
    _install_click(language())


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Within the block, ``language()`` is ``lang`` in this context only (the thread or task
    running it, and what it starts): a request of ``serve`` speaks its reader's language while
    another speaks another's. Nothing global changes.

    >>> with speaking("fr"): _("Commands")
    'Commandes'
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    token = _here.set(lang)
    try:
        yield lang
    finally:
        _here.reset(token)


def language() -> str:
    """``fr`` or ``en``: the context's (``speaking``), else --lang's choice, else the
    locale's (LC_ALL, LC_MESSAGES, LANG)."""
    here = _here.get()
    if here is not None:
        return here
    if _chosen:
        return _chosen[0]
    if _held:
        return _held[0]
    return from_environment(os.environ)


def hold_environment() -> None:
    """Read the environment's language once for the command under way (its environment is
    set when it starts, cli/app.py) and in each of its workers; ``release_environment`` (at
    the command's end) or ``set_language`` goes back to reading it at every call."""
    _held[:] = [from_environment(os.environ)]


def release_environment() -> None:
    """The environment's language is read again at every call (a later run may change it)."""
    _held.clear()


def from_environment(env: os._Environ[str] | dict[str, str]) -> str:
    """The language the environment asks for: our own variable (set by --lang for the worker
    processes), else the first locale variable that is set, as the C library reads them.

    >>> from_environment({"LANG": "fr_FR.UTF-8"}), from_environment({"LC_ALL": "C", "LANG": "fr_FR"})
    ('fr', 'en')
    """
    if env.get(LANG_ENV) in LANGUAGES:
        return env[LANG_ENV]
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            return "fr" if value.split("_")[0].split(".")[0].lower() == "fr" else "en"
    return "en"


def is_french() -> bool:
    return language() == "fr"


def _plural_example() -> str:  # a message with plurals, for the doctest above
    return ngettext("{n} hand", "{n} hands", 2)


@cache
def translations(lang: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    """The compiled catalogue of ``domain`` in ``lang`` (English: none, the source's words)."""
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(domain, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """``message`` (a person's words, written in English) in the chosen language."""
    # language(), its commonest answers first: called for every why of every hand settled
    lang = _here.get() or (_chosen[0] if _chosen else _held[0] if _held else language())
    return message if lang == "en" else translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message, for ``n``, in the chosen language."""
    lang = _here.get() or (_chosen[0] if _chosen else _held[0] if _held else language())
    if lang == "en":
        return singular if n == 1 else plural
    return translations(lang).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is written; it is translated where it is shown."""
    return message


_ELIDED = set("AEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyhàâäéèêëîïôöùûü")


# A pool named for a person (« les paniers », « panier 2 », « la corbeille »): the article it
# takes, contracted after « à » and « de » as French writes it (« aux paniers », « du panier 2 »).
_ARTICLES = (("les ", "aux ", "des "), ("le ", "au ", "du "), ("panier", "au panier", "du panier"),
             ("corbeille", "à la corbeille", "de la corbeille"))


def _contracted(name: str, which: int) -> str | None:
    for article, *forms in _ARTICLES:
        if name.startswith(article):
            return forms[which] + name[len(article):]
    return None


def of(name: str) -> str:
    """``de`` before a name, elided before a vowel or a mute h as French writes it:
    « de Bruno », « d’Anne », « d’Hélène »; contracted before a pool: « des paniers ».

    >>> of("Bruno"), of("Anne"), of("Élise"), of("les paniers")
    ('de Bruno', 'd’Anne', 'd’Élise', 'des paniers')
    """
    contracted = _contracted(name, 1)
    if contracted is not None:
        return contracted
    return f"d\u2019{name}" if name[:1] in _ELIDED else f"de {name}"


def to(name: str) -> str:
    """``à`` before a name, contracted before a pool: « à Anne », « aux paniers », « au panier 2 ».

    >>> to("Anne"), to("les paniers"), to("panier 2")
    ('à Anne', 'aux paniers', 'au panier 2')
    """
    return _contracted(name, 0) or f"à {name}"


def that(name: str) -> str:
    """``que`` before a name, elided before a vowel: « que Bruno », « qu’Anne ».

    >>> that("Bruno"), that("Anne")
    ('que Bruno', 'qu’Anne')
    """
    return f"qu\u2019{name}" if name[:1] in _ELIDED and name[:1] not in "Hh" else f"que {name}"


def fill(message: str, **values: object) -> str:
    """``message.format(**values)``, where a French translation may also write ``{de_X}`` for
    « de X » elided (``of``), ``{a_X}`` for « à X » contracted (``to``) and ``{que_X}`` for
    « que X » elided (``that``) beside any ``{X}`` the English names: « la partie {de_payer} »
    gives « la partie d’Anne ». English messages never use them.

    >>> fill("{who} wins", who="Anne"), fill("la partie {de_who}", who="Anne")
    ('Anne wins', 'la partie d’Anne')
    >>> fill("la carte {que_who} écarte, 5 {a_to}", who="Anne", to="les paniers")
    'la carte qu’Anne écarte, 5 aux paniers'
    """
    try:
        compiled = _FILLS[message]
    except KeyError:
        made = _template(message)
        compiled = None if made is None else (made[0], _picking(made[1]))
        if len(_FILLS) < _FILLS_KEPT:
            _FILLS[message] = compiled
    if compiled is not None:
        text, pick = compiled
        return text % pick(values)
    if "_" not in message:  # no {de_X}, {a_X} nor {que_X}: English, and most French
        return message.format(**values)
    extra = {}
    for key, value in values.items():
        if isinstance(value, str):
            extra.update({f"de_{key}": of(value), f"a_{key}": to(value), f"que_{key}": that(value)})
    return message.format(**values, **extra)


# ``fill``'s messages, each made once into a %-template and its fields' names (str.format parses
# its message at every call, and every why goes through here); None: str.format fills it.
_FILLS: dict[str, tuple[str, Callable[[dict[str, object]], tuple]] | None] = {}
_FILLS_KEPT = 4096  # a long-running serve meets a bounded set of messages; more are not kept


def _picking(keys: list[Any]) -> Callable[[Any], tuple]:
    """What takes the values of ``keys`` in order, as a tuple (by name, or by position)."""
    if len(keys) == 1:
        only = keys[0]
        return lambda values: (values[only],)
    return itemgetter(*keys) if keys else lambda values: ()


def _template(message: str) -> tuple[str, list[str]] | None:
    """``message`` as a %-template and its fields' names in order; None if it has any field
    but a plain ``{name}``."""
    from string import Formatter  # here: a run that fills nothing need not load it
    parts, names = [], []
    try:
        for literal, name, spec, conversion in Formatter().parse(message):
            parts.append(literal.replace("%", "%%"))
            if name is None:
                continue
            if spec or conversion or not name.isidentifier() or name.startswith(("de_", "a_", "que_")):
                return None
            parts.append("%s")
            names.append(name)
    except ValueError:  # a lone brace: str.format says so
        return None
    return "".join(parts), names


class Phrase:
    """A message whose fields are always given in one order, ``names`` (the commonest whys):
    ``phrase(*values)`` is ``fill(_(message), **dict(zip(names, values)))``, made once per language.

    >>> Phrase(N_("{payer} pays {payee}"), "payer", "payee")("Anne", "Bruno")
    'Anne pays Bruno'
    """

    __slots__ = ("_made", "message", "names")

    def __init__(self, message: str, *names: str) -> None:
        self.message, self.names = message, names
        self._made: dict[str, tuple[str, Callable[[tuple], tuple] | None] | None] = {}

    def __call__(self, *values: object) -> str:
        lang = _here.get() or (_chosen[0] if _chosen else _held[0] if _held else language())
        try:
            made = self._made[lang]
        except KeyError:
            made = self._made[lang] = self._make(lang)
        if made is None:
            return fill(self._said(lang), **dict(zip(self.names, values, strict=True)))
        text, pick = made
        return text % (values if pick is None else pick(values))

    def _said(self, lang: str) -> str:
        return self.message if lang == "en" else translations(lang).gettext(self.message)

    def _make(self, lang: str) -> tuple[str, Callable[[tuple], tuple] | None] | None:
        made = _template(self._said(lang))
        if made is None or not set(made[1]) <= set(self.names):
            return None  # fill says what is wrong, or fills the French {de_X}
        text, names = made
        if tuple(names) == self.names:
            return text, None  # the values as given
        return text, _picking([self.names.index(name) for name in names])


def number(value: int | float) -> str:
    """A number for a person: ``1250`` in English as ever, « 1 250 » in French (Babel's French
    format: a narrow no-break space between thousands), with the typographic minus (U+2212)
    that every table for people already uses, where Babel writes the ASCII '-'."""
    if language() == "en":
        return str(value)
    from babel.numbers import format_decimal
    return format_decimal(value, locale=language()).replace("-", MINUS)


def grouped(value: int) -> str:
    """A large number for a person, its thousands grouped: ``1,000,000,000`` in English as
    ever, « 1 000 000 000 » in French."""
    return f"{value:,}" if language() == "en" else number(value)


def long_date(day: dt.date) -> str:
    """A date for a person: ``2026-11-27`` in English as ever, « 27 novembre 2026 » in French
    (« 1er décembre 2026 »)."""
    if language() == "en":
        return day.isoformat()
    from babel.dates import format_date
    text = format_date(day, format="long", locale=language())
    return "1er" + text[1:] if day.day == 1 else text  # French writes the first of the month 1er


# Click's modules take gettext's functions at their import; they are pointed at our catalogue
# of Click's messages while French is chosen, and back at gettext's own otherwise.
_CLICK_MODULES = ("click.core", "click.exceptions", "click.formatting", "click.decorators", "click.parser",
                  "click.types", "click.termui", "click.utils", "typer.core", "typer._click.parser",
                  "typer.rich_utils")


def _install_click(lang: str) -> None:
    import sys
    catalogue = translations(lang, CLICK_DOMAIN)
    for name in _CLICK_MODULES:
        module = sys.modules.get(name)
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = _gettext.gettext if lang == "en" else catalogue.gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _gettext.ngettext if lang == "en" else catalogue.ngettext  # type: ignore[attr-defined]
