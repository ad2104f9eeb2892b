"""``--help`` in the chosen language: each help text is translated when the page is written.

Typer reads every ``help=``, docstring and epilog when the commands are declared, at import,
long before ``--lang`` is parsed. So they are written in English and marked ``N_`` where they
stand (the catalogue has them), and this module translates them at the last moment: the few
methods of Typer's Click that read a command's or a parameter's help (its page, its summary in
the command list, its options, its epilog, the usage line) are wrapped so that, French chosen,
they read the French instead. English chosen, each wrapper calls the original straight away:
the English pages are Typer's own, byte for byte.

A help built from values (``--max-record-mib``'s default) is ``deferred``: its message and
values are kept, and filled again in the chosen language. The placeholders (metavars: ``FILE``,
``NAME|FILE``, ``COMMAND [ARGS]...``) are said in the chosen language while a page or a usage
line is written. The words Typer and its Click write themselves without gettext (``Usage:``,
``Error:``, ``Try '…' for help.``, a missing argument, an invalid value, an unknown option, the
help and completion options' help) are looked up in Click's domain, or are in ours below.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any

from reversis_score.i18n import CLICK_DOMAIN, N_, _, fill, language, number, translations

EXAMPLES = N_("Examples:")
_EXAMPLES_HEAD = "\b\nExamples:\n"
# Typer's own words: its completion options, and Click's help option (also in Click's domain)
TYPERS_OWN = (N_("Install completion for the current shell."),
              N_("Show completion for the current shell, to copy it or customize the installation."),
              N_("Show this message and exit."))
# The placeholders of the usage lines and options (metavars) that French names otherwise
PLACEHOLDERS = (N_("FILE"), N_("FILE.html"), N_("NAME"), N_("NAME|FILE"), N_("[NAME]"), N_("DB"), N_("DIR"),
                N_("FOLDER"), N_("LEDGER"), N_("PATH"), N_("SESSION..."), N_("YYYY-MM-DD"), N_("[ENTRIES]"),
                N_("COMMAND [ARGS]..."))
_DEFERRED: dict[str, tuple[str, dict[str, object]]] = {}  # English text: (message, its values)
_installed: list[bool] = []


def deferred(message: str, **values: object) -> str:
    """``message`` filled with ``values`` in English now; in the chosen language on the page.
    ``message`` is marked ``N_`` by the caller."""
    english = fill(message, **values)
    _DEFERRED[english] = (message, values)
    return english


def said(text: str | None) -> str | None:
    """A help text (as declared, in English) in the chosen language."""
    if not text or language() == "en":
        return text
    if text in _DEFERRED:
        message, values = _DEFERRED[text]
        return fill(_(message), **{key: number(value) if isinstance(value, int) else value
                                    for key, value in values.items()})
    if text.startswith(_EXAMPLES_HEAD):  # the example lines are commands: they stay as written
        return "\b\n" + _(EXAMPLES) + text[len(_EXAMPLES_HEAD) - 1:]
    ours = _(text)
    if ours != text:
        return ours
    return translations(language(), CLICK_DOMAIN).gettext(text)


def _click_word(text: str) -> str:
    """One of Click's words (``Usage:``), from Click's domain."""
    if language() == "en":
        return text
    return translations(language(), CLICK_DOMAIN).gettext(text)


def _reading(method: Callable[..., Any], *names: str) -> Callable[..., Any]:
    """``method`` with the attributes ``names`` of its object said in the chosen language
    while it runs (put back after: the declared English stays the command's own)."""

    @wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        if language() == "en":
            return method(self, *args, **kwargs)
        kept = {name: getattr(self, name, None) for name in names}
        try:
            for name, value in kept.items():
                if isinstance(value, str):
                    setattr(self, name, said(value))
            return method(self, *args, **kwargs)
        finally:
            for name, value in kept.items():
                setattr(self, name, value)
    return wrapper


@contextmanager
def _placeholders(command: Any) -> Iterator[None]:
    """The command's placeholders (``FILE``, ``NAME|FILE``…) in the chosen language while it
    writes its page or its usage line, put back after."""
    if language() == "en" or command is None:
        yield
        return
    kept = [(param, param.metavar) for param in command.params if isinstance(param.metavar, str)]
    sub = getattr(command, "subcommand_metavar", None)
    try:
        for param, metavar in kept:
            param.metavar = _(metavar)
        if isinstance(sub, str):
            command.subcommand_metavar = _(sub)
        yield
    finally:
        for param, metavar in kept:
            param.metavar = metavar
        if isinstance(sub, str):
            command.subcommand_metavar = sub


def _with_placeholders(method: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with _placeholders(self):
            return method(self, *args, **kwargs)
    return wrapper


def _write_usage(method: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(method)
    def wrapper(self: Any, prog: str, args: str = "", prefix: str | None = None) -> Any:
        if prefix is None and language() != "en":
            prefix = _click_word("Usage:") + " "
        return method(self, prog, args, prefix)
    return wrapper


def _write_heading(method: Callable[..., Any]) -> Callable[..., Any]:
    """A heading of a help page (« Options : », « Commandes : »): French sets a narrow no-break
    space before its colon, where Click writes ``Options:``."""
    @wraps(method)
    def wrapper(self: Any, heading: str) -> Any:
        if language() == "en":
            return method(self, heading)
        self.write(f"{'':>{self.current_indent}}{heading}\u202f:\n")
        return None
    return wrapper


def _show_error(exc: Any, file: Any = None) -> None:
    """A usage error, French chosen: Click's ``Try '…' for help.`` and ``Error: …`` in French
    (Typer's Click writes them without gettext)."""
    from typer._click._compat import get_text_stderr
    from typer._click.exceptions import UsageError
    from typer._click.utils import echo
    if file is None:
        file = get_text_stderr()
    ctx = getattr(exc, "ctx", None) if isinstance(exc, UsageError) else None
    color = getattr(exc, "show_color", None)
    with _placeholders(ctx.command if ctx is not None else None):
        message = _message(exc)
    if ctx is not None:
        color = ctx.color
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _click_word("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]) + "\n"
        echo(f"{ctx.get_usage()}\n{hint}", file=file, color=color)
    echo(_click_word("Error: {message}").format(message=message), file=file, color=color)


_MISSING = ("Missing argument", "Missing option", "Missing parameter")
# The messages of Click's types that Typer's Click writes in English: their French is in
# Click's domain, under Click's own message ids (``{value!r}`` stands for the quoted value).
_VALUES = ((re.compile(r"(?P<value>.+) is not one of (?P<choices>.+)\.", re.S),
            ("{value!r} is not {choice}.", "{value!r} is not one of {choices}.")),
           (re.compile(r"(?P<value>.+) is not in the range (?P<range>.+)\.", re.S),
            ("{value} is not in the range {range}.", None)))


def _message(exc: Any) -> str:
    """A usage error's message in the chosen language, as far as Click's domain says it: a
    missing argument or option, an invalid value (one not among the choices, out of range),
    an unknown option and the options it may have meant."""
    from typer._click import exceptions
    english = exc.format_message()
    if isinstance(exc, exceptions.MissingParameter):
        head = next((h for h in _MISSING if english.startswith(h)), None)
        return _click_word(head) + english[len(head):] if head else english
    if isinstance(exc, exceptions.BadParameter):
        hint, said, message = english.partition(": ")
        if said and hint.startswith("Invalid value for "):
            return _click_word("Invalid value for {param_hint}: {message}").format(
                param_hint=hint[len("Invalid value for "):], message=_value_message(message))
        return english
    if isinstance(exc, exceptions.NoSuchOption) and english.startswith("No such option: "):
        name, _sep, possible = english[len("No such option: "):].partition(" (Possible options: ")
        said = fill(_("No such option: {name}"), name=name)
        if possible.endswith(")"):
            said += " " + fill(_("(Possible options: {names})"), names=possible[:-1])
        return said
    return english


def _value_message(english: str) -> str:
    for pattern, (message, plural) in _VALUES:
        match = pattern.fullmatch(english)
        if match is None:
            continue
        catalogue = translations(language(), CLICK_DOMAIN)
        said = catalogue.ngettext(message, plural, 2) if plural else catalogue.gettext(message)
        for key, value in match.groupdict().items():
            said = said.replace("{" + key + "!r}", value).replace("{" + key + "}", value)
        return said
    return english


def _shown(method: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(method)
    def wrapper(self: Any, file: Any = None) -> None:
        if language() == "en":
            method(self, file)
        else:
            _show_error(self, file)
    return wrapper


def install() -> None:
    """Wrap Typer's help-writing methods (once)."""
    if _installed:
        return
    _installed.append(True)
    from typer import core
    from typer._click import core as click_core
    from typer._click import exceptions, formatting
    command = click_core.Command
    command.format_help = _with_placeholders(command.format_help)  # type: ignore[method-assign]
    command.format_usage = _with_placeholders(command.format_usage)  # type: ignore[method-assign]
    command.format_help_text = _reading(command.format_help_text, "help")  # type: ignore[method-assign]
    command.format_epilog = _reading(command.format_epilog, "epilog")  # type: ignore[method-assign]
    command.get_short_help_str = _reading(  # type: ignore[method-assign]
        command.get_short_help_str, "short_help", "help")
    for param in (core.TyperOption, core.TyperArgument):
        param.get_help_record = _reading(param.get_help_record, "help")  # type: ignore[method-assign]
    formatting.HelpFormatter.write_usage = _write_usage(  # type: ignore[method-assign]
        formatting.HelpFormatter.write_usage)
    formatting.HelpFormatter.write_heading = _write_heading(  # type: ignore[method-assign]
        formatting.HelpFormatter.write_heading)
    exceptions.ClickException.show = _shown(exceptions.ClickException.show)  # type: ignore[method-assign]
    exceptions.UsageError.show = _shown(exceptions.UsageError.show)  # type: ignore[method-assign]
