"""Entry at the table without the web: ``record``'s Recorder driven by taps, the file the
only state.

Every request names the file, the hash of the file as the page last saw it (``seen``) and
the entries the page made that ``record`` does not write (``pending``: a question passed
with Enter, such as "no deal"; an `undo` waiting for its confirmation). Under the file's
lock the file is read again; if it is no longer what the page saw, the tap is refused
(``CONFLICT``) and the page is given the file as it now stands. Otherwise the file is taken
up as ``record`` takes it up (``resume``), the pending entries are entered again, then the
new ones, each through the Recorder's own draft and checks, and the record is written as
``record`` writes it (``Store.sync``: the whole file, fsync'd, renamed into place; the cards
of a trick under way included, so that a reload or another device takes them up).

A resumed Recorder is kept in memory between taps, but only as a shortcut keyed by the
file's hash and the pending entries: it is the file's own reading, never state of its own.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from reversis_score.notation.cards import ACES, SUIT_SYMBOLS, Card, full_deck, looks_like_card
from reversis_score.notation.parse import decode
from reversis_score.record.header import HEADER_QUESTIONS
from reversis_score.record.resume import resume
from reversis_score.record.session import Recorder
from reversis_score.record.store import Busy, Replaced, Store, WriteFailed
from reversis_score.render.rvs import quote
from reversis_score.replay.evidence import qualifies_espagnolette

CONFLICT = "someone else just entered this card: reloaded"
MAX_PENDING = 40  # entries record does not write (a question passed, an undo to confirm): a few
LOCKS = 64  # the locks of a folder's files (see ``lock``)
_QUIET = {"show", "help", "quit"}  # commands that change nothing: never kept as pending


class EntryError(Exception):
    """The record cannot be entered into (not UTF-8, errors before its last hand, busy)."""


@dataclass
class Result:
    """What a request did: the page's new view, what was said, what was refused, and
    whether the file had changed under the page (the view is then the file's)."""

    view: dict
    said: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    conflict: bool = False
    wrote: bool = False


@dataclass
class Held:
    """A Recorder of the file, the pending entries it has taken, and the record it holds."""

    recorder: Recorder
    pending: tuple[str, ...]
    document: str


def digest(raw: str) -> str:
    """The short hash a page keeps of the file it saw."""
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:20]


class Entry:
    """Entry into the records of one folder: a lock per file and the resumed Recorders."""

    def __init__(self, folder: Path, keep: int = 16):
        self.folder = folder
        self.keep = keep
        self._locks = [threading.Lock() for _ in range(LOCKS)]
        self._cache: OrderedDict[tuple[Path, str, tuple[str, ...]], Held] = OrderedDict()

    def lock(self, path: Path) -> threading.Lock:
        # A fixed set of locks, one per file name's hash: never one more per name ever posted
        # (two names sharing a lock only wait for each other).
        return self._locks[hash(path) % len(self._locks)]

    # ------------------------------------------------------------ reading
    def view(self, path: Path, pending: tuple[str, ...] = (), seen: str | None = None) -> Result:
        """The page's view of the record (with its pending entries when the file is still
        what the page saw; without them otherwise)."""
        with self.lock(path):
            raw = _read(path)
            now = digest(raw)
            if seen is not None and seen != now:
                pending = ()
            held = self._keep(path, now, self._recorder(path, raw, now, pending))
            return Result(describe(held, now, path.name))

    # ------------------------------------------------------------ a tap
    def tap(self, path: Path, seen: str, pending: tuple[str, ...], entries: list[str]) -> Result:
        """Enter ``entries`` (one tap: a card, a line, a command; `table` and its payment come
        as two) after ``pending``; write what is complete. All or nothing: when one entry is
        refused, nothing of the tap stands."""
        if len(pending) + len(entries) > MAX_PENDING:
            raise EntryError("too many entries without a line written: reload the page")
        with self.lock(path):
            try:
                store = Store(path)
            except Busy as exc:
                raise EntryError(str(exc)) from None
            except (OSError, ValueError) as exc:
                raise EntryError(f"{path.name}: cannot be written ({exc})") from None
            try:
                return self._tap(path, store, seen, pending, entries)
            finally:
                store.close()

    def _tap(self, path: Path, store: Store, seen: str, pending: tuple[str, ...],
             entries: list[str]) -> Result:
        raw = store.written
        now = digest(raw)
        if seen != now:
            held = self._keep(path, now, self._recorder(path, raw, now, ()))
            return Result(describe(held, now, path.name), refused=[CONFLICT], conflict=True)
        if entries == ["undo"] and pending and pending[-1] != "undo":  # (`undo` twice: record's yes)
            # an entry not written (a question passed) is simply dropped
            held = self._keep(path, now, self._recorder(path, raw, now, pending[:-1]))
            back = f"took back {pending[-1]}" if pending[-1].strip() else "back to the question before"
            return Result(describe(held, now, path.name), said=[back])
        held = self._recorder(path, raw, now, pending, take=True)
        recorder = held.recorder
        said: list[str] = []
        for entry in entries:
            reply = recorder.enter(entry)
            said += reply.said
            if reply.refused:  # the Recorder may hold part of the tap: read the file again
                held = self._keep(path, now, self._recorder(path, raw, now, pending))
                return Result(describe(held, now, path.name), said=said, refused=reply.refused)
        text = recorder.document()
        wrote = text != held.document
        kept: tuple[str, ...] = ()
        if wrote:
            try:
                store.sync(text)
            except (Replaced, WriteFailed) as exc:
                raise EntryError(str(exc)) from None
            now = digest(text)  # what stands on disk now (the store's own name for it varies)
        else:
            kept = held.pending + tuple(e for e in entries if e.strip() not in _QUIET)
        held = self._keep(path, now, Held(recorder, kept, text))
        return Result(describe(held, now, path.name), said=said, wrote=wrote)

    # ------------------------------------------------------------ a new record
    def create(self, path: Path, header: list[str]) -> Result:
        """A new record with its header (``session: ...`` lines), checked as ``record`` checks
        them; nothing is written when one is refused or the file exists."""
        with self.lock(path):
            if path.exists():
                return Result({}, refused=[f"{path.name} exists already: continue it instead"])
            recorder = Recorder(path.name, path.parent, interactive=True)
            for line in header:
                reply = recorder.enter(line)
                if reply.refused:
                    return Result({}, refused=reply.refused)
            if not recorder.header.has_players:
                return Result({}, refused=["the four players are needed, in order of play"])
            try:
                store = Store(path)
            except (Busy, OSError) as exc:
                raise EntryError(str(exc)) from None
            try:
                raw = recorder.document()
                store.sync(raw)
            finally:
                store.close()
            now = digest(raw)
            held = self._keep(path, now, self._recorder(path, raw, now, ()))
            return Result(describe(held, now, path.name), wrote=True)

    # ------------------------------------------------------------ the Recorder of a file
    def _recorder(self, path: Path, raw: str, now: str, pending: tuple[str, ...],
                  take: bool = False) -> Held:
        """The Recorder of the file ``raw`` with ``pending`` entered again (those still taken:
        all of them, unless the file has moved on). ``take`` removes it from the cache, for a
        tap that will change it."""
        key = (path, now, pending)
        cached = self._cache.pop(key, None) if take else self._cache.get(key)
        if cached is not None:
            return cached
        text, problem = decode(raw.encode("utf-8"))
        if problem is not None or text is None:
            raise EntryError(f"{path.name}: the file is not UTF-8 text: it cannot be entered into")
        if not text.strip():
            recorder = Recorder(path.name, path.parent, interactive=True)
        else:
            found, problems = resume(text, path.name, path.parent, True, raw)  # no server path shown
            if found is None:
                raise EntryError("\n".join(problems) + f"\n{path.name}: the record has errors; fix them "
                                 "(reversis-score check shows them all) before entering more")
            recorder = found
        document = recorder.document()
        kept: list[str] = []
        for entry in pending:
            if recorder.enter(entry).refused:
                break
            if recorder.document() != document:
                # Only what the page may hold back is pending (a question passed, "no deal", an
                # undo to confirm): an entry that would write anything (a card, a payment at the
                # table) never comes from the page's memory, nor from a crafted link.
                return self._recorder(path, raw, now, tuple(kept), take)
            kept.append(entry)
        return Held(recorder, tuple(kept), document)

    def _keep(self, path: Path, now: str, held: Held) -> Held:
        key = (path, now, held.pending)
        self._cache[key] = held
        self._cache.move_to_end(key)
        while len(self._cache) > self.keep:
            self._cache.popitem(last=False)
        return held


def _read(path: Path) -> str:
    from reversis_score.reading import ReadProblem, read_limited
    try:
        data = read_limited(path, "record", path.name)  # check's bound
    except ReadProblem as exc:
        raise EntryError(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise EntryError(f"{path.name}: the file is not UTF-8 text: it cannot be entered into") from None


# ------------------------------------------------------------ what the page shows
def describe(held: Held, seen: str, name: str) -> dict:
    """The view the entry page draws: the question, who is to play, the trick under way,
    the cards played and the cards live, the hand so far as written."""
    from reversis_score.record import show
    recorder, pending, hand = held.recorder, held.pending, held.recorder.hand
    question = recorder.question
    knobs = recorder.knobs if recorder.ruleset is not None else None
    deck = [str(c) for c in full_deck(knobs.deck if knobs else 48)]
    played = sorted(str(c) for c in recorder.played()) if hand else []
    trick: list[list[str]] = []
    if hand and hand.trick:
        order = recorder.players.index(hand.leader)
        trick = [[recorder.players[(order + i) % 4], card] for i, card in enumerate(hand.trick)]
    return {
        "name": name,
        "seen": seen,
        "pending": list(pending),
        "question": question,
        "header": question in HEADER_QUESTIONS and recorder.in_header,
        "prompt": show.prompt(recorder) if recorder.header.has_players or recorder.in_header else "",
        "status": show.toolbar(recorder),
        "session": recorder.header.title or "",
        "players": list(recorder.players),
        "quoted": [quote(p) for p in recorder.players],
        "dealer": recorder.dealer if hand else None,
        "proposed_dealer": recorder.proposed_dealer,
        "to_play": recorder.to_play() if question in ("card", "announce") else None,
        "block_next": recorder.next_in_block(question) if question in ("deal", "exchange") else None,
        "hand": hand.number if hand else None,
        "next_hand": recorder.next_number,
        "trick_number": len(hand.trick_lines) + 1 if hand else 0,
        "trick": trick,
        "suits": _suits(deck),
        "played": played,
        "live": _live(recorder, question, played, hand.trick if hand else []),
        "whole": bool(hand and hand.whole()),
        "started": bool(hand and hand.started_play),
        "hand_text": held.document[len(recorder.prefix) + len(recorder.sep):] if hand else "",
        "dealt": _dealt(hand.block if hand and question == "deal" else []),
        "hands_written": len(recorder.closed),
        "deck": len(deck),
    }


def _dealt(block: list[str]) -> list[str]:
    """The cards in the deal lines entered so far (not to be dealt twice)."""
    return [str(Card.parse(w)) for line in block for w in line.replace("|", " ").split()
            if looks_like_card(w)]


def _suits(deck: list[str]) -> list[dict]:
    return [{"suit": s, "symbol": SUIT_SYMBOLS[s], "cards": [c for c in deck if c[-1] == s]}
            for s in "SHDC"]


def _live(recorder: Recorder, question: str, played: list[str], trick: list[str]) -> list[str] | None:
    """The cards a tap may give now, when the deal is known: the player's cards that follow
    suit (all of them when none of the suit led is held, or when the player may revoke:
    see ``_may_revoke``); None when the deal is not known (every card not played yet is live:
    the checks decide)."""
    if question not in ("card", "announce"):  # at the announce, a card tap begins the play
        return None
    held = recorder.known_hand()
    if held is None:
        return None
    following = {c for c in held if trick and c.suit == Card.parse(trick[0]).suit}
    if following and _may_revoke(recorder, held, played):
        following = set()
    return sorted(str(c) for c in following or held)


def _may_revoke(recorder: Recorder, held: frozenset[Card], played: list[str]) -> bool:
    """Whether the player to play may fail to follow suit as the record stands: a revoke
    acknowledged in this hand (`irregular: revoke NAME`, entered before the card), or the
    espagnolette's right in tricks 1 to 9 (RULES §9: qualified by the cards held after the
    exchange, as replay decides it). Cheap tests first: most taps need neither reading."""
    hand, player = recorder.hand, recorder.to_play()
    if hand is None or player is None or recorder.knobs.pairwise:
        return False
    if any("revoke" in line for line in hand.parts["tail"]):
        record = hand.parse(pending=True)[0].record
        if record and any(i.kind == "revoke" and i.player.text == player for i in record.irregulars):
            return True
    aces = len(ACES & held) + sum(1 for c in played if c[0] == "A")
    if len(hand.trick_lines) >= 9 or aces < 3:  # three Aces at least, the player's or played
        return False
    check = hand.check(recorder.players, recorder.knobs, recorder.previous_dealer)
    gone = {card for t in check.tricks for who, card in t.plays if who == player}
    return qualifies_espagnolette(frozenset(held | gone))
