"""A record as the pages need it, read once as a stream: memory bounded by what a page shows.

A record of 40,000 hands settled whole is gigabytes of items; ``serve`` never holds that.
``digest(path, name)`` reads the record within ``check``'s size limit (``--max-record-mib``
raises it), checks and settles it hand by hand (``stream_text``, ``Running``), and keeps:

- one short row per settled hand (number, dealer, outcome words, nets, pools after): the
  session page shows them 50 at a time (``PAGE``);
- each player's balance after each hand (four integers a hand): the chart, downsampled;
- the totals, the nets between players, the pools left, and the first ``MAX_SHOWN``
  warnings and errors (rendered as ``check`` renders them) with their counts;
- for each settled hand, where its text lies and the pools before it, so that one hand can
  be settled again alone for its page (``hand``), or 50 for the why page (``hands``),
  without reading the hands before it again;
- the season's summary of the session.
"""
from __future__ import annotations

from array import array
from collections import OrderedDict
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reversis_score.i18n import _, fill, grouped, ngettext
from reversis_score.ledger.build import ConservationError, LedgerHand, Running, in_basket_words, is_settled
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.diagnostics import render as render_diagnostic
from reversis_score.notation.records import Header
from reversis_score.render.csv_rows import pools_text
from reversis_score.render.database import hand_row, item_rows
from reversis_score.render.night import paid_transfers
from reversis_score.render.tables import outcome_words
from reversis_score.render.tally import SessionTally
from reversis_score.replay.tricks import IN_PROGRESS
from reversis_score.rules.houserules import RuleSet
from reversis_score.settle.pools import PoolTable, basket

MAX_SHOWN = 100  # warnings, and errors, shown on a session page (the count says how many more)


if TYPE_CHECKING:
    from reversis_score.serve.season import SessionSummary


class Unreadable(Exception):
    """A record that cannot be settled at all (unreadable, too large, not UTF-8, or a bug
    found by conservation): the message names it by its name in the folder."""


@dataclass(frozen=True, slots=True)
class Row:
    """One settled (or void) hand on the session page."""

    number: int
    dealer: str | None
    outcome: str
    nets: tuple[int, ...]
    pools_after: str
    void: bool
    by_events: bool = False  # recorded by its events: corrected on the events page


@dataclass(slots=True)
class Digest:
    """What the pages show of one record (see the module docstring)."""

    name: str
    file: str
    title: str
    date: str | None
    players: tuple[str, ...]
    stake: int
    rules: RuleSet
    rows: list[Row] = field(default_factory=list)
    balances: list[list[int]] = field(default_factory=list)  # per player, after each row
    totals: dict[str, int] = field(default_factory=dict)
    between: dict[str, int] = field(default_factory=dict)
    pools: tuple[int, ...] = ()
    warnings: list[str] = field(default_factory=list)
    warning_count: int = 0
    errors: list[str] = field(default_factory=list)
    error_count: int = 0
    first_bad: int | None = None  # the first hand not settled (an error), if any
    in_play: tuple[int, int] | None = None  # the hand being entered, and its tricks so far
    first_error: str | None = None  # the first error's message
    text: str = ""  # the record as read (normalised), in the grammar's spelling: hands are cut from it
    spelled: Any = None  # a record with a 'lang:' line: how its places go back to its own words
    spans: list[tuple[int, int]] = field(default_factory=list)  # each row's text: [start, end)
    first_lines: list[int] = field(default_factory=list)  # each row's first line in the file
    # The pools before some rows (every ``every``-th): a hand is settled again from the one
    # before it. Pools may pile up by the thousand in a long session under some rules, so the
    # rows kept thin out as they grow: never more than POOL_BUDGET amounts in all.
    checkpoints: dict[int, PoolTable] = field(default_factory=dict)
    windows: OrderedDict[int, Any] = field(default_factory=OrderedDict)  # why pages lately made
    every: int = 16
    kept_amounts: int = 0
    tally: SessionTally = field(default_factory=lambda: SessionTally(()))  # the season's figures
    header: Header = field(default_factory=Header)  # the record's header (its night's lines)

    def summary(self) -> SessionSummary:
        """The season page's line for this session."""
        from reversis_score.serve.season import SessionSummary  # (season.py reads views.py, which reads this)
        tally = self.tally
        playing = fill(_("hand {number} in progress"), number=self.in_play[0]) if self.in_play else None
        h = self.header
        return SessionSummary(self.name, self.title, self.date, self.players, tally.hands, dict(self.totals),
                              dict(self.between), self.error_count, tally.stats, dict(tally.payments),
                              playing, h.club or "", bool(h.paid_all), tuple(paid_transfers(h)),
                              tuple(h.carried or ()), self.pools, self.rules.knobs.pools_at_close,
                              h.rate or self.rules.rate)

    def numbers(self) -> list[int]:
        return [r.number for r in self.rows]

    def index_of(self, number: int) -> int | None:
        """The row of hand ``number`` (rows are in order: a bisection)."""
        lo, hi = 0, len(self.rows)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.rows[mid].number < number:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo < len(self.rows) and self.rows[lo].number == number else None

    def hand(self, index: int) -> LedgerHand:
        """Row ``index`` settled again, alone, from its text and the pools before it."""
        from reversis_score.notation.parse import parse_hand
        from reversis_score.replay.tricks import replay
        from reversis_score.settle.hand import settle_hand
        row = self.rows[index]
        at = index - index % self.every
        pools = self.checkpoints[at]
        for k in range(at, index + 1):
            start, end = self.spans[k]
            parsed = parse_hand(self.text[start:end], self.first_lines[k], self.rows[k].number)
            if self.spelled is not None:  # names and places as the record writes them
                parsed = self.spelled.remap(parsed)
            assert parsed.record is not None  # it was read once: it reads alike
            play, _ = replay(parsed.record, self.players, self.rules.knobs, None)
            assert play is not None  # it was settled once: it replays alike
            settlement, pools = settle_hand(play, self.rules.knobs, pools)
        settlement = in_basket_words(settlement, basket(self.rules.knobs.pools, self.rules.preset))
        balances = {p: self.balances[i][index] for i, p in enumerate(self.players)}
        return LedgerHand(row.number, row.dealer, "void" if row.void else "settled", settlement, balances)


def read_text(path: Path, name: str) -> str:
    """The record's text within check's limit; Unreadable (named as NAME.rvs) otherwise."""
    from reversis_score.notation.parse import decode
    from reversis_score.reading import ReadProblem, read_limited
    try:
        data = read_limited(path, "record", f"{name}.rvs")
    except ReadProblem as exc:
        if not path.exists():
            raise FileNotFoundError(name) from None
        raise Unreadable(str(exc)) from None
    text, problem = decode(data)
    if text is None:
        said = problem.message if problem else _("not UTF-8 text")
        raise Unreadable(f"{name}.rvs: {said}")
    return text


def digest(path: Path, name: str) -> Digest:
    """Read, check and settle the record at ``path`` hand by hand (see the module)."""
    from reversis_score.notation.parse import normalise
    return digest_text(normalise(read_text(path, name)), name, path.parent)


def digest_text(text: str, name: str, record_dir: Path | None = None,
                rules: RuleSet | None = None) -> Digest:
    """``digest`` of a record's normalised text (a season database keeps it): its house-rules
    file is read from ``record_dir``, or its ``rules`` are given as they were resolved."""
    from reversis_score.notation.parse import in_grammar_spelling
    from reversis_score.pipeline import stream_text
    stream = stream_text(text, f"{name}.rvs", record_dir, ruleset=rules)
    header = stream.header
    d = Digest(name, stream.file, header.title or name, header.date.isoformat() if header.date else None,
               stream.players, header.stake or 0, stream.rules)
    d.header = header
    d.balances = [[] for _ in d.players]  # Python ints: pools that double grow past 64 bits
    d.tally = SessionTally(d.players)
    _note(d, stream.header_diagnostics, stream.lines)
    run = Running.start(d.players, d.stake, d.rules.knobs, d.rules.preset, header.carried)
    header_ok = not any(x.is_error for x in stream.header_diagnostics)
    # A hand is read again alone, where no 'langue: fr' line says how: keep the text as the
    # grammar reads it (line for line the same lines), and how to carry it back.
    grammar_text, d.spelled = in_grammar_spelling(text)
    starts = array("q", accumulate((len(line) + 1 for line in grammar_text.split("\n")), initial=0))
    last = None
    try:
        for hand in stream.hands:
            if d.spans and d.spans[-1][1] < 0:  # the settled hand before ends where this begins
                d.spans[-1] = (d.spans[-1][0], starts[hand.first_line - 1])
            _note(d, hand.diagnostics, stream.lines)
            last = hand
            if d.first_bad is not None or hand.in_progress:
                continue
            if header_ok and hand.ok:
                _settle(d, run, hand, starts[hand.first_line - 1])
            else:
                d.first_bad = hand.number
    except ConservationError as exc:
        raise Unreadable(fill(_("{file}: internal error (fish not conserved: {why}): a bug"),
                              file=f"{name}.rvs", why=exc)) from None
    if d.spans and d.spans[-1][1] < 0:
        d.spans[-1] = (d.spans[-1][0], len(grammar_text))
    d.text = grammar_text if d.rows else ""
    if not d.rows:
        d.spelled = None
    d.totals, d.between, d.pools = dict(run.totals), dict(run.between), tuple(run.pools.amounts)
    d.in_play = _in_play(d, last)
    return d


def _settle(d: Digest, run: Running, hand, start: int) -> None:
    before = run.pools
    settled = run.settle(hand)
    s = settled.settlement
    assert s is not None
    d.rows.append(Row(hand.number, settled.dealer, outcome_words(s.outcome, s),
                      tuple(s.net.get(p, 0) for p in d.players), pools_shown(s.pools_after),
                      settled.status == "void", s.play.events is not None))
    d.spans.append((start, -1))
    d.first_lines.append(hand.first_line)
    _checkpoint(d, len(d.rows) - 1, before)
    for i, p in enumerate(d.players):
        d.balances[i].append(settled.balances[p])
    if is_settled(settled):
        d.tally.add(hand_row(settled), item_rows(settled))


POOL_BUDGET = 1_000_000  # pool amounts kept in checkpoints, in all
SHOWN_POOLS = 8  # pools listed in a hand's row; the rest are counted


def pools_shown(pools: tuple[int, ...] | list[int]) -> str:
    """The pools after a hand as the session page lists them: all when they are few, else
    the first ones and how many more (a long session may have thousands standing).

    >>> pools_shown((55, 60)), pools_shown(tuple(range(1, 12)))
    ('55 60', '1 2 3 4 5 6 7 8 … and 3 more pools (66 in all)')
    """
    if len(pools) <= SHOWN_POOLS:
        return pools_text(pools)
    rest = len(pools) - SHOWN_POOLS
    return fill(ngettext("{pools} … and {count} more pool ({total} in all)",
                         "{pools} … and {count} more pools ({total} in all)", rest),
                pools=pools_text(pools[:SHOWN_POOLS]), count=grouped(rest), total=grouped(sum(pools)))


def warning_line(hand: int | None, message: str) -> str:
    """A warning as a session page lists it: ``hand 3: …`` (its hand first, when it has one and
    the message does not name it already: never "hand 3: hand 3 is recorded by its events")."""
    named = fill(_("hand {number}"), number=hand)
    if not hand or message.startswith((named + " ", named + ":", named + ",")):
        return message
    return fill(_("hand {number}: {warning}"), number=hand, warning=message)


def _checkpoint(d: Digest, index: int, pools: PoolTable) -> None:
    if index % d.every:
        return
    d.checkpoints[index] = pools
    d.kept_amounts += len(pools.amounts) + 1
    while d.kept_amounts > POOL_BUDGET and d.every < 1 << 20:  # thin them out: every other one
        d.every *= 2
        for at in [k for k in d.checkpoints if k % d.every]:
            d.kept_amounts -= len(d.checkpoints.pop(at).amounts) + 1


def _in_play(d: Digest, last) -> tuple[int, int] | None:
    """As views.in_play: the record's last hand is still being played, all before it legal."""
    from reversis_score.replay.tricks import trick_in_progress
    if last is None or last.record is None or not last.in_progress or d.error_count:
        return None
    return last.number, trick_in_progress(last.record)


def _note(d: Digest, diagnostics: list[Diagnostic], lines: list[str]) -> None:
    for x in diagnostics:
        if x.severity in ("hidden", IN_PROGRESS):  # a game in progress is said as such, not as a warning
            continue
        if x.is_error:
            d.error_count += 1
            if len(d.errors) < MAX_SHOWN:
                d.errors.append(render_diagnostic(x, d.file, lines))
            if d.first_error is None:
                d.first_error = x.message
        else:
            d.warning_count += 1
            if len(d.warnings) < MAX_SHOWN:
                d.warnings.append(warning_line(x.hand, x.message))
