"""Entry at the table without the web: ``record``'s Recorder driven by taps, the file the
only state.

Every request names the file, the hash of the file as the page last saw it (``seen``) and
the entries the page made that ``record`` does not write (``pending``: a question passed
with Enter, such as "no deal"). An `undo` into a finished hand is asked on the page that
tapped it and never held: its **Yes** sends the undo again with its yes (``["undo", "yes"]``),
so no phone keeps a question the record does not show. Under the file's
lock the file is read again; if it is no longer what the page saw, the tap is refused
(``CONFLICT``) and the page is given the file as it now stands. Otherwise the file is taken
up as ``record`` takes it up (``resume``), the pending entries are entered again, then the
new ones, each through the Recorder's own draft and checks, and the record is written as
``record`` writes it (``Store.sync``: the whole file, fsync'd, renamed into place; the cards
of a trick under way included, so that a reload or another device takes them up).

A record written in French (``langue: fr``) is given to the Recorder in English and written
back in French, its lines already on disk untouched (entry_spelling.py).

A resumed Recorder is kept in memory between taps, but only as a shortcut keyed by the
file's hash and the pending entries: it is the file's own reading, never state of its own.
"""
from __future__ import annotations

import errno
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from reversis_score.i18n import _, fill
from reversis_score.notation.parse import decode
from reversis_score.reading import ReadProblem, limit
from reversis_score.record.entries import read_entry
from reversis_score.record.fix import replace_card, undo_card
from reversis_score.record.header import Reply
from reversis_score.record.resume import resume
from reversis_score.record.session import Recorder
from reversis_score.record.store import Busy, Replaced, Store, WriteFailed
from reversis_score.scrub import cut
from reversis_score.serve import entry_view
from reversis_score.serve.entry_spelling import Spelling, new_record
from reversis_score.serve.entry_words import for_people

Fix = tuple[int, str, str]  # a card already played changed: trick, player, the new card
CONFLICT = "someone else just entered this card: reloaded"
MAX_SHOWN = 10  # a record's errors said when it cannot be entered (then how many more)
MAX_PROBLEM = 1000  # characters of each (a line of the record is quoted in it)
MAX_PENDING = 40  # entries record does not write (a question passed): a few
LOCKS = 64  # the locks of a folder's files (see ``lock``)
_QUIET = {"show", "help", "quit"}  # commands that change nothing: never kept as pending


class EntryError(Exception):
    """The record cannot be entered into (not UTF-8, too large, errors before its last hand,
    busy): answered ``status`` (409), with the message."""

    status = 409


class DiskFull(EntryError):
    """Nothing could be written: the disk (or the user's quota) is full. Answered 507."""

    status = 507


FULL = (errno.ENOSPC, errno.EDQUOT)


def not_written(exc: Exception, file: str) -> EntryError:
    """Why a tap or a new record was not written, as an EntryError (DiskFull for a full disk)."""
    number = getattr(exc, "errno", None)
    if isinstance(exc, (WriteFailed, Replaced, Busy)):
        said = str(exc)
    else:
        reason = _("the disk is full") if number in FULL else getattr(exc, "strerror", None) or str(exc)
        said = fill(_("{file}: cannot be written ({reason}): nothing was written"), file=file, reason=reason)
    return DiskFull(said) if number in FULL else EntryError(said)


@contextmanager
def writing(path: Path) -> Iterator[Store]:
    """The record open for writing (``Store``: read under its lock file, the pages' bound),
    closed after; why it cannot be opened as an EntryError. The caller holds ``Entry.lock``."""
    try:
        store = Store(path, most=limit("record"))  # the pages' bound: check's
    except (Busy, ReadProblem) as exc:
        raise EntryError(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise not_written(exc, path.name) from None
    try:
        yield store
    finally:
        store.close()


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
    document: str  # as the Recorder writes it (English)
    spelling: Spelling = field(default_factory=lambda: Spelling("", "", False))  # the file's own


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
    def tap(self, path: Path, seen: str, pending: tuple[str, ...], entries: list[str],
            fix: Fix | None = None) -> Result:
        """Enter ``entries`` (one tap: a card, a line, a command; `table` and its payment come
        as two) after ``pending``; write what is complete. All or nothing when a tap holds
        several entries: when one is refused, nothing of the tap stands (a single line of
        cards keeps the cards before the refused one, as ``record`` does). The page's Undo
        (``["undo"]``) takes back one card; ``fix`` (trick, player, card) changes a card
        already played (record/fix.py)."""
        if len(pending) + len(entries) > MAX_PENDING:
            raise EntryError(_("too many entries without a line written: reload the page"))
        with self.lock(path), writing(path) as store:
            return self._tap(path, store, seen, pending, entries, fix)

    def _tap(self, path: Path, store: Store, seen: str, pending: tuple[str, ...],
             entries: list[str], fix: Fix | None) -> Result:
        raw = store.written
        now = digest(raw)
        if seen != now:
            held = self._keep(path, now, self._recorder(path, raw, now, ()))
            return Result(describe(held, now, path.name), refused=[CONFLICT], conflict=True)
        if entries == ["undo"] and pending and pending[-1] != "undo":  # (`undo` twice: record's yes)
            # an entry not written (a question passed) is simply dropped
            held = self._keep(path, now, self._recorder(path, raw, now, pending[:-1]))
            back = (fill(_("took back {entry}"), entry=pending[-1]) if pending[-1].strip()
                    else _("back to the question before"))
            return Result(describe(held, now, path.name), said=[for_people(back)])
        held = self._recorder(path, raw, now, pending, take=True)
        recorder = held.recorder
        # A refused card (or fix) leaves the Recorder as it was, but for the question's cursor:
        # it is kept, not read again from the file (which costs what the session costs).
        cards = fix is not None or (len(entries) == 1 and read_entry(entries[0]).cards is not None)
        cursor = recorder.hand.cursor if recorder.hand else None
        said: list[str] = []
        refused: list[str] = []
        for index, entry in enumerate(entries if fix is None else ["fix"]):
            reply = _page_entry(recorder, entry, fix)
            if not (index == 0 and recorder.confirming and len(entries) > 1):  # (its question, answered here)
                said += reply.said
            refused = reply.refused
            if refused:
                break
        text = recorder.document()
        if refused and not cards:  # the Recorder may hold part of the tap: the file's own reading again
            held = self._keep(path, now, self._recorder(path, raw, now, pending))
            return Result(describe(held, now, path.name), said=_people(said), refused=_people(refused))
        if refused and text == held.document and recorder.hand is not None and cursor is not None:
            recorder.hand.cursor = cursor
        wrote = text != held.document
        kept: tuple[str, ...] = ()
        spelling = held.spelling
        if wrote:
            on_disk = spelling.on_disk(text)  # a French record stays French
            try:
                store.sync(on_disk)
            except (Replaced, WriteFailed) as exc:
                raise not_written(exc, path.name) from None
            now = digest(on_disk)  # what stands on disk now (the store's own name for it varies)
            spelling = Spelling.of(on_disk) if spelling.french else Spelling(on_disk, on_disk, False)
        elif not refused and entries[0].strip() != "undo":
            kept = held.pending + tuple(e for e in entries if e.strip() not in _QUIET)
        else:  # an undo asking its yes is never held: the yes comes back with it, from any phone
            kept = held.pending
        held = Held(recorder, kept, text, spelling)
        view = describe(held, now, path.name)
        recorder.confirming = False  # (the question is this answer's; the file's reading asks none)
        self._keep(path, now, held)
        return Result(view, said=_people(said), refused=_people(refused), wrote=wrote)

    # ------------------------------------------------------------ a new record
    def create(self, path: Path, header: list[str], french: bool = False) -> Result:
        """A new record with its header (``session: ...`` lines), checked as ``record`` checks
        them; nothing is written when one is refused or the file exists. ``french``: the
        record is written in French (``langue: fr``, French keywords and cards)."""
        with self.lock(path):
            if path.exists():
                return Result({}, refused=[fill(_("{file} exists already: continue it instead"),
                                                file=path.name)])
            recorder = Recorder(path.name, path.parent, interactive=True)
            for line in header:
                reply = recorder.enter(line)
                if reply.refused:
                    return Result({}, refused=reply.refused)
            if not recorder.header.has_players:
                return Result({}, refused=[_("the four players are needed, in order of play")])
            try:
                store = Store(path)
            except (Busy, OSError) as exc:
                raise not_written(exc, path.name) from None
            try:
                raw = new_record(recorder.document(), french)
                store.sync(raw)
            except (Replaced, WriteFailed) as exc:
                raise not_written(exc, path.name) from None
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
            raise EntryError(fill(_("{file}: the file is not UTF-8 text: it cannot be entered into"),
                                   file=path.name))
        spelling = Spelling.of(text)
        if not text.strip():
            recorder = Recorder(path.name, path.parent, interactive=True)
        else:
            found, problems = resume(spelling.english, path.name, path.parent, True,  # no server path shown
                                     spelling.english if spelling.french else raw, most=MAX_SHOWN)
            if found is None:
                raise EntryError("\n".join(cut(p, MAX_PROBLEM) for p in problems)
                                 + f"\n{path.name}: the record has errors; fix them "
                                 "(reversis-score check shows them all) before entering more")
            recorder = found
        document = recorder.document()
        kept: list[str] = []
        for entry in pending:
            if recorder.enter(entry).refused:
                break
            if recorder.document() != document:
                # Only what the page may hold back is pending (a question passed, "no deal"; an
                # older page's undo to confirm): an entry that would write anything (a card, a payment at the
                # table) never comes from the page's memory, nor from a crafted link.
                return self._recorder(path, raw, now, tuple(kept), take)
            kept.append(entry)
        return Held(recorder, tuple(kept), document, spelling)

    def _keep(self, path: Path, now: str, held: Held) -> Held:
        key = (path, now, held.pending)
        self._cache[key] = held
        self._cache.move_to_end(key)
        while len(self._cache) > self.keep:
            self._cache.popitem(last=False)
        return held


def _page_entry(recorder: Recorder, entry: str, fix: Fix | None) -> Reply:
    """One entry of a tap: the page's Undo takes back one card (a line when the last entry is
    not a card); a fix changes a card played; anything else is an entry as ``record`` takes it."""
    if fix is not None:
        return replace_card(recorder, *fix)
    if entry.strip() == "undo" and not recorder.confirming:
        reply = undo_card(recorder)
        if reply is not None:
            return reply
    return recorder.enter(entry)


def _people(lines: list[str]) -> list[str]:
    """What the Recorder said, in the page's words."""
    return [for_people(line) for line in lines if str(line).strip()]


def _read(path: Path) -> str:
    from reversis_score.reading import read_limited
    try:
        data = read_limited(path, "record", path.name)  # check's bound
    except ReadProblem as exc:
        raise EntryError(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise EntryError(fill(_("{file}: the file is not UTF-8 text: it cannot be entered into"),
                              file=path.name)) from None


# ------------------------------------------------------------ what the page shows
def describe(held: Held, seen: str, name: str) -> dict:
    """The view the entry page draws (entry_view.py)."""
    view = entry_view.describe(held.recorder, held.pending, held.document, seen, name)
    if held.spelling.french and view.get("hand_text"):
        view["hand_text"] = held.spelling.shown(view["hand_text"])  # as the record writes it
    view["record_lang"] = "fr" if held.spelling.french else "en"
    return view
