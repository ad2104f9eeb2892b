"""The record pipeline in one call: bytes → records → rules → replayed hands, with every problem.

``stream_text`` reads a record hand by hand: the header at once, then each hand parsed and
replayed when the consumer reaches it, so a long record is never held whole. ``check_text``
collects that stream into a CheckedSession: it is what ``check``, ``audit``, ``why`` and
the settle table start from (one reading, many consumers).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from reversis_score.i18n import _, fill, ngettext, number
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.parse import ParsedHand, ParseResult, read_head
from reversis_score.notation.records import HandRecord, Header
from reversis_score.replay.irregular import exchange_after_remise_problems
from reversis_score.replay.play import Play
from reversis_score.replay.tricks import (
    IN_PROGRESS,
    card_problems,
    is_in_progress,
    is_unfinished,
    replay,
    unfinished_problems,
)
from reversis_score.rules.houserules import RuleSet, resolve
from reversis_score.rules.knobs import Knobs


@dataclass(slots=True)
class CheckedHand:
    """One hand after replay: the record, the Play (None if it could not be replayed), problems."""

    number: int
    first_line: int
    record: HandRecord | None
    play: Play | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    in_progress: bool = False  # the record's last hand, still being played, legal so far

    @property
    def ok(self) -> bool:
        return self.play is not None and not any(d.is_error for d in self.diagnostics)


class _Reported:
    """The players, errors and warnings of a checked record, read off its header and its
    visible diagnostics (a CheckedSession's or a CheckSummary's)."""

    __slots__ = ()
    if TYPE_CHECKING:
        @property
        def header(self) -> Header: ...

        @property
        def diagnostics(self) -> list[Diagnostic]: ...

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.player_names

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error and d.severity != IN_PROGRESS]

    @property
    def notes(self) -> list[Diagnostic]:
        """What is neither wrong nor doubtful: "hand 3 in progress (trick 5)"."""
        return [d for d in self.diagnostics if d.severity == IN_PROGRESS]


@dataclass(slots=True)
class CheckedSession(_Reported):
    """A whole record checked: header, rules, hands, and every diagnostic in file order."""

    file: str
    header: Header
    rules: RuleSet
    hands: list[CheckedHand]
    header_diagnostics: list[Diagnostic]
    lines: list[str]

    @property
    def diagnostics(self) -> list[Diagnostic]:
        out = _visible(self.header_diagnostics)
        for hand in self.hands:
            if hand.diagnostics:  # most hands have none: nothing to filter
                out.extend(_visible(hand.diagnostics))
        return out

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def in_progress(self) -> CheckedHand | None:
        """The last hand when it is still being played (legal so far), else None."""
        last = self.hands[-1] if self.hands else None
        return last if last is not None and last.in_progress and not self.errors else None

    def settleable_hands(self) -> list[CheckedHand]:
        """The hands before the first bad one (pools carry from hand to hand)."""
        out: list[CheckedHand] = []
        if any(d.is_error for d in self.header_diagnostics):
            return out
        for hand in self.hands:
            if not hand.ok:
                break
            out.append(hand)
        return out


@dataclass(slots=True)
class SessionStream:
    """A record being checked: header and rules now, each hand checked when it is reached.

    ``hands`` may be consumed once; ``check_text`` collects it into a CheckedSession, the
    streaming writers settle and write each hand and let it go.
    """

    file: str
    header: Header
    rules: RuleSet
    header_diagnostics: list[Diagnostic]
    lines: list[str]
    hands: Iterator[CheckedHand]

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.player_names


def stream_text(text: str, file: str = "-", record_dir: Path | None = None,
                rules_override: str | None = None, tricks_only: bool = False,
                ruleset: RuleSet | None = None) -> SessionStream:
    """Parse the header and resolve the rules; parse and replay each hand as it is asked for.

    ``tricks_only`` replays the tricks without the recorded deal and exchange (to compare a
    48-card record under a 52-card preset, or the reverse). ``ruleset``: the rules already
    resolved once (a season database keeps them: its records' house-rules files are not there).
    """
    head = read_head(text, file)
    hands: Iterable[ParsedHand] = head.hands
    if tricks_only:
        hands = (_tricks_only(hand) for hand in hands)
    return stream_parsed(head.file, head.header, head.header_diagnostics, head.lines, hands,
                         record_dir, rules_override, ruleset)


def _names_a_pool(lines: list[str]) -> bool:
    """Whether a line may pay a numbered pool at the table (``pool:2``; ``panier:2`` in French,
    comments aside): only then are the pools followed as the record is checked."""
    whole = "\n".join(lines)  # one search of the record first: most never write a pool
    if "pool:" not in whole and "panier:" not in whole:
        return False
    return any(("pool:" in line or "panier:" in line) and _NUMBERED_POOL.search(line.split("#", 1)[0])
               for line in lines)


_NUMBERED_POOL = re.compile(r"(?:pool|panier):\d")


def _tricks_only(hand: ParsedHand) -> ParsedHand:
    if hand.record is not None:
        hand.record = replace(hand.record, deal=None, exchange=None)
    return hand


def stream_parsed(file: str, header: Header, header_diagnostics: list[Diagnostic], lines: list[str],
                  hands: Iterable[ParsedHand], record_dir: Path | None = None,
                  rules_override: str | None = None, resolved: RuleSet | None = None) -> SessionStream:
    """Resolve the rules of a parsed header (unless ``resolved`` already); the hands are
    replayed as they are reached."""
    ruleset, rule_diags = (resolved, []) if resolved is not None else resolve(header, record_dir,
                                                                             rules_override, file)
    header_diags = header_diagnostics + rule_diags
    players = header.player_names
    # Hands are checked whenever the players are known, even under other header errors
    # (nothing is settled then: see settleable_hands).
    players_line = _players_line(header)  # once: not once per problem (100,000 rule lines)
    can_replay = len(players) == 4 and len(set(players)) == 4 and not any(
        d.is_error and d.span and d.span.line == players_line for d in header_diags)
    clean = not any(d.is_error for d in header_diags)
    checked = _replay_all(hands, players if can_replay else None, ruleset, clean, _names_a_pool(lines),
                          header.lang == "fr")
    return SessionStream(file, header, ruleset, header_diags, lines, checked)


def _replay_all(hands: Iterable[ParsedHand], players: tuple[str, ...] | None,
                ruleset: RuleSet, clean: bool = True, pools_named: bool = False,
                french: bool = False) -> Iterator[CheckedHand]:
    """Each hand replayed. The last, cut short inside it, is a game in progress when every
    line before it is legal (``clean``: the header's, then each hand's); else the cut is an
    error like any other. A ``french`` record's problems name its lines as it writes them
    (``irrégulier: renonce Denis``, not ``irregular: revoke Denis``)."""
    previous_dealer = None
    knobs = ruleset.knobs
    watch = _PoolWatch(knobs, pools_named) if knobs.exchange_after_remise or pools_named else None
    misnamed: set[str] = set()  # names written for a player all through a hand, said once
    by_events = False  # "hand N is recorded by its events; its play is not checked", said once
    for ph, last in _marking_the_last(hands):
        hand = CheckedHand(ph.number, ph.first_line, ph.record, None, list(ph.diagnostics))
        if ph.record is not None and players is not None and not _has_error(ph.diagnostics):
            if last and clean and is_unfinished(ph.record):  # a game in progress, or a record cut short
                found = unfinished_problems(ph.record, players, ruleset.knobs, previous_dealer)
                hand.in_progress = is_in_progress(found)
            else:
                hand.play, found = replay(ph.record, players, ruleset.knobs, previous_dealer)
            hand.diagnostics.extend(_said_once(found, players, misnamed))
            if ph.record.events is not None and hand.play is not None:
                from reversis_score.replay.events import not_checked  # here: most records have no events
                hand.diagnostics.append(not_checked(ph.number, ph.record.events.span,
                                                    "hidden" if by_events else "warning"))
                by_events = True
        elif ph.record is not None:
            hand.diagnostics.extend(card_problems(ph.record, ruleset.knobs))
            hand.diagnostics.sort(key=_position)
        # A hand that could not be read leaves the deal's turn unknown: no warning follows it.
        previous_dealer = ph.record.dealer.text if ph.record is not None else None
        if watch is not None:
            watch.check(hand)
        clean = clean and not _has_error(hand.diagnostics)
        if french and hand.diagnostics:
            hand.diagnostics = _in_french_words(hand.diagnostics)
        yield hand


def _in_french_words(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The keywords a message names, as a French record writes them (the parser's own messages
    already are: doing it again changes nothing)."""
    from reversis_score.notation.french import french_keywords
    return [replace(d, message=french_keywords(d.message)) for d in diagnostics]


class _PoolWatch:
    """Two checks need the pools as they stand at each hand: parlett's optional rule (knob
    ``exchange_after_remise``), and a table payment to a numbered pool (``pool:3`` must stand
    before or after its hand). Only when one is needed, each good hand is settled as it is
    checked. After the first bad hand nothing more is settled, and nothing more is checked."""

    def __init__(self, knobs: Knobs, pools_named: bool) -> None:
        from reversis_score.settle.pools import PoolTable  # here: only these checks need settling
        self.knobs = knobs
        self.pools = PoolTable(knobs.pools)
        self.pools_named = pools_named
        self.live = True

    def check(self, hand: CheckedHand) -> None:
        from reversis_score.settle.hand import settle_hand
        from reversis_score.settle.pools import PoolTable, shown
        if not self.live or hand.record is None:
            return
        if self.knobs.exchange_after_remise and self.pools.remise_standing:
            standing = [f"{shown(PoolTable.name(i))} ({number(amount)})"
                        for i, amount in enumerate(self.pools.amounts)]
            pools = fill(ngettext("{pools} still stands", "{pools} still stand", len(standing)),
                         pools=_(" and ").join(standing))
            hand.diagnostics.extend(exchange_after_remise_problems(hand.record, pools))
        before = len(self.pools.amounts)
        if hand.ok and hand.play is not None:
            _settled, self.pools = settle_hand(hand.play, self.knobs, self.pools)
        else:
            self.live = False
            return
        if self.pools_named:
            hand.diagnostics.extend(missing_pools(hand.record, max(before, len(self.pools.amounts))))


def missing_pools(record: HandRecord, standing: int) -> list[Diagnostic]:
    """A table payment to or from ``pool:N`` where no N-th pool stands in the hand (RULES §4:
    the pools are numbered from pool:1, the oldest standing)."""
    from reversis_score.notation.lexicon import pool_number
    from reversis_score.replay.findings import Findings
    found = Findings(record.number)
    for line in record.table or ():
        for side, span in ((line.payer, line.payer_span), (line.payee, line.payee_span)):
            number = pool_number(side)
            if number and number > standing:
                stand = _("no pool stands") if not standing else \
                    fill(ngettext("{count} pool stands", "{count} pools stand", standing), count=standing)
                found.rule(fill(_("there is no {side} to pay at the table: {stand} in this hand (pool:1 is "
                                  "the oldest)"), side=side, stand=stand), span or line.span)
    return found.items


def _said_once(found: list[Diagnostic], players: tuple[str, ...], misnamed: set[str]) -> list[Diagnostic]:
    """A name that stands for a player all through a hand (the players: line spelt otherwise)
    is one mistake: said in the first hand, hidden in the hands after."""
    if not found:
        return found
    out = []
    for diag in found:
        name = diag.player
        if name is not None and name not in players and diag.family == "rule":
            if name in misnamed:
                diag = replace(diag, severity="hidden")
            misnamed.add(name)
        out.append(diag)
    return out


def _has_error(diagnostics: list[Diagnostic]) -> bool:
    # the empty list, the usual one, is told without making a generator
    return bool(diagnostics) and any(d.is_error for d in diagnostics)


def _marking_the_last(hands: Iterable[ParsedHand]) -> Iterator[tuple[ParsedHand, bool]]:
    """Each hand and whether it is the record's last (known by reading one hand ahead)."""
    ahead = iter(hands)
    current = next(ahead, None)
    while current is not None:
        following = next(ahead, None)
        yield current, following is None
        current = following


def check_text(text: str, file: str = "-", record_dir: Path | None = None,
               rules_override: str | None = None, strict: bool = False,
               tricks_only: bool = False) -> CheckedSession:
    """Parse, resolve the rules and replay every hand of a record (``stream_text``, collected).

    ``tricks_only`` replays the tricks without the recorded deal and exchange.
    """
    return collect(stream_text(text, file, record_dir, rules_override, tricks_only), strict)


def check_parsed(parsed: ParseResult, record_dir: Path | None = None,
                 rules_override: str | None = None, strict: bool = False) -> CheckedSession:
    """Resolve the rules and replay every parsed hand."""
    return collect(stream_parsed(parsed.file, parsed.header, parsed.header_diagnostics, parsed.lines,
                                 parsed.hands, record_dir, rules_override), strict)


def collect(stream: SessionStream, strict: bool = False) -> CheckedSession:
    """The whole session of a stream; ``strict`` stops at the first error and keeps only it."""
    session = CheckedSession(stream.file, stream.header, stream.rules, [], stream.header_diagnostics,
                             stream.lines)
    if strict and any(d.is_error for d in stream.header_diagnostics):
        return _first_error_only(session)
    for hand in stream.hands:
        session.hands.append(hand)
        if strict and any(d.is_error for d in hand.diagnostics):
            return _first_error_only(session)
    return session


@dataclass(slots=True)
class CheckSummary(_Reported):
    """What ``check`` reports of a record, gathered hand by hand: each hand's record and
    replay are let go once its problems are noted, so a long record is never held whole."""

    file: str
    header: Header
    rules: RuleSet
    hands: int  # how many hand chunks were read
    diagnostics: list[Diagnostic]  # the visible ones, in file order
    lines: list[str]


def summarise(stream: SessionStream, strict: bool = False) -> CheckSummary:
    """The problems of a stream and its number of hands, as ``collect`` would find them
    (``strict``: the first error alone), keeping no hand."""
    summary = CheckSummary(stream.file, stream.header, stream.rules, 0, _visible(stream.header_diagnostics),
                           stream.lines)
    if strict and summary.errors:
        summary.diagnostics = summary.errors[:1]
        return summary
    for hand in stream.hands:
        summary.hands += 1
        if not hand.diagnostics:
            continue
        found = _visible(hand.diagnostics)
        summary.diagnostics.extend(found)
        if strict and any(d.is_error for d in found):
            summary.diagnostics = [next(d for d in found if d.is_error)]
            break
    return summary


def _visible(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity != "hidden"]


def _players_line(header: Header) -> int | None:
    return dict(header.lines).get("players")


def _position(diag: Diagnostic) -> tuple[int, int]:
    return (diag.span.line, diag.span.column) if diag.span else (0, 0)


def _first_error_only(session: CheckedSession) -> CheckedSession:
    first = session.errors[0]
    session.header_diagnostics = [d for d in session.header_diagnostics if d is first]
    for hand in session.hands:
        hand.diagnostics = [d for d in hand.diagnostics if d is first]
    return session

