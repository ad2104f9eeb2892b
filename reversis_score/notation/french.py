"""Records written in French: ``langue: fr`` (or ``lang: fr``) in the header.

Such a record writes its cards with French letters (``RP DC VK AT``: roi, dame, valet; pique,
cœur, carreau, trèfle; tens ``10``) and its keywords in French (``joueurs:``, ``coup 3``,
``donneur:``, ``écart:``, ``levées:``…: docs/fr/notation.md). It is read by the one grammar:
``to_english`` turns each French word and card into its English twin, and ``Spelled`` carries
every place back (each Span of a record or a diagnostic is where the French text has it; a
card or a keyword quoted by a message is quoted as written). ``to_french`` does the reverse on
a record written by ``format`` (its canonical layout), for ``format --lang fr``.

A record without a ``lang:`` line costs one search of its header; ``lang: en`` is English.

>>> english, spelled = to_english("langue: fr\\njoueurs: A B C D\\ncoup 1\\ndonneur: B\\nnul: maldonne\\n")
>>> print(english, end="")
<BLANKLINE>
players: A B C D
hand 1
dealer: B
void: misdeal
>>> to_french("hand 1\\ndealer: B\\ntricks:\\n  B: AS KC QD JH\\n")
'langue: fr\\ncoup 1\\ndonneur: B\\nlevées:\\n  B: AP RT DK VC\\n'
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any

from reversis_score.i18n import _
from reversis_score.notation.cards import RANKS, SYMBOL_SUITS, _parse_card
from reversis_score.notation.records import Name, PlacedCard, Span

LANGUAGES = ("en", "fr")
# A header line naming the record's language; found before the first hand.
LANG_LINE = re.compile(r"^[ \t]*(?:lang|langue)[ \t]*:[ \t]*([^\s#]*)[ \t]*(?:#.*)?$", re.M)
# The line that opens a record's first hand (its header ends there), in either language.
FIRST_HAND = re.compile(r"^[ \t]*(?:hand|coup|main)(?![\w'\-])", re.M)

# French ranks and suits, and their English twins: R roi, D dame, V valet; P pique, C cœur,
# K carreau, T trèfle (the ten is written 10: T is trèfle).
FR_RANKS = {"R": "K", "D": "Q", "V": "J"}
FR_SUITS = {"P": "S", "C": "H", "K": "D", "T": "C"}
EN_RANKS = {v: k for k, v in FR_RANKS.items()}
EN_SUITS = {v: k for k, v in FR_SUITS.items()}

# The keywords that begin a line, before their colon (French, English); the first French
# spelling of an English keyword is the one ``to_french`` writes.
LINE_KEYWORDS = (
    ("séance", "session"), ("date", "date"), ("joueurs", "players"), ("règles", "rules"),
    ("fiches", "stake"), ("club", "club"), ("réglé", "paid"), ("jeton", "jeton"), ("fiche", "fish"),
    ("reporté", "carried"), ("donneur", "dealer"), ("donne", "deal"), ("écart", "exchange"),
    ("annonce", "announce"), ("levées", "tricks"), ("plis", "tricks"), ("événements", "events"),
    ("irrégulier", "irregular"), ("nul", "void"), ("réclamations", "claims"), ("table", "table"),
    ("partie", "party"), ("points", "points"), ("talon", "talon"), ("reversis", "reversis"),
    ("espagnolette", "espagnolette"),
)
# Lines whose value is free text or a name of a preset or a knob: only the keyword changes.
_VERBATIM = ("session", "date", "rules", "stake", "club", "paid", "jeton", "fish", "carried")
# Words and phrases inside a line (French, English), the longest first where one holds another.
PHRASES = (
    ("regarde et écarte", "peeks and discards"), ("découvre et écarte", "exposes and discards"),
    ("prend sans écarter", "takes without discarding"), ("ramassée par", "gathered by"),
    ("rompu par", "broken by"), ("à la levée", "in trick"), ("avec le quinola", "with Quinola"),
    ("la prend", "takes it"), ("la ramasse", "gathers it"), ("le fait", "makes it"),
    ("écarte", "discards"), ("garde", "keeps"), ("maldonne", "misdeal"), ("abandonnées", "waived"),
    ("gagne", "wins"), ("perd", "loses"), ("avec", "with"), ("en", "in"), ("levées", "tricks"),
    ("levée", "trick"), ("place", "places"), ("sur", "on"), ("joue", "leads"), ("force", "forces"),
    ("à", "from"), ("espagnolette", "espagnolette"), ("panier", "pool"),
)
# A knob's values as a French record may write them in a ``règle`` line, and as ``rules`` and the
# whys show them in French (French, English); a value not listed (48, ad5-jh4, a preset's name,
# a list of tricks) is written the same in both. ``aucune`` is the empty list of tricks.
KNOB_VALUES = (
    ("oui", "yes"), ("non", "no"), ("plusieurs", "multiple"), ("unique", "single"), ("aucun", "none"),
    ("à-rebours", "reverse"), ("ordre-du-jeu", "play"), ("levées", "tricks"), ("le-plus-près", "nearest"),
    ("quinola-tôt", "quinola-early"), ("sauf-quinola-tard", "unless-quinola-late"), ("fixe", "fixed"),
    ("par-levée", "by-trick"), ("forcé", "forced"), ("forfait", "flat"), ("sans-droit", "barred"),
    ("rien", "nothing"), ("deux-à-deux-mise", "pairwise-stake"),
    ("deux-à-deux-différence", "pairwise-difference"), ("seul", "alone"),
    ("comme-un-autre", "as-any"), ("reportés", "carry"), ("partagés", "share"),
    ("laissés", "stay"), ("aucune", "none"),
)
VALUE_FR = {fr: en for fr, en in KNOB_VALUES}
VALUE_EN = {en: fr for fr, en in reversed(KNOB_VALUES)}


def english_value(value: str) -> str:
    """A knob's value as written in a French record, in the notation's English (``par-levée`` →
    ``by-trick``); any other value as it is."""
    return VALUE_FR.get(value.strip().lower(), value)


# The kinds of an ``irrégulier:`` line: renonce (indue), jouer avant son tour, regarder sa carte
# du talon, en découvrir une, maldonne.
IRREGULAR_KINDS = (("renonce", "revoke"), ("avant-son-tour", "out-of-turn"), ("regard", "peek"),
                   ("découverte", "expose"), ("maldonne", "misdeal"))

_WORD = re.compile(r'"[^"\n]*"|[^\s#,|:"]+')
_KEYWORD_LINE = re.compile(r"([ \t]*)([^\W\d][\w\-]*)([ \t]*:)")


def _phrase_pattern(pairs: tuple[tuple[str, str], ...], side: int) -> re.Pattern[str]:
    words = sorted((pair[side] for pair in pairs), key=len, reverse=True)
    alternatives = "|".join(re.escape(w).replace(r"\ ", r"[ \t]+") for w in words)
    return re.compile(rf"(?<![\w'\-\"])(?:{alternatives})(?![\w'\-\"])")


_FR_PHRASE, _EN_PHRASE = _phrase_pattern(PHRASES, 0), _phrase_pattern(PHRASES, 1)
_FR_TO_EN = {fr: en for fr, en in PHRASES}
_EN_TO_FR = {en: fr for fr, en in reversed(PHRASES)}


def record_language(header_text: str) -> str | None:
    """The language a header's ``lang:`` line names (``fr``, ``en`` or as written); None without one."""
    found = LANG_LINE.search(header_text)
    return found.group(1) if found else None


def french_card(token: str) -> str | None:
    """The English spelling of a card written the French way (``RP`` → ``KS``, ``10T`` → ``TC``,
    ``V♥`` → ``J♥``); None when the token is not a French card."""
    text = token.upper()
    if len(text) < 2:
        return None
    rank, suit = text[:-1], text[-1]
    if suit in SYMBOL_SUITS:
        suit_en = suit
    elif suit in FR_SUITS:
        suit_en = FR_SUITS[suit]
    else:
        return None
    if rank == "10":
        rank_en = "T"
    elif rank in FR_RANKS:
        rank_en = FR_RANKS[rank]
    elif len(rank) == 1 and rank in RANKS and rank not in "KQJT":
        rank_en = rank
    else:
        return None
    return ("10" if rank == "10" else rank_en) + suit_en


def french_spelling(token: str) -> str | None:
    """A card token in English letters, written the French way (``KS`` → ``RP``, ``J♥`` → ``V♥``)."""
    card = _parse_card(token)
    if card is None:
        return None
    rank = "10" if card.rank == "T" else EN_RANKS.get(card.rank, card.rank)
    written_suit = token[-1]
    suit = written_suit if written_suit in SYMBOL_SUITS else EN_SUITS[card.suit]
    return rank + suit


def french_hint(token: str) -> str:
    """What a record without ``lang: fr`` is told of a card written the French way (``RC``)."""
    if french_card(token) is None or _parse_card(token) is not None:
        return ""
    return _("; '{token}' is a French card: add the header line 'lang: fr' to write the record in French"
             ).format(token=token)


Edit = tuple[int, int, int, int]  # French start, end; English start, end (0-based columns)


@dataclass
class Spelled:
    """Where the French text and its English twin differ, line by line, to carry places back."""

    language: str
    edits: dict[int, list[Edit]] = field(default_factory=dict)  # line → its edits, in order
    words: dict[int, list[tuple[str, str]]] = field(default_factory=dict)  # line → (English, French)
    # (id of a line's edits, column, width) → the span's column and width as written
    spans: dict[tuple[int, int, int], tuple[int, int]] = field(default_factory=dict, repr=False,
                                                               compare=False)

    def column(self, line: int, column: int, end: bool = False) -> int:
        """A 1-based column of the English text as the French text has it."""
        at = column - 1
        shift = 0
        for fr_start, fr_end, en_start, en_end in self.edits.get(line, ()):
            if at < en_start:
                break
            if at < en_end or (end and at == en_end):
                return (fr_end if end else fr_start) + 1
            shift = fr_end - en_end
        return at + shift + 1

    def span(self, span: Span) -> Span:
        edits = self.edits.get(span.line)
        if edits is None:
            return span
        key = (id(edits), span.column, span.width)  # lines written alike share their edits
        found = self.spans.get(key)
        if found is None:
            start = self.column(span.line, span.column)
            stop = self.column(span.line, span.column + span.width, end=True)
            found = self.spans[key] = (start, max(1, stop - start))
        return Span(span.line, *found)

    def message(self, line: int | None, text: str) -> str:
        """A message with each token it quotes from the line written as in the French text."""
        if line is not None and line < 0:  # a name: the word itself
            return next((french for english, french in self.words.get(-line, ()) if english == text), text)
        for english, french in self.words.get(line or 0, ()):
            # as quoted alone ('KH'), first in a quoted line ('Hand 2', as typed: 'Main 2') or
            # before its number ('pool:0', as typed: 'panier:0')
            text = re.sub(rf"'{re.escape(english)}(?=['\s:])", "'" + french.replace("\\", r"\\"), text)
        return french_keywords(text) if self.language == "fr" else text

    def remap(self, value: Any) -> Any:
        """``value`` (a record, a diagnostic, a tuple of them) with its places in the French text."""
        return _remapped(value, self.span, self.message) if self.edits or self.words else value


# Values with no place in them, returned as they are without a look inside (a header that
# gives a key 50,000 times holds 50,000 lines of them).
_ATOMS = frozenset((str, int, float, bool, type(None)))
_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass's field names, looked up once per type


def _remapped(value: Any, span: Callable[[Span], Span], message: Callable[[int | None, str], str]) -> Any:
    kind = type(value)
    if kind in _ATOMS or (kind is tuple and all(type(v) in _ATOMS for v in value)):
        return value
    if isinstance(value, Span):
        return span(value)
    if isinstance(value, Name):  # a name that reads as a card was swapped for one: as written
        moved = span(value.span)
        text = message(-moved.line, value.text)
        return value if moved == value.span and text == value.text else Name(text, moved)
    if isinstance(value, PlacedCard):
        moved = span(value.span)
        return value if moved == value.span else value._replace(column=moved.column, width=moved.width)
    if isinstance(value, list):
        return [_remapped(v, span, message) for v in value]
    if isinstance(value, tuple):
        items = [_remapped(v, span, message) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        if hasattr(value, "_fields"):
            return value._replace(**dict(zip(value._fields, items, strict=True)))  # type: ignore[attr-defined]
        return tuple(items)
    names = _FIELDS.get(kind)
    if names is None and is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS.setdefault(kind, tuple(f.name for f in fields(value)))
    if names is not None:
        changes = {name: _remapped(getattr(value, name), span, message) for name in names}
        if type(value).__name__ == "Diagnostic" and value.file is None:  # type: ignore[attr-defined]
            where = value.span.line if value.span else None  # type: ignore[attr-defined]
            changes["message"] = message(where, value.message)  # type: ignore[attr-defined]
        if all(changes[k] is getattr(value, k) for k in changes):
            return value
        return replace(value, **changes)
    return value


def to_english(text: str) -> tuple[str, Spelled]:
    """A record's text in the spelling the grammar reads, and how to carry places back.

    The ``lang:`` line becomes blank; in a French record every keyword and card is turned
    into its English twin; an English card letter that is no French card (``KS``) is made a
    token that is no card at all, so that it is reported rather than read as English.
    """
    header_end = FIRST_HAND.search(text)
    found = LANG_LINE.search(text, 0, header_end.start() if header_end else len(text))
    language = found.group(1) if found else "en"
    spelled = Spelled(language)
    lines = text.split("\n")
    lang_line = text.count("\n", 0, found.start()) if found else -1
    known: dict[str, tuple[str, list[Edit] | None, list[tuple[str, str]] | None]] = {}
    for index, line in enumerate(lines):
        if index == lang_line:
            lines[index] = " " * len(line)
        elif language == "fr":
            # A line written again (a key given 50,000 times) is turned once; its edits are
            # shared, read only (Spelled.span keeps its answers by them).
            turned = known.get(line)
            if turned is None:
                alone = Spelled(language)
                if len(known) >= _KNOWN_LINES:
                    known.clear()
                english = _line_to_english(line, 0, alone)
                turned = known[line] = (english, alone.edits.get(0), alone.words.get(0))
            lines[index], edits, words = turned
            if edits is not None:
                spelled.edits[index + 1] = edits
            if words is not None:
                spelled.words[index + 1] = words
    return "\n".join(lines), spelled


_KNOWN_LINES = 4096  # lines to_english keeps turned, for lines written again
Swap = tuple[int, int, str]  # start, end of a piece of the line, and what it becomes


def _line_to_english(line: str, number: int, spelled: Spelled) -> str:
    swaps: list[Swap] = []
    start = _keyword_swaps(line, swaps, LINE_FR, IRREGULAR_FR, HAND_FR, "règle", "rule")
    if start is None:  # free text, a date, a preset, a knob: as written
        return _applied(line, swaps, number, spelled)
    players = bool(swaps) and swaps[0][2] == "players"
    end = _comment_at(line)
    if not players:
        for m in _FR_PHRASE.finditer(line, start, end):
            if not _quoted(line, m.start()):
                swaps.append((m.start(), m.end(), _FR_TO_EN[re.sub(r"[ \t]+", " ", m.group())]))
    for m in _WORD.finditer(line, start, end):
        token = m.group()
        if token.startswith('"') or _taken(swaps, m.start()):
            continue
        english = french_card(token)
        if english is not None:
            swaps.append((m.start(), m.end(), english))
        elif token in FR_SUITS and line[:m.start()].rstrip().endswith("sur"):
            swaps.append((m.start(), m.end(), FR_SUITS[token]))  # events: 'sur K', on a ♦ lead
        elif not players and _parse_card(token) is not None:
            swaps.append((m.start(), m.end(), "\u00a4" * len(token)))  # an English card: none here
    return _applied(line, swaps, number, spelled)


def _keyword_swaps(line: str, swaps: list[Swap], keywords: dict[str, str], kinds: dict[str, str],
                   hand: dict[str, str], rule: str, rule_to: str) -> int | None:
    """The swap of a line's leading keyword (into ``swaps``); where the rest of the line begins,
    or None when the rest is to be left as written."""
    found = _HAND_WORD.match(line)
    if found and found.group(2) in hand and (found.group(2).islower() or _HAND_ALONE.match(line)):
        swaps.append((found.start(2), found.end(2), hand[found.group(2)]))
        return found.end(2)
    found = _RULE_WORD.match(line)
    if found and found.group(2) == rule:
        swaps.append((found.start(2), found.end(2), rule_to))
        value = _RULE_VALUE.match(line, found.end(2))
        values = VALUE_FR if rule == "règle" else VALUE_EN
        if value and value.group(1) in values:
            swaps.append((value.start(1), value.end(1), values[value.group(1)]))
        return None
    found = _KEYWORD_LINE.match(line)
    if not found or found.group(2) not in keywords:
        return 0
    word = keywords[found.group(2)]
    swaps.append((found.start(2), found.end(2), word))
    value = _NEXT_WORD.match(line, found.end())
    said = _YES_NO.get(word, {}).get(value.group(1)) if value else None
    if value and said:  # 'réglé: oui' is 'paid: yes'
        swaps.append((value.start(1), value.end(1), said))
    if word in _VERBATIM or word in _VERBATIM_FR:
        return None
    kind = _NEXT_WORD.match(line, found.end())
    if kind and kind.group(1) in kinds and word in ("irregular", "irrégulier"):
        swaps.append((kind.start(1), kind.end(1), kinds[kind.group(1)]))
        return kind.end(1)
    return found.end()


def _applied(line: str, swaps: list[Swap], number: int, spelled: Spelled) -> str:
    """The line with its swaps made; their places kept in ``spelled``."""
    swaps = sorted(s for s in swaps if line[s[0]:s[1]] != s[2])
    if not swaps:
        return line
    out, position, written = [], 0, 0
    edits: list[Edit] = []
    for start, end, english in swaps:
        out.append(line[position:start])
        written += start - position
        edits.append((start, end, written, written + len(english)))
        out.append(english)
        written += len(english)
        position = end
    out.append(line[position:])
    spelled.edits[number] = edits
    spelled.words[number] = [(english, line[start:end]) for start, end, english in swaps]
    return "".join(out)


def _quoted(line: str, at: int) -> bool:
    return line.count('"', 0, at) % 2 == 1


def _taken(swaps: list[Swap], at: int) -> bool:
    return any(start <= at < end for start, end, _text in swaps)


def _comment_at(line: str) -> int:
    """Where the line's comment begins (its length when it has none)."""
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return index
    return len(line)


# The spellings by direction: French to English (every French spelling), English to French
# (the first French spelling of each English word).
LINE_FR = dict(LINE_KEYWORDS)
LINE_EN = {en: fr for fr, en in reversed(LINE_KEYWORDS)}
IRREGULAR_FR = dict(IRREGULAR_KINDS)
IRREGULAR_EN = {en: fr for fr, en in IRREGULAR_KINDS}
# A hand line: ``coup 3``, the manuscrit's word for one deal played out (« ce qui s'étoit payé
# pendant le coup »); ``main 3``, the first French records' word, is still read, with a warning
# (in both sources *main* is the cards a player holds). 'Coup 2' is read as 'Hand 2': an error.
HAND_FR = {"coup": "hand", "Coup": "Hand", "COUP": "HAND", "main": "hand", "Main": "Hand", "MAIN": "HAND"}
HAND_EN = {"hand": "coup"}
OLD_HAND_WORD = "main"
_VERBATIM_FR = tuple(LINE_EN[word] for word in _VERBATIM)
# The yes and no of a 'paid:' line, by the keyword it is written under (the target's).
_YES_NO = {"paid": {"oui": "yes", "non": "no"}, "réglé": {"yes": "oui", "no": "non"}}
_HAND_WORD = re.compile(r"([ \t]*)(\w+)(?![\w'\-:])(?![ \t]*:)")
_HAND_ALONE = re.compile(r"[ \t]*\w+[ \t]*\d*[ \t]*:?[ \t]*(?:#.*)?$")  # 'Main 2', as a hand line
_RULE_WORD = re.compile(r"([ \t]*)(\w+)(?=[ \t])")
_NEXT_WORD = re.compile(r"[ \t]*([^\s#]+)")
_RULE_VALUE = re.compile(r"[ \t]+[\w\-]+[ \t]*:[ \t]*([^\s#]+)[ \t]*(?:#.*)?$")  # 'règle KNOB: VALUE'


# The keywords a message names, as a French record spells them (for its English messages).
_MESSAGE_WORDS = (
    ("such as AS or 9♥", "such as RP or 9♥"), ("comme AS ou 9♥", "comme RP ou 9♥"),
    ("'peeks and discards ", "'regarde et écarte "), ("'exposes and discards ", "'découvre et écarte "),
    ("'takes without discarding'", "'prend sans écarter'"), ("'discards ", "'écarte "),
    ("'keeps'", "'garde'"),
    ("'| gathered by ", "'| ramassée par "), ("'and discards ", "'et écarte "),
    ("'without discarding'", "'sans écarter'"), ("'discarding'", "'écarter'"), ("'pool'", "'panier'"),
    ("revoke, out-of-turn, peek, expose", "renonce, avant-son-tour, regard, découverte"),
    (" or misdeal", " or maldonne"), (" ou misdeal", " ou maldonne"), ("'misdeal'", "'maldonne'"),
    ("'waived'", "'abandonnées'"), ("rule KNOB", "règle KNOB"), ("rule RÉGLAGE", "règle RÉGLAGE"),
    ("'hand'", "'coup'"), ("'hand ", "'coup "), ("`hand ", "`coup "), ("'events'", "'événements'"),
    ("(void: misdeal)", "(nul: maldonne)"), ("'void: misdeal'", "'nul: maldonne'"),
    ("`irregular: revoke ", "`irrégulier: renonce "), ("'irregular: revoke ", "'irrégulier: renonce "),
    (" takes without discarding`", " prend sans écarter`"), (" discards C1 C2`", " écarte C1 C2`"),
    (" gathers it')", " la ramasse')"), ("'party: A wins, B loses'", "'partie: A gagne, B perd'"),
    (" wins' or 'loses'", " gagne' or 'perd'"), (" wins' ou 'loses'", " gagne' ou 'perd'"),
)
# A pool by its number, as a message names it ('pool:1 is the oldest'); not a name quoted as typed.
_POOL_NUMBER = re.compile(r"(?<![\w'\"])pool:(?=\d)")
_MESSAGE_KEYWORD = re.compile(r"(?<![\w\-])(session|players|rules|stake|dealer|deal|exchange|announce|tricks"
                              r"|events|irregular|void|claims|party):")


_OLD_HAND = re.compile(r"^([ \t]*)(main)(?:[ \t]+(\d+))?[ \t]*(?:#.*)?$", re.M)


def old_hand_line(text: str) -> tuple[int, int, str] | None:
    """The first hand line of a French record written ``main N`` (line, column, number as
    written), the word of the first French records; None when every hand is a ``coup``."""
    found = _OLD_HAND.search(text)
    if found is None:
        return None
    return text.count("\n", 0, found.start()) + 1, len(found.group(1)) + 1, found.group(3) or ""


_PLAYERS_LINE = re.compile(r"^[ \t]*(?:joueurs|players)[ \t]*:([^\n#]*)", re.M)  # either spelling


def hand_word_players(text: str) -> list[tuple[int, int, str]]:
    """The players of a French record named, without quotes, as a hand begins (``coup``,
    ``main``): each line, column and name. Such a name at the head of a deal or exchange line
    would open a hand there, so the record would be misread far from its cause."""
    header_end = FIRST_HAND.search(text)
    found = _PLAYERS_LINE.search(text, 0, header_end.start() if header_end else len(text))
    if found is None:
        return []
    line = text.count("\n", 0, found.start()) + 1
    return [(line, m.start() - found.start() + 1, m.group())
            for m in _WORD.finditer(text, found.start(1), found.end(1))
            if m.group() in HAND_FR and m.group().islower()]


def french_keywords(message: str) -> str:
    """A message about a French record with the keywords it names spelt the French way."""
    for english, french in _MESSAGE_WORDS:
        message = message.replace(english, french)
    message = _POOL_NUMBER.sub("panier:", message)
    return _MESSAGE_KEYWORD.sub(lambda m: LINE_EN[m.group(1)] + ":", message)


def to_french(text: str) -> str:
    """A record in ``format``'s layout, written the French way (``format --lang fr``): a
    ``langue: fr`` line first, then every line with its keywords and cards in French.

    Raises ValueError for a player's name that a French record would read as a card or a
    keyword (``Rc``): the record cannot be written in French as it is.
    """
    lines = text.split("\n")
    return "\n".join(["langue: fr"] + [_line_to_french(line) for line in lines])


def _line_to_french(line: str) -> str:
    swaps: list[Swap] = []
    start = _keyword_swaps(line, swaps, LINE_EN, IRREGULAR_EN, HAND_EN, "rule", "règle")
    if start is None:
        return _applied(line, swaps, 0, Spelled("fr"))
    players = bool(swaps) and swaps[0][2] == "joueurs"
    end = _comment_at(line)
    if not players:
        for m in _EN_PHRASE.finditer(line, start, end):
            if not _quoted(line, m.start()):
                swaps.append((m.start(), m.end(), _EN_TO_FR[re.sub(r"[ \t]+", " ", m.group())]))
    for m in _WORD.finditer(line, start, end):
        token = m.group()
        if token.startswith('"') or _taken(swaps, m.start()):
            continue
        if players:
            if french_card(token) is not None or token in LINE_FR or token in _FR_TO_EN or token in HAND_FR:
                problem = _("the player's name '{name}' reads as a card or a keyword in a French record: "
                            "write it in quotes to write the record in French")
                raise ValueError(problem.format(name=token))
            continue
        french = french_spelling(token)
        if french is not None:
            swaps.append((m.start(), m.end(), french))
        elif token in EN_SUITS and line[:m.start()].rstrip().endswith("on"):
            swaps.append((m.start(), m.end(), EN_SUITS[token]))
    return _applied(line, swaps, 0, Spelled("fr"))
