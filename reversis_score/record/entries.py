"""One entry typed at ``record``: a command, a `.rvs` line (keyword or section line) or a bare
answer to the question asked, with its comment split off.

>>> e = read_entry("  tricks:   # from here on")
>>> e.kind, e.word, e.comment
('keyword', 'tricks', '# from here on')
>>> read_entry("irregular revoke Bruno").kind, read_entry("7h 8h").cards
('command', ('7h', '8h'))

Under a French record (``langue: fr``), entries are turned into the grammar's spelling and
lines are written back in French:

>>> to_grammar("RC VC 7C 5C"), to_grammar("donneur: Anne"), to_grammar("irrégulier renonce Bruno")
('KH JH 7H 5H', 'dealer: Anne', 'irregular: revoke Bruno')
>>> written("hand 1\\ndealer: Anne\\ntricks:\\n  Anne: KS QH JD AC\\n")
'coup 1\\ndonneur: Anne\\nlevées:\\n  Anne: RP DC VK AT\\n'
>>> english_card("KS is mine"), english_card("RC")
('KS', None)
>>> message("'KH' is played twice; acknowledge it: `irregular: revoke Denis`")
"'RC' is played twice; acknowledge it: `irrégulier: renonce Denis`"
"""
from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from reversis_score.i18n import _
from reversis_score.notation import french
from reversis_score.notation.cards import Card, _parse_card, looks_like_card
from reversis_score.render.rvs import find_comments, quote

COMMANDS = ("undo", "show", "help", "quit", "table", "void", "claims waived")
KEYWORDS = ("session", "date", "players", "rules", "stake", "dealer", "deal", "exchange",
            "announce", "tricks", "events", "irregular", "void", "claims", "table")
# The lines of an events section (``party: ...``): read as keyword entries, kept for the section.
EVENT_WORDS = ("party", "points", "talon", "reversis", "espagnolette")
# A night's header lines in its season (club, paid at the table, the rate, the pools carried in).
NIGHT_WORDS = ("club", "paid", "jeton", "fish", "carried")
_KEYWORD = re.compile(r"(" + "|".join(KEYWORDS + EVENT_WORDS + NIGHT_WORDS) + r")[ \t]*:(.*)\Z", re.DOTALL)
_RULE = re.compile(r"rule[ \t]+\S")
_HAND = re.compile(r"hand(?![\w'\-])(.*)\Z")
_IRREGULAR = re.compile(r"irregular[ \t]+(\S+)[ \t]+(\S.*)\Z")
_EXCHANGE_VERBS = ("discards", "keeps", "peeks", "exposes", "takes")
_BLOCK_LINE = re.compile(r"""\s*([^\W\d][\w'\-]*|"[^"\n]*")\s*(?::|(?:"""
                         + "|".join(_EXCHANGE_VERBS) + r""")\b)""")
# A French record's hand or dealer line (``coup 2``, ``donneur: Anne``): a hand's beginning.
_FRENCH_HAND = re.compile(r"[ \t]*(?:coup(?![\w'\-])|main(?![\w'\-])|donneur[ \t]*:)")


@dataclass(frozen=True, slots=True)
class Entry:
    """An entry: its kind (blank, comment, command, keyword, text), the text without its
    comment, the command or keyword word, what follows it, and the comment."""

    kind: str
    text: str
    word: str = ""
    rest: str = ""
    comment: str | None = None

    @property
    def cards(self) -> tuple[str, ...] | None:
        """The card tokens when the whole entry is one to four cards (a trick's cards)."""
        words = tuple(self.text.replace(",", " ").split())
        if self.kind == "text" and 0 < len(words) <= 4 and all(looks_like_card(w) for w in words):
            return words
        return None

    def line(self, text: str | None = None) -> str:
        """``text`` (this entry's own by default) with the entry's comment after it."""
        text = self.text if text is None else text
        return f"{text}  {self.comment}" if self.comment and text else (self.comment or text)


def read_entry(raw: str) -> Entry:
    """Classify one line typed by the scorer (or read from standard input)."""
    raw = raw.lstrip("\ufeff")  # a byte-order mark opens a file, not an entry
    found = find_comments(raw.rstrip("\r\n")).get(1)
    comment = found[0] if found else None
    text = raw.rstrip()
    if comment:
        text = text[: len(text) - len(comment)]
    text = text.strip().replace("\t", " ")
    if not text:
        return Entry("comment" if comment else "blank", "", comment=comment)
    simple = " ".join(text.split())
    if simple in COMMANDS:
        return Entry("command", text, simple, "", comment)
    irregular = _IRREGULAR.match(simple)
    if irregular:
        return Entry("command", text, "irregular", simple[len("irregular"):].strip(), comment)
    match = _KEYWORD.match(text)
    if match:
        return Entry("keyword", text, match.group(1), match.group(2).strip(), comment)
    if _RULE.match(text):
        return Entry("keyword", text, "rule", text[4:].strip(), comment)
    match = _HAND.match(text)
    if match:
        return Entry("keyword", text, "hand", match.group(1).strip(), comment)
    return Entry("text", text, comment=comment)


def named(line: str) -> str | None:
    """The player a deal or exchange line names (``Anne: ...``, ``"Mme de Vaux" keeps``)."""
    match = _BLOCK_LINE.match(line)
    if match is None or match.group(1) in ("deal", "exchange"):
        return None
    return match.group(1).strip('"')


def block_text(kind: str, player: str, text: str) -> str:
    """A bare deal or exchange answer, written as the player's line."""
    name = quote(player)
    if kind == "deal":
        return f"{name}: {text}"
    words = text.split()
    if words and words[0] in _EXCHANGE_VERBS:
        return f"{name} {text}"
    return f"{name} discards {text}"


class Ahead:
    """Entries one by one, able to look ahead to the end of the hand under way."""

    def __init__(self, lines: Iterable[str]):
        self.lines = iter(lines)
        self.buffer: deque[str] = deque()

    def __iter__(self) -> Iterator[str]:
        while True:
            if self.buffer:
                yield self.buffer.popleft()
                continue
            line = next(self.lines, None)
            if line is None:
                return
            yield line

    def rest_of_hand(self, french: bool = False) -> list[str]:
        """The lines still to come before the next hand begins (read now, given later);
        ``french`` when they are a French record's lines as written (``coup 2``, ``donneur:``).
        In an English record, ``main``, ``donneur`` are names a player may carry."""
        while not any(read_entry(line).word in ("hand", "dealer") or french and _FRENCH_HAND.match(line)
                      for line in self.buffer):
            line = next(self.lines, None)
            if line is None:
                break
            self.buffer.append(line)
        return list(self.buffer)


# ------------------------------------------------------------------ a record written in French
# A record whose header says ``langue: fr`` (or ``lang: fr``) is written with French cards and
# keywords (``RP DC VK AT``, ``donneur:``, ``levées:``: notation/french.py), and its entries
# are typed so. Inside, the Recorder holds every line in the grammar's own spelling (the
# English one): an entry typed under a French record is turned into it (``to_grammar``), and
# what is written to disk or shown is turned back (``written``, ``token``). A record without
# a ``lang:`` line is English, and none of this touches it.
FRENCH = "fr"
LANGUAGES = french.LANGUAGES
# A line that names the record's language (``langue: fr``): a header line of its own.
LANG_LINE = re.compile(r"[ \t]*(?:lang|langue)[ \t]*:[ \t]*([^\s#]*)[ \t]*(?:#.*)?\Z")
_BLANKED = "\u00a4"  # what french.to_english makes of an English card in a French record
_IRREGULAR_WORD = re.compile(r"irrégulier[ \t]+(?!:)")
_WORD_TOKEN = re.compile(r'"[^"\n]*"|[^\s#,|:"]+')
_QUOTED = re.compile(r"'([^'\s]+)'")
# A line that begins with a keyword (``joueurs: ...``, ``règle KNOB: ...``), not a bare answer.
_KEYWORD_START = re.compile(r"[ \t]*(?:[^\W\d][\w\-]*[ \t]*:|règle[ \t]|rule[ \t]"
                            r"|(?:coup|main)[ \t]*\d*[ \t]*(?:#.*)?\Z)")  # and a hand line, ``coup 2``


def language_line(raw: str) -> str | None:
    """The language a ``lang:`` line names (as written), or None when ``raw`` is no such line."""
    found = LANG_LINE.match(raw.lstrip("\ufeff").rstrip("\r\n"))
    return found.group(1) if found else None


def to_grammar(line: str) -> str:
    """An entry typed under a French record, in the grammar's spelling: its French keywords
    and cards turned into their English twins (``irrégulier renonce X``, the command, too)."""
    line = _IRREGULAR_WORD.sub("irrégulier: ", line, count=1) if line.lstrip().startswith("irrégulier") \
        else line
    english, _spelled = french.to_english(f"langue: fr\n{line}")
    return english.split("\n", 1)[1]


def english_card(line: str) -> str | None:
    """The first English card of a line typed under a French record (``KS``: no French card,
    so not taken as one), or None."""
    for found in _WORD_TOKEN.finditer(line.split("#", 1)[0]):
        token = found.group()
        if french.french_card(token) is None and _parse_card(token) is not None:
            return token
    return None


def written(text: str) -> str:
    """Record lines in the grammar's spelling (``format``'s layout), written the French way
    (without the ``langue: fr`` line, which the header holds)."""
    return french.to_french(text).split("\n", 1)[1]


def token(card: str) -> str:
    """A card token of the grammar (``KH``) as a French record spells it (``RC``)."""
    return french.french_spelling(card) or card


def face(card: Card) -> str:
    """A card for people in French: its French rank and its suit's symbol (``R♦``, ``V♥``)."""
    symbol = card.symbol()
    return french.EN_RANKS.get(card.rank, "10" if card.rank == "T" else card.rank) + symbol[-1]


def keyword_line(raw: str) -> bool:
    """Whether an entry begins with a keyword (``séance: ...``) rather than being a bare answer."""
    return bool(_KEYWORD_START.match(raw))


def keyword(word: str) -> str:
    """A keyword of the grammar as a French record writes it (``dealer`` → ``donneur``)."""
    return french.LINE_EN.get(word, french.HAND_EN.get(word, word))


def message(text: str) -> str:
    """A message about the grammar's lines, its quoted cards and keywords as a French record
    spells them (``'KH'`` → ``'RC'``, ``dealer:`` → ``donneur:``)."""
    text = _QUOTED.sub(lambda m: f"'{token(m.group(1))}'" if _parse_card(m.group(1)) else m.group(), text)
    text = french.french_keywords(text)
    for fr, en in french.IRREGULAR_KINDS:  # `irrégulier: renonce Denis`, as the record writes it
        text = text.replace(f"irrégulier: {en}", f"irrégulier: {fr}")
    return text


def as_typed(reply: Any, grammar: str, typed: str) -> Any:
    """``reply`` with what its refusals quote of an entry (``'Hand 2'``: the grammar's spelling)
    quoted as it was typed (``'Main 2'``)."""
    pairs = [(en, fr) for en, fr in zip(grammar.split(), typed.split(), strict=False) if en != fr]
    if not pairs or not reply.refused:
        return reply
    refused = list(reply.refused)
    for en, fr in pairs:
        quoted = re.compile(rf"'{re.escape(en)}(?=['\s])")
        refused = [quoted.sub("'" + fr.replace("\\", r"\\"), r) for r in refused]
    return replace(reply, refused=refused)


def not_french(card: str) -> str:
    """The refusal of a card typed with English letters under a French record."""
    return _("'{card}' is not a card of a record written in French: its cards are written R roi, "
             "D dame, V valet and P pique, C cœur, K carreau, T trèfle (RC is the king of hearts, "
             "VC the Quinola)").format(card=card)


def unwritable(text: str) -> str | None:
    """Why a header cannot be written in French (a player's name read as a card), or None."""
    try:
        french.to_french(text)
    except ValueError as exc:
        return str(exc)
    return None


def written_in(language: str) -> str:
    """What ``record`` says when a record's language is given."""
    if language == FRENCH:
        return _("this record is written in French (langue: fr): cards RP DC VK AT (R roi, D dame, "
                 "V valet; P pique, C cœur, K carreau, T trèfle), keywords in French")
    return _("this record is written in English: cards KS QH JD AC, keywords in English")
