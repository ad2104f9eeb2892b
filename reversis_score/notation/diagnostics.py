"""The two error families — notation errors and rule violations — and how they are shown.

A Diagnostic never stops anything by itself: readers collect them and the caller decides
(``--strict`` stops at the first). Rendering follows docs/notation.md:

    club.rvs:14:13: error: hand 2, trick 5: there are no tens in a 48-card pack: 'TH'
       14 |   Bruno: 5H TH AH 2H
          |             ^^
"""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.i18n import N_, _
from reversis_score.notation.records import Span

NOTATION = "notation"
SEVERITIES = {"error": N_("error"), "warning": N_("warning")}  # the words a person reads
RULE = "rule"
MAX_SHOWN_LINE = 120  # a 1 MB line is cut around the caret, never printed whole


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in a record: what, where (span), and in which hand and trick."""

    message: str
    span: Span | None
    family: str = NOTATION
    severity: str = "error"
    hand: int | None = None
    trick: int | None = None
    player: str | None = None
    file: str | None = None  # another file than the record (a house-rules TOML file)
    source_line: str | None = None  # that file's line, for the caret
    code: str | None = None  # what kind of finding, for the program (never shown): see its makers

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


def where_prefix(hand: int | None, trick: int | None) -> str:
    """``hand 3, trick 5: `` — the place in play a rule violation concerns."""
    parts = []
    if hand is not None:
        parts.append(_("hand {number}").format(number=hand))
    if trick is not None:
        parts.append(_("trick {number}").format(number=trick))
    return _("{place}: ").format(place=", ".join(parts)) if parts else ""


def render(diag: Diagnostic, file: str, lines: list[str] | None) -> str:
    """The diagnostic as text: ``file:line:col: error: message``, the line and a caret."""
    # Both families name their hand and trick the same way, in the message: one cause is
    # then three lines at most (the message, the line, the caret).
    # A message that begins by naming its hand ("hand 2 skipped: ...") needs no prefix.
    message = diag.message
    if not message.startswith(("hand ", _("hand {number}").split("{")[0])):
        message = where_prefix(diag.hand, diag.trick) + message
    if diag.file is not None:
        file = diag.file
    # French sets a narrow space before the colon: « erreur : … » (the place stays file:line:col:,
    # as editors read it)
    said = _("{severity}: {message}").format(severity=_(SEVERITIES.get(diag.severity, diag.severity)),
                                             message=message)
    if diag.span is None:
        return _("{file}: {said}").format(file=file, said=said)
    head = f"{file}:{diag.span.line}:{diag.span.column}: {said}"
    out = [head]
    if diag.file is not None:  # another file: its line comes with the diagnostic
        out.extend(_source_excerpt(diag.source_line or "", diag.span))
    elif lines is not None and 0 < diag.span.line <= len(lines):
        out.extend(_source_excerpt(lines[diag.span.line - 1], diag.span))
    return "\n".join(out)


def _source_excerpt(line: str, span: Span) -> list[str]:
    text = line.replace("\t", " ").rstrip("\n")
    start = span.column - 1
    width = max(1, min(span.width, MAX_SHOWN_LINE // 2))
    cut = 0
    if len(text) > MAX_SHOWN_LINE:
        cut = max(0, start - MAX_SHOWN_LINE // 3)
        text = ("…" if cut else "") + text[cut:cut + MAX_SHOWN_LINE] + "…"
        start = start - cut + (1 if cut else 0)
    number = str(span.line)
    gutter = " " * (len(number) + 1)
    return [f"   {number} | {text}", f"   {gutter}| {' ' * start}{'^' * width}"]
