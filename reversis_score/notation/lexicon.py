"""The notation's words and terminals, shared by the Lark Transformer and the quick readers.

Nothing here imports Lark: a clean record is read by the quick readers (fast.py, quickhead.py)
without loading it at all. The patterns are the terminals of ``grammar/reversis.lark`` written
as Python regular expressions (Lark compiles the grammar's with the same ``re`` module, so
``\\w``, ``\\d`` and ``\\s`` mean the same here and there).
"""
from __future__ import annotations

from reversis_score.notation.cards import looks_like_card

KEYWORDS = frozenset(("session date players rules rule stake hand dealer deal exchange discards "
                      "keeps peeks takes announce espagnolette tricks irregular void claims waived "
                      "table").split())
# The order sections must keep inside a hand; irregular/void/claims may stand anywhere.
SECTION_ORDER = {"deal": 0, "exchange": 1, "announce": 2, "tricks": 3, "table": 4}
MAX_FISH = 1_000_000_000  # a stake or a payment beyond this is a typing slip, not a game

# The grammar's NAME, CARD and CARDS terminals; GAP is what the grammar ignores between tokens.
NAME = r"""[^\W\d][\w'\-]*|"[^"\n]*\""""
CARD = r"[^\s#,|:]+"
CARDS = rf"{CARD}(?:[ \t]+{CARD})*"
GAP = r"[ \t]*"


def is_count(text: str) -> bool:
    """ASCII digits only (not '٣٠٠'), and not absurdly large."""
    return text.isascii() and text.isdigit() and int(text) <= MAX_FISH


def uncommented(lines: list[str]) -> list[str] | None:
    """The lines with their comments cut off: the grammar folds a comment (``#`` to the line's
    end) into the line end. None when a ``#`` may stand inside a quoted name (an odd number of
    ``"`` before it): that line is Lark's. (A ``"`` that is not part of a quoted name can only
    stand in a token the quick readers refuse anyway, such as a card that is not one.)"""
    out = []
    for line in lines:
        at = line.find("#")
        if at >= 0:
            if line.count('"', 0, at) % 2:
                return None
            line = line[:at]
        out.append(line)
    return out


def unquoted(raw: str) -> str:
    """A NAME token's name: its quotes dropped."""
    return raw[1:-1] if raw.startswith('"') else raw


def player_name_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a name in ``players:``, in words; None when nothing is."""
    if not text.strip():
        return "a player's name cannot be empty"
    if text == "pool":
        return "a player may not be named 'pool': it names the pools in table lines"
    if text in KEYWORDS:
        return f"a player may not be named '{text}': it is a keyword"
    if looks_like_card(text):
        return f"a player may not be named '{text}': it reads as a card"
    return None
