"""Read `.rvs` text into typed records, hand by hand, collecting notation errors.

The Lark LALR parser (``grammar/reversis.lark``, shipped in the package; its tables cached
by lalr.py) runs once on the header and once per hand, with the Transformer applied during
the parse, so no tree is kept and a bad hand never stops the others. A plain header or hand
is read by a quick reader instead (lexicon.py, fast.py), to the very same records; Lark is
loaded only when a chunk needs it.

>>> result = read_text("players: A B C D\\nhand 1\\ndealer: B\\nvoid: misdeal\\n")
>>> [h.record.void for h in result.hands], result.errors
([True], [])
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reversis_score.i18n import N_, _
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.fast import read_hand as read_common_hand
from reversis_score.notation.lexicon import read_header_repeats as read_common_header
from reversis_score.notation.records import HandRecord, Header, Session, Span

if TYPE_CHECKING:
    from reversis_score.notation.french import Spelled

_HAND_LINE = re.compile(r"[ \t]*hand(?![\w'\-])")
_LANG_LINE = re.compile(r"^[ \t]*lang(?:ue)?[ \t]*:", re.M)  # notation/french.py reads the record
# A hand line after the first, found by its newline: the regex engine scans for a leading
# literal quickly, while a pattern starting with ^ is tried at every character (4x slower).
_NEXT_HAND_LINE = re.compile(r"\n[ \t]*hand(?![\w'\-])")
# A line meant as a hand line but not one ('Hand 2', 'HAND 2', 'hand2'): a hand starts
# there all the same, and is skipped with one message, so that its lines are not read as
# the previous hand's and the hands after it keep their numbers.
_MISWRITTEN_HAND = re.compile(r"^[ \t]*(hand)[ \t]*(\d*)[ \t]*:?[ \t]*(?:#[^\n]*)?$", re.I | re.M)
MAX_ERRORS_PER_HAND = 20
EMPTY_FILE = N_("the file is empty: a record begins with its header ('players: A B C D'), then its hands")


@dataclass(slots=True)
class ParsedHand:
    """One hand chunk: its record (None when it could not be parsed) and its problems."""

    number: int
    first_line: int
    record: HandRecord | None
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass(slots=True)
class ParseResult:
    """A whole file read: the header, every hand chunk, and every notation problem."""

    file: str
    header: Header
    hands: list[ParsedHand]
    header_diagnostics: list[Diagnostic]
    lines: list[str]

    @property
    def diagnostics(self) -> list[Diagnostic]:
        out = list(self.header_diagnostics)
        for hand in self.hands:
            out.extend(hand.diagnostics)
        return out

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    def session(self) -> Session:
        """The records that parsed, as one Session."""
        return Session(self.header, tuple(h.record for h in self.hands if h.record), self.file)


def decode(data: bytes) -> tuple[str | None, Diagnostic | None]:
    """Bytes to text: UTF-8 (a byte-order mark and CRLF accepted), or an error at the bad byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", "replace")) + 1
        return None, Diagnostic(_("the file is not UTF-8 text: byte 0x{byte:02x} cannot start or continue "
                                  "a character").format(byte=data[exc.start]), Span(line, column))
    return normalise(text), None


def normalise(text: str) -> str:
    """Drop a byte-order mark, turn CRLF into LF, end with a newline, compose accents (NFC).

    NFC makes 'É' typed as E + a combining accent the same name as the one-character 'É'.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    text = unicodedata.normalize("NFC", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text and not text.endswith("\n"):
        text += "\n"
    return text


def split_chunks(text: str) -> tuple[str, list[tuple[int, str]]]:
    """Split at the lines that begin with ``hand``: the header text and (first line, text) per hand."""
    header, chunks = iter_chunks(text)
    return header, list(chunks)


def iter_chunks(text: str) -> tuple[str, Iterator[tuple[int, str]]]:
    """The header text, and (first line, text) of each hand chunk, one at a time."""
    start = _next_hand(text, -1)
    if start is None:
        return text, iter(())
    return text[:start], _chunks_from(text, start, text.count("\n", 0, start) + 1)


def _next_hand(text: str, after: int) -> int | None:
    """Where the first line beginning with ``hand`` starts after position ``after``; None if none."""
    if after < 0 and _HAND_LINE.match(text):
        return 0
    found = _NEXT_HAND_LINE.search(text, max(after, 0))
    return None if found is None else found.start() + 1


def _chunks_from(text: str, start: int, line: int) -> Iterator[tuple[int, str]]:
    # A chunk is cut only when it is asked for: a long record is never held twice.
    while start < len(text):
        following = _next_hand(text, start)
        end = following if following is not None else len(text)
        chunk = text[start:end]
        yield line, chunk
        line += chunk.count("\n")
        start = end


@dataclass(slots=True)
class ParseStream:
    """A record being read: the header parsed, each hand parsed when the caller reaches it."""

    file: str
    header: Header
    hands: Iterator[ParsedHand]
    header_diagnostics: list[Diagnostic]
    lines: list[str]


def read_text(text: str, file: str = "-") -> ParseResult:
    """Parse a whole record. Never raises on bad input: problems come back as diagnostics."""
    head = read_head(text, file)
    return ParseResult(file, head.header, list(head.hands), head.header_diagnostics, head.lines)


def read_head(text: str, file: str = "-") -> ParseStream:
    """Parse the header now and each hand when it is asked for (memory stays flat)."""
    text = normalise(text)
    header_text, chunks = iter_chunks(text)
    if _LANG_LINE.search(header_text):  # a 'lang:' line: maybe French cards and words
        return _read_spelled(text, file)
    header_text, chunks = _first_hand_miswritten(header_text, chunks)
    header, header_diags = parse_header(header_text)
    if not text.strip():  # nothing to read: say so, rather than what the header lacks
        header_diags = [Diagnostic(_(EMPTY_FILE), Span(1, 1))]
    return ParseStream(file, header, parse_hands(chunks), header_diags, text.split("\n"))


def in_grammar_spelling(text: str) -> tuple[str, Spelled | None]:
    """A normalised record's text as the grammar reads it (line for line the same lines), and
    the Spelled that carries its places back (None when it has no ``lang:`` line: as it is)."""
    header_text, _chunks = iter_chunks(text)
    if not _LANG_LINE.search(header_text):
        return text, None
    from reversis_score.notation import french
    return french.to_english(text)


def _read_spelled(text: str, file: str) -> ParseStream:
    """A record with a ``lang:`` line: read in the grammar's spelling, every place and quoted
    word carried back to the text as written (notation/french.py)."""
    import dataclasses

    from reversis_score.notation import french
    english, spelled = french.to_english(text)
    header_text, chunks = iter_chunks(english)
    header_text, chunks = _first_hand_miswritten(header_text, chunks)
    header, header_diags = parse_header(header_text)
    language = spelled.language
    if language not in french.LANGUAGES:
        found = french.LANG_LINE.search(text)
        assert found is not None
        line = text.count("\n", 0, found.start()) + 1
        header_diags.append(Diagnostic(
            _("the record's language is 'fr' (French cards and words) or 'en', not '{language}'").format(
                language=language),
            Span(line, found.start(1) - found.start() + 1, max(1, len(language)))))
    old = french.old_hand_line(text) if language == "fr" else None
    if old is not None:
        line, column, number = old
        header_diags.append(Diagnostic(
            _("a French record's hand begins 'coup{number}' ('main' is the cards a player holds): "
              "read as one all the same").format(
                number=f" {number}" if number else ""),
            Span(line, column, 4), severity="warning"))
    for line, column, name in french.hand_word_players(text) if language == "fr" else ():
        header_diags.append(Diagnostic(
            _("a player of a French record may not be named {name} without quotes: a line that begins "
              "'{name}' begins a hand; write \"{name}\"").format(name=name), Span(line, column, len(name))))
    known = language if language in french.LANGUAGES else None
    header = dataclasses.replace(spelled.remap(header), lang=known)
    hands = (spelled.remap(hand) for hand in parse_hands(chunks))
    return ParseStream(file, header, hands, spelled.remap(header_diags), text.split("\n"))


def parse_hands(chunks: Iterable[tuple[int, str]]) -> Iterator[ParsedHand]:
    """Parse hand chunks in order, each expected to number one more than the one before."""
    expected_number = 1
    for first_line, chunk in chunks:
        parsed = None if _is_miswritten(chunk) else parse_hand(chunk, first_line, expected_number)
        # Only a chunk with problems is searched for a miswritten hand line (a clean one is not).
        if parsed is not None and not (parsed.diagnostics and _MISWRITTEN_HAND.search(chunk)):
            yield parsed
            expected_number = parsed.number + 1
            continue
        for piece_line, piece in _pieces(chunk, first_line):
            if _is_miswritten(piece):
                parsed = _skipped(piece, piece_line, expected_number)
            else:
                parsed = parse_hand(piece, piece_line, expected_number)
            yield parsed
            expected_number = parsed.number + 1


def _is_miswritten(chunk: str) -> bool:
    """Whether a chunk begins with a miswritten hand line (a well-written one is 'hand ...')."""
    if _HAND_LINE.match(chunk):  # the usual chunk: one quick look
        return False
    return _MISWRITTEN_HAND.match(chunk) is not None


def _pieces(chunk: str, first_line: int) -> Iterator[tuple[int, str]]:
    """A chunk cut before each miswritten hand line: (first line, text) of each piece."""
    cuts = [m.start() for m in _MISWRITTEN_HAND.finditer(chunk) if not _HAND_LINE.match(chunk, m.start())]
    bounds = [0] + [c for c in cuts if c > 0] + [len(chunk)]
    for start, end in zip(bounds, bounds[1:], strict=False):
        yield first_line + chunk.count("\n", 0, start), chunk[start:end]


def _skipped(piece: str, first_line: int, expected_number: int) -> ParsedHand:
    """A hand whose first line is not `hand N`: one error at that line, and nothing else read."""
    found = _MISWRITTEN_HAND.match(piece)
    assert found is not None
    written, digits = found.group(1), found.group(2)
    number = int(digits) if digits and int(digits) >= expected_number else expected_number
    text = found.group(0).strip()
    as_written = text.split("#")[0].strip()
    if written != "hand":
        fix = _("write it in lower case: 'hand {number}', not '{written}'").format(
            number=digits or number, written=as_written)
    else:
        fix = _("a space goes between 'hand' and its number: 'hand {number}'").format(number=digits)
    span = Span(first_line, found.start(1) + 1, len(as_written))
    return ParsedHand(number, first_line, None, [Diagnostic(
        _("hand {number} skipped: its first line is not `hand N` ({fix})").format(number=number, fix=fix),
        span, hand=number)])


def _first_hand_miswritten(header: str, chunks: Iterator[tuple[int, str]]
                           ) -> tuple[str, Iterator[tuple[int, str]]]:
    """A header that ends in a miswritten first hand gives that hand back as a chunk."""
    found = _MISWRITTEN_HAND.search(header)
    if found is None:
        return header, chunks
    import itertools
    rest = (header.count("\n", 0, found.start()) + 1, header[found.start():])
    return header[:found.start()], itertools.chain([rest], chunks)


def parse_header(text: str) -> tuple[Header, list[Diagnostic]]:
    """Parse the header lines (everything before the first ``hand``)."""
    quick = read_common_header(text)
    if quick is not None:  # the very header Lark would build, and what it would report of keys given again
        return quick
    # A header keeps what the lines around a syntax error said (the players above all), so
    # that every hand can still be checked.
    header, diags = _parse_with_recovery(text, "header", 0, context=None, keep_partial=True)
    if header is None:
        header = Header()
    if not header.has_players and not diags:
        missing = _("the header has no 'players:' line: name the four players in order of play")
        diags.append(Diagnostic(missing, Span(1, 1)))
    return header, diags


def parse_hand(chunk: str, first_line: int, expected_number: int) -> ParsedHand:
    """Parse one hand chunk starting at ``first_line`` of the file."""
    quick = read_common_hand(chunk, first_line, expected_number)
    if quick is not None:  # the very record Lark would build, and nothing to report
        return ParsedHand(quick.number, first_line, quick, [])
    record, diags = _parse_with_recovery(chunk, "hand", first_line - 1, context=expected_number)
    number = record.number if record else expected_number
    if record is None:
        diags = [_with_hand(d, number) for d in diags]
    return ParsedHand(number, first_line, record, diags)


def _with_hand(diag: Diagnostic, number: int) -> Diagnostic:
    if diag.hand is not None:
        return diag
    return Diagnostic(diag.message, diag.span, diag.family, diag.severity, number, diag.trick)


def _parse_with_recovery(text: str, start: str, line_offset: int, context: int | None,
                         keep_partial: bool = False):
    """Parse; on a syntax error, record it, blank that line and try again (bounded).

    Returns the record of the last attempt (None if any syntax error was found) and every
    diagnostic: the syntax errors of all attempts, the semantic ones of the last attempt.
    """
    # Lark is imported here, by the first chunk the quick readers leave to it: a clean record
    # is read without loading it (~25 ms of a worker's start-up).
    from lark.exceptions import UnexpectedInput, VisitError

    from reversis_score.notation.lalr import parser
    from reversis_score.notation.wording import describe_unexpected, expectation, keyword_meant, with_keyword

    lalr, builder = parser()
    syntax: list[Diagnostic] = []
    lines = text.split("\n")
    # One mistake often makes every later line unexpected in the same way (a misspelt
    # 'tricks:' turns each trick line into a bad exchange line): say each expectation once.
    said: set[frozenset[str]] = set()
    while True:
        builder.begin(line_offset, hand=context)
        try:
            result = lalr.parse("\n".join(lines), start=start)
        except UnexpectedInput as exc:
            diag, bad_line = describe_unexpected(exc, lines, line_offset, start, context)
            wanted = expectation(exc)
            # A dealer line blanked for its error is then missing: that is no second mistake.
            echo = wanted == {"_DEALER"} and bool(syntax)
            if wanted not in said and not echo:
                syntax.append(diag)
            said.add(wanted)
            # a line is blank to the grammar when only spaces and tabs are left: a line of a form
            # feed or a no-break space is blanked and read past like any other bad line
            if bad_line is None or len(syntax) >= MAX_ERRORS_PER_HAND or not lines[bad_line].strip(" \t"):
                return None, _saying_skipped(syntax, context) + _hand_tagged(builder.diagnostics, context)
            # a misspelt keyword is put right, so that its section reads as meant (no echoes)
            meant = keyword_meant(lines[bad_line])
            fixed = with_keyword(lines[bad_line], meant) if meant else ""
            lines[bad_line] = "" if fixed == lines[bad_line] else fixed
            continue
        except VisitError as exc:  # a bug in the builder: report, don't crash
            bug = _("internal error while reading: {error}").format(error=repr(exc.orig_exc))
            syntax.append(Diagnostic(bug, Span(line_offset + 1, 1)))
            return None, syntax
        diags = (syntax if keep_partial else _saying_skipped(syntax, context)) \
            + _hand_tagged(builder.diagnostics, context)
        return (None if syntax and not keep_partial else result), diags


_GENERIC = ("unexpected '", "this line ends too soon", "expected ")
# The same generic messages (notation/wording.py's), as the chosen language words them.
_GENERIC_WORDING = (N_("unexpected '{word}': expected {expected}"),
                    N_("this line ends too soon: expected {expected}"),
                    N_("expected {expected}, found {found}"))


def _is_generic(message: str) -> bool:
    """Whether a syntax error is one of the generic ones, in English or in the language chosen."""
    if message.startswith(_GENERIC):
        return True
    return any(re.fullmatch(re.sub(r"\\\{\w+\\\}", ".*", re.escape(_(wording))), message, re.S)
               for wording in _GENERIC_WORDING)


def _saying_skipped(syntax: list[Diagnostic], hand: int | None) -> list[Diagnostic]:
    """A hand with a syntax error is not replayed: a generic first error says so (the
    particular ones, a misspelt keyword or a header line out of place, say what to write)."""
    if hand is None or not syntax or not _is_generic(syntax[0].message):
        return syntax
    first = syntax[0]
    skipped = _(" (hand {hand} is skipped: it is not replayed or settled until this is put right)")
    said = Diagnostic(first.message + skipped.format(hand=hand), first.span, first.family, first.severity,
                      first.hand, first.trick, first.player, first.file, first.source_line)
    return [said, *syntax[1:]]


def _hand_tagged(diags: list[Diagnostic], hand: int | None) -> list[Diagnostic]:
    return [d if hand is None else _with_hand(d, hand) for d in diags]
