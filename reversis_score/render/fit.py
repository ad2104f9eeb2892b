"""Tables and lines that fit a terminal's width: long cells wrap inside their column.

Only the terminal table is fitted, and only when the CLI gives a width (its standard output is
a terminal): to a pipe or a file every row stays one line, as scripts expect. A table whose
columns cannot all fit, even wrapped at their longest word, is shown as a list instead: each
row's first cell, then each other column as ``heading: value``.
"""
from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from reversis_score.i18n import _

_WIDTH: list[Callable[[str], int]] = []  # tabulate's, once loaded


def width_of(text: str) -> int:
    """The width tabulate pads a cell to (wide characters count twice when wcwidth is installed)."""
    if not _WIDTH:
        # tabulate is imported on the first table drawn: its import (importlib.metadata, email,
        # zipfile) costs an export to a database, which draws none, 20 to 40 ms
        import tabulate
        _WIDTH.append(getattr(tabulate, "_visible_width", len))
    return _WIDTH[0](text)


GAP = 2  # tabulate's "simple" format puts two spaces between columns
READABLE = 12  # a column of sentences wrapped narrower than this is not worth it
LONGEST_WORD = 24  # a word longer than this (a URL, a path) may be cut to let its column narrow


def fitted(rows: list[list], headers: list[str], width: int, wide: str, aligns: list[str],
           draw: Callable[[list[list], list[str]], str]) -> str:
    """A plain table at most ``width`` wide: drawn by ``draw`` (tabulate) as it is when it
    fits; else with its cells wrapped (or, with ``wide="list"``, as a list); else a list."""
    text_rows = [["" if c is None else str(c) for c in row] for row in rows]
    if fits(headers, text_rows, width):
        return draw(rows, headers)
    widths = None if wide == "list" else column_widths(headers, text_rows, width)
    if widths is None:
        return as_list(headers, text_rows, width)
    heads = [_wrap(h, w) for h, w in zip(headers, widths, strict=True)]
    return drawn(heads, [[_wrap(c, w) for c, w in zip(row, widths, strict=True)] for row in text_rows],
                 widths, aligns)


def fits(headers: list[str], rows: list[list[str]], width: int) -> bool:
    """Whether the table fits ``width`` as tabulate draws it, each row one line (tabulate pads
    each heading by two)."""
    from tabulate import MIN_PADDING  # tabulate pads every heading by it (a wrapped table does not)
    natural = [max([width_of(headers[i]) + MIN_PADDING, *(_longest_line(r[i]) for r in rows)])
               for i in range(len(headers))]
    return sum(natural) + GAP * (len(natural) - 1) <= width


def column_widths(headers: list[str], rows: list[list[str]], width: int) -> list[int] | None:
    """The width of each column so that the table is at most ``width`` wide, the narrow
    columns kept whole and the wide ones sharing what is left; None when even the narrowest
    layout (each column as wide as its longest word) is too wide, or leaves a column of text
    narrower than ``READABLE``."""
    natural = [max([width_of(headers[i]), *(_longest_line(r[i]) for r in rows)]) for i in range(len(headers))]
    room = width - GAP * (len(headers) - 1)
    if sum(natural) <= room:
        return natural
    least = [min(natural[i], max([_longest_word(headers[i]), *(_longest_word(r[i]) for r in rows)]))
             for i in range(len(headers))]
    if sum(least) > room:
        return None
    widths = list(least)
    spare = room - sum(least)
    # Water-filling: what is left is shared equally among the columns that want more; a column
    # that wants less than its share is kept whole, and the rest goes to the others.
    wanting = sorted(range(len(widths)), key=lambda i: natural[i] - least[i])
    for rank, i in enumerate(wanting):
        share = spare // (len(wanting) - rank)
        grant = min(natural[i] - least[i], share)
        widths[i] += grant
        spare -= grant
    if any(widths[i] < READABLE and natural[i] >= 2 * READABLE for i in range(len(widths))):
        return None  # a column of sentences a few words wide reads worse than a list
    return widths


def drawn(heads: list[str], rows: list[list[str]], widths: list[int], aligns: list[str]) -> str:
    """A table of wrapped cells in the layout of tabulate's "simple" format: the headings, a
    rule of dashes, the rows; a row of several lines is followed by an empty line (but the
    last), so that the rows stay apart."""
    def lines(cells: list[str]) -> list[str]:
        parts = [c.split("\n") for c in cells]
        height = max(len(p) for p in parts)
        return ["  ".join(_pad(p[k] if k < len(p) else "", w, a)
                          for p, w, a in zip(parts, widths, aligns, strict=True)).rstrip()
                for k in range(height)]
    out = lines(heads) + ["  ".join("-" * w for w in widths)]
    for index, row in enumerate(rows):
        body = lines(row)
        out += body
        if len(body) > 1 and index < len(rows) - 1:
            out.append("")
    return "\n".join(out)


def _pad(text: str, width: int, align: str) -> str:
    room = " " * max(0, width - width_of(text))
    return room + text if align == "right" else text + room


def as_list(headers: list[str], rows: list[list[str]], width: int) -> str:
    """A table too wide for any layout, as a list: each row's first cell on its own line, then
    each other column's heading and value, indented, wrapped to ``width``."""
    lines: list[str] = []
    numbered = all(re.fullmatch(r"\d*", str(row[0])) for row in rows)  # "hand 3", not "3"
    for row in rows:
        lines += wrap_line(f"{headers[0]} {row[0]}" if numbered else str(row[0]), width, "", "  ")
        for heading, cell in zip(headers[1:], row[1:], strict=True):
            if str(cell) != "":
                lines += wrap_line(_("{heading}: {value}").format(heading=heading, value=cell),
                                   width, "  ", "      ")
    return "\n".join(lines)


def wrap_line(text: str, width: int, first: str = "", later: str = "    ") -> list[str]:
    """One line of text as lines of at most ``width`` characters (words are kept whole unless
    one alone is wider than the room)."""
    if width_of(first + text) <= width:
        return [first + text]
    return textwrap.wrap(text, width=max(width, len(later) + 10), initial_indent=first,
                         subsequent_indent=later, break_on_hyphens=False) or [first]


def _wrap(cell: str, width: int) -> str:
    text = str(cell)
    if all(width_of(line) <= width for line in text.split("\n")):
        return text
    return "\n".join(line for part in text.split("\n")
                     for line in (textwrap.wrap(part, width=max(width, 1), break_on_hyphens=False) or [""]))


def _longest_line(cell: object) -> int:
    return max(width_of(line) for line in str(cell).split("\n"))


def _longest_word(cell: object) -> int:
    return min(LONGEST_WORD, max((width_of(w) for w in str(cell).split()), default=0))
