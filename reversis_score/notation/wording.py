"""Lark's parse failures, said in words: what was expected there, never a terminal name."""
from __future__ import annotations

import difflib

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from reversis_score.i18n import N_, _
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.french import LINE_KEYWORDS as FRENCH_KEYWORDS
from reversis_score.notation.french import french_hint
from reversis_score.notation.records import Span

# What each terminal means to a scorer. Several terminals share a phrase; phrases are
# listed once, in the order of this table.
_SECTION = N_("a section of the hand (deal:, exchange:, announce:, tricks:, irregular:, void:, claims:, "
              "table:)")
_EVENT = N_("an event line (party:, points:, talon:, 'N. NAME places CARD, NAME takes it', reversis:, "
            "espagnolette:)")
_CARD_EVENT = N_("'places CARD, NAME takes it', 'leads CARD' or 'forces CARD from NAME'")
TERMINAL_WORDS = {
    "SESSION_TEXT": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "_DATE": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "PLAYERS": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "_RULES": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "_RULE": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "_STAKE": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "_CLUB": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "_PAID": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "RATE": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "CARRIED": N_("a header line (session:, date:, players:, rules:, rule KNOB: VALUE, stake:)"),
    "HAND": N_("a hand line ('hand' or 'hand N')"),
    "_DEALER": N_("the dealer line ('dealer: NAME')"),
    "DEAL": _SECTION,
    "EXCHANGE": _SECTION,
    "ANNOUNCE": _SECTION,
    "TRICKS": _SECTION,
    "IRREGULAR": _SECTION,
    "VOID": _SECTION,
    "CLAIMS": _SECTION,
    "TABLE": _SECTION,
    "EVENTS": _SECTION,
    "PARTY": _EVENT,
    "POINTS": _EVENT,
    "TALON": _EVENT,
    "REVERSIS": _EVENT,
    "ESPAGNOLETTE_LINE": _EVENT,
    "PARTY_VERB": N_("'wins' or 'loses'"),
    "TAKER_VERB": N_("'takes it' (or 'gathers it')"),
    "COUNT": N_("a number"),
    "SUIT": N_("a suit (S, H, D, C or ♠, ♥, ♦, ♣)"),
    "TALON_POINTS": N_("the talon's cards, or its points ('7 points')"),
    "_PLACES": _CARD_EVENT,
    "_LEADS": _CARD_EVENT,
    "_FORCES": _CARD_EVENT,
    "_WITH": N_("'with N points'"),
    "_POINTS_WORD": N_("'points'"),
    "_IN": N_("'in N tricks'"),
    "_TRICKS_WORD": N_("'tricks'"),
    "_ON": N_("'on SUIT'"),
    "_IT": N_("'it'"),
    "_FROM": N_("'from NAME'"),
    "_MAKES": N_("'makes it' or ', broken by NAME in trick N'"),
    "_BROKEN": N_("'broken by NAME in trick N'"),
    "_BY": N_("'by NAME'"),
    "BY_QUINOLA": N_("'with Quinola'"),
    "NAME": N_("a player's name"),
    "NAMED_CARDS": N_("a player's name"),
    "NAME_DISCARDS": N_("a player's name"),
    "NAME_KEEPS": N_("a player's name"),
    "CARDS": N_("a card such as AS or 9♥"),
    "CARD": N_("a card such as AS or 9♥"),
    "TRICK_NUMBER": N_("a trick number such as '3.'"),
    "HAND_NUMBER": N_("a hand number"),
    "AMOUNT": N_("an amount of fish"),
    "VALUE": N_("a value"),
    "KNOB": N_("a knob name"),
    "RULE_VALUE": N_("the knob's value"),
    "POOL": N_("'pool'"),
    "ARROW": N_("'->'"),
    "COLON": N_("':'"),
    "VBAR": N_("'|' before the face-down card"),
    "COMMA": N_("',' between the explicit form's NAME CARD pairs"),
    "_DISCARDS": N_("'discards CARD', 'keeps', 'peeks and discards CARD' or 'takes without discarding'"),
    "_KEEPS": N_("'discards CARD', 'keeps', 'peeks and discards CARD' or 'takes without discarding'"),
    "_PEEKS": N_("'discards CARD', 'keeps', 'peeks and discards CARD' or 'takes without discarding'"),
    "_TAKES": N_("'discards CARD', 'keeps', 'peeks and discards CARD' or 'takes without discarding'"),
    "_EXPOSES": N_("'discards CARD', 'keeps', 'peeks and discards CARD' or 'takes without discarding'"),
    "_GATHERED_BY": N_("'| gathered by NAME'"),
    "_AND": N_("'and discards CARD'"),
    "_WITHOUT": N_("'without discarding'"),
    "_DISCARDING": N_("'discarding'"),
    "_ESPAGNOLETTE": N_("'espagnolette NAME'"),
    "_MISDEAL": N_("'misdeal'"),
    "_WAIVED": N_("'waived'"),
    "IRREGULAR_KIND": N_("an irregularity: revoke, out-of-turn, peek, expose or misdeal"),
    "_NL": N_("the end of the line"),
    "$END": N_("the end of the hand"),
}
HEADER_WORDS = ("session", "date", "players", "rules", "rule", "stake", "club", "paid", "jeton", "fish",
                "carried")


def expected_in_words(names: set[str] | frozenset[str], start: str) -> str:
    """``a card such as AS or 9♥ or the end of the line`` for a set of terminal names."""
    phrases: list[str] = []
    if len(names) > 1:  # the optional end of a trick line goes without saying
        names = set(names) - {"_GATHERED_BY"}
    for name in names:
        phrase = TERMINAL_WORDS.get(name, f"'{name.lower()}'")
        if name == "$END" and start == "header":
            phrase = N_("the first hand")
        if phrase not in phrases:
            phrases.append(phrase)
    phrases.sort(key=_phrase_rank)
    said = [_(phrase) for phrase in phrases]  # ordered in English, said in the chosen language
    if len(said) == 1:
        return said[0]
    return _("{these} or {that}").format(these=", ".join(said[:-1]), that=said[-1])


def _phrase_rank(phrase: str) -> tuple[int, str]:
    order = list(dict.fromkeys(TERMINAL_WORDS.values()))
    return (order.index(phrase) if phrase in order else len(order), phrase)


def describe_unexpected(exc: UnexpectedInput, lines: list[str], line_offset: int,
                        start: str, hand: int | None = None) -> tuple[Diagnostic, int | None]:
    """A Diagnostic for a Lark failure, and the chunk's index of the line at fault (in
    ``hand``, when the chunk is one)."""
    token = getattr(exc, "token", None)  # only UnexpectedToken carries one
    if isinstance(exc, UnexpectedEOF) or getattr(token, "type", "") == "$END":
        last = max((i for i, text in enumerate(lines) if text.strip()), default=0)
        span = Span(line_offset + last + 1, len(lines[last].rstrip()) + 1)
        expected = expected_in_words(_expected(exc), start)
        found = _("the end of the file") if start == "header" else _("the end of the hand")
        return Diagnostic(_("expected {expected}, found {found}").format(expected=expected, found=found),
                          span), None
    line, column = exc.line, exc.column
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    word = _word_at(text, column - 1)
    span = Span(line + line_offset, column, max(1, len(word)))
    if hand is not None and _expected(exc) == {"_DEALER"}:  # nothing after it can be replayed
        message = _("hand {hand} skipped: its second line is not `dealer: NAME` "
                    "(every hand names its dealer){hint}").format(hand=hand, hint=_keyword_hint(text))
        return Diagnostic(message, span), line - 1
    special = _special_case(text, start)
    if special:
        indent = len(text) - len(text.lstrip())
        key = (text.strip().split(":")[0].split() or [""])[0]
        return Diagnostic(special, Span(line + line_offset, indent + 1, len(key))), line - 1
    message = _("unexpected '{word}': expected {expected}").format(
        word=_shorten(word), expected=expected_in_words(_expected(exc), start)) + _french_cards(text)
    meant = keyword_meant(text)
    if meant is not None:  # the line's keyword is misspelt: say that alone
        key = text.strip().split(":", 1)[0].strip()
        indent = len(text) - len(text.lstrip())
        return Diagnostic(_("'{key}:' is not a line of the notation; did you mean '{meant}:'?").format(
            key=_shorten(key), meant=meant), Span(line + line_offset, indent + 1, len(key) + 1)), line - 1
    if isinstance(exc, UnexpectedToken) and exc.token.type == "_NL":
        message = _("this line ends too soon: expected {expected}").format(
            expected=expected_in_words(_expected(exc), start))
        span = Span(line + line_offset, column, 1)
    return Diagnostic(message, span), line - 1


def _expected(exc: UnexpectedInput) -> set[str]:
    if isinstance(exc, UnexpectedCharacters):
        return set(exc.allowed or ())
    return set(getattr(exc, "expected", ()) or ())


def _word_at(text: str, index: int) -> str:
    end = index
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[index:end] or text[index:index + 1]


def _shorten(word: str) -> str:
    return word if len(word) <= 30 else word[:27] + "..."


LINE_KEYWORDS = ("session", "date", "players", "rules", "stake", "club", "paid", "jeton", "fish", "carried",
                 "dealer", "deal", "exchange",
                 "announce", "tricks", "events", "irregular", "void", "claims", "table")


def _french_cards(text: str) -> str:
    """The hint for the first card of a line written the French way (``RC DC VK AT`` in an
    English record: a line of them reads as names and cards, and fails as a whole)."""
    for token in text.split("#", 1)[0].replace(",", " ").replace(":", " ").split():
        hint = french_hint(token)
        if hint:
            return hint
    return ""


# Each French keyword, for the English keyword it means: 'Levées:' in a French record is a near
# miss of 'levées:', said 'tricks:' and written back the record's way. A French near miss must
# be nearer than an English one ('Anne:' is a player's name, not 'annonce:').
_FRENCH_MEANING = {fr: en for fr, en in FRENCH_KEYWORDS if en in LINE_KEYWORDS and fr != en}


def _keyword_hint(text: str) -> str:
    """``; did you mean 'dealer:'?`` when a line begins with a near miss of a keyword."""
    meant = keyword_meant(text)
    return _("; did you mean '{meant}:'?").format(meant=meant) if meant else ""


def keyword_meant(text: str) -> str | None:
    """The keyword a line's ``word:`` misspells ('trick:' → 'tricks'), if it is a near miss."""
    head = text.strip().split(":", 1)
    if len(head) < 2 or not head[0] or " " in head[0].strip():
        return None
    word = head[0].strip()
    close = difflib.get_close_matches(word.lower(), LINE_KEYWORDS, n=1, cutoff=0.7)
    if close:
        return close[0] if close[0] != word else None
    french = difflib.get_close_matches(word.lower(), _FRENCH_MEANING, n=1, cutoff=0.85)
    return _FRENCH_MEANING[french[0]] if french and french[0] != word else None


def with_keyword(text: str, keyword: str) -> str:
    """The line with its misspelt keyword put right, to read the lines after it as meant."""
    indent = text[:len(text) - len(text.lstrip())]
    return indent + keyword + ":" + text.lstrip().split(":", 1)[1]


def expectation(exc: UnexpectedInput) -> frozenset[str]:
    """What the parser expected: two failures expecting the same thing on consecutive lines
    are one mistake (a bad dealer line makes every line after it unexpected)."""
    return frozenset(_expected(exc))


def _special_case(text: str, start: str) -> str | None:
    stripped = text.strip()
    words = stripped.split(":", 1)[0].split()
    key = words[0] if words else ""
    if start == "hand" and key in HEADER_WORDS and ":" in stripped or \
            start == "hand" and stripped.startswith("rule "):
        return _("'{key}' is a header line and stands after the first hand: "
                 "header lines come before the first hand").format(key=key)
    if start == "header" and stripped.startswith(("dealer", "deal", "tricks", "exchange")):
        return _("'{key}' before any hand: a hand begins with a 'hand' line").format(key=key)
    return None
