"""A hand already written, reopened and corrected from the session page ("correct this hand").

The record is cut at the hand: what comes before it and the hand itself are taken up as
``record`` takes up a record (``resume``: the hand is the last, whole), and the hands after it
are kept as text. A card is changed where it lies (record/fix.py, the checks of a hand under
way); the record is then put together again (the hands before, the hand as the Recorder writes
it, the hands after as they were) and checked whole, as ``check`` checks it: the hands after
are re-checked and re-settled, and a correction that leaves any of them (or the hand itself)
wrong is refused with the reasons, nothing written. What is written is written as entry writes
(``Store.sync``: the whole file at once, under the file's lock), and the correction is added
to the record's history, the file ``NAME.history`` beside it: when, which hand, the lines
before and after, and the settle-up before and after.

The page sends what it last saw of the file (``seen``), as entry does: a correction from a
page that has not seen another device's tap is refused with ``CONFLICT``.
"""
from __future__ import annotations

import copy
import datetime as dt
import difflib
import os
from collections.abc import Callable
from pathlib import Path

from reversis_score.i18n import _, fill
from reversis_score.notation.parse import split_chunks
from reversis_score.pipeline import CheckedSession, check_text
from reversis_score.record.fix import replace_card, replace_trick
from reversis_score.record.header import Reply
from reversis_score.record.resume import resume
from reversis_score.record.session import Recorder
from reversis_score.record.store import Replaced, Store, WriteFailed
from reversis_score.serve.entry_model import (
    CONFLICT,
    Entry,
    EntryError,
    Fix,
    Held,
    Result,
    _people,
    _read,
    describe,
    digest,
    writing,
)
from reversis_score.serve.entry_spelling import Spelling
from reversis_score.serve.entry_words import with_faces

HISTORY = ".history"  # NAME.history beside NAME.rvs


def history_path(path: Path) -> Path:
    """The corrections' history of the record ``path``: ``NAME.history`` beside it."""
    return path.with_suffix(HISTORY)


class Opened:
    """A record cut at hand ``number``: the Recorder holding it (its last hand whole) and the
    hands after it, as text (English, as the Recorder reads them)."""

    def __init__(self, path: Path, raw: str, number: int):
        self.path, self.raw, self.number = path, raw, number
        self.spelling = Spelling.of(raw)
        english = self.spelling.english
        _header, chunks = split_chunks(english)
        self.checked = check_text(english, path.name, path.parent)  # the record as it stands
        if not 1 <= number <= len(chunks) - (0 if self.checked.in_progress is None else 1):
            raise EntryError(fill(_("hand {number} is not a finished hand of {file}"), number=number,
                                  file=path.name))
        cut = _offset(english, chunks[number][0]) if number < len(chunks) else len(english)
        self.head, self.rest = english[:cut], english[cut:]
        self.before_hand = english[:_offset(english, chunks[number - 1][0])]
        found, problems = resume(self.head, path.name, path.parent, True, self.head)
        if found is None or found.hand is None or not found.hand.whole():
            raise EntryError("\n".join(problems)
                             or fill(_("hand {number} cannot be reopened"), number=number))
        self.recorder: Recorder = found
        self.before = found.document()

    def text(self) -> str:
        """The whole record (English) with the hand as the Recorder holds it now."""
        hand = self.recorder.document()
        return hand if not self.rest else hand.rstrip("\n") + "\n\n" + self.rest.lstrip("\n")


def _offset(text: str, line: int) -> int:
    """Where line ``line`` (1-based) of ``text`` begins."""
    at = 0
    for _line in range(line - 1):
        at = text.index("\n", at) + 1
    return at


# ------------------------------------------------------------ the page's view
def correction_view(entry: Entry, path: Path, number: int) -> Result:
    """The entry page's view of hand ``number`` reopened."""
    with entry.lock(path):
        raw = _read(path)
        opened = Opened(path, raw, number)
        return Result(_view(opened, digest(raw)))


def _view(opened: Opened, seen: str, changed: list[str] | None = None) -> dict:
    recorder = opened.recorder
    view = describe(Held(recorder, (), recorder.document(), opened.spelling), seen, opened.path.name)
    later = len(split_chunks(opened.rest)[1]) if opened.rest.strip() else 0
    view.update({
        "question": "correct",
        "correcting": opened.number,
        "board": "pack",
        "choices": [],
        "ask": fill(_("Correcting hand {number}: tap a card played to change it."), number=opened.number),
        "status": fill(_("Hand {number} · reopened · the {later} hands after it are kept"),
                       number=opened.number, later=later),
        "history": with_faces(history_text(opened.path)),  # its cards as people write them
        "changed": changed or [],
    })
    return view


def history_text(path: Path, most: int = 4000) -> str:
    """The end of the record's history of corrections (empty when it has none)."""
    try:
        text = history_path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    return text[-most:]


# ------------------------------------------------------------ a correction
def correct(entry: Entry, path: Path, number: int, seen: str, fix: Fix) -> Result:
    """Change a card of hand ``number`` (``fix``: trick, player, the card played instead) and
    write the record again, the hands after it kept and checked, all or nothing."""
    return _reopened(entry, path, number, seen, lambda store, opened, raw, now: _fixed(
        store, opened, raw, now, lambda recorder: replace_card(recorder, *fix)))


def correct_trick(entry: Entry, path: Path, number: int, seen: str, trick: int, cards: list[str]) -> Result:
    """Enter trick ``trick`` of hand ``number`` again whole (``cards``: its four, in order of
    play from its leader) and write the record again, as ``correct`` does."""
    return _reopened(entry, path, number, seen, lambda store, opened, raw, now: _fixed(
        store, opened, raw, now, lambda recorder: replace_trick(recorder, trick, cards)))


def _fixed(store: Store, opened: Opened, raw: str, now: str, change: Callable[[Recorder], Reply]) -> Result:
    """The hand changed by ``change`` (a card where it lies, a trick entered again), the record
    put together again and written."""
    path, number = opened.path, opened.number
    hand = opened.recorder.hand
    old = list(hand.parts["tricks"]) if hand else []
    reply = change(opened.recorder)
    _keep_comments(old, opened.recorder)
    said = _people(reply.said)
    refused = _people(reply.refused)
    hand = opened.recorder.hand
    if not refused and (hand is None or not hand.whole()):
        refused = [_("this change takes out cards played after it: correct those cards first, "
                     "each where it lies (or their tricks, each entered again), then this one")]
    if refused:
        return Result(_view(Opened(path, raw, number), now), said=said, refused=refused)
    text = opened.text()
    checked = check_text(text, path.name, path.parent)
    refused = _problems(checked, path)
    if refused:
        return Result(_view(Opened(path, raw, number), now), said=said, refused=refused)
    return _write(store, opened, text, checked, _changed(opened.before, opened.recorder.document()), said)


def correct_events(entry: Entry, path: Path, number: int, seen: str, lines: list[str]) -> Result:
    """Replace hand ``number``, recorded by its events, with ``lines`` (as the events page sends
    a hand: ``dealer: NAME``, ``events:``, one line an event, then the end of them); the hands
    after it kept and checked, all or nothing."""
    return _reopened(entry, path, number, seen,
                     lambda store, opened, raw, now: _replaced(store, opened, raw, now, lines))


def _replaced(store: Store, opened: Opened, raw: str, now: str, lines: list[str]) -> Result:
    """The hand's events entered again after the hands before it, the record put together again."""
    path, number = opened.path, opened.number
    if opened.recorder.hand is None or not opened.recorder.hand.by_events:
        return Result(_view(opened, now), refused=[_("this hand is recorded card by card: change its "
                                                     "cards on the entry page")])
    recorder, problems = resume(opened.before_hand, path.name, path.parent, True, opened.before_hand)
    refused = list(problems) if recorder is None else []
    said: list[str] = []
    for line in lines:
        if recorder is None:
            break
        reply = recorder.enter(line)
        said += _people(reply.said)
        if reply.refused:
            refused = _people(reply.refused)
            break
    if recorder is not None and not refused:  # its irregularities and table payments, as they were
        refused = [r for part, line in _after_events(opened)
                   for r in _people(recorder.commit_line(part, line).refused)]
    hand = recorder.hand if recorder is not None else None
    if not refused and (hand is None or not hand.whole() or hand.number != number):
        refused = [fill(_("hand {number} is not whole yet: its party (or a reversis) is needed"),
                        number=number)]
    if refused or recorder is None:
        return Result(_view(opened, now), refused=refused)
    # only the hand itself is written anew: the hands before it stay as the file has them
    new_hand = recorder.document_parts()[1].strip("\n") + "\n"
    new_hand = _with_comments(opened.recorder.document_parts()[1], new_hand)
    changed = _changed(opened.recorder.document_parts()[1], new_hand)
    text = opened.before_hand.rstrip("\n") + "\n\n" + new_hand
    if opened.rest.strip():
        text += "\n" + opened.rest.lstrip("\n")
    checked = check_text(text, path.name, path.parent)
    refused = _problems(checked, path)
    if refused:
        return Result(_view(Opened(path, raw, number), now), refused=refused)
    return _write(store, opened, text, checked, changed, [])


def _with_comments(old: str, new: str) -> str:
    """``new`` with the comments ``old`` had at the end of a line that stands unchanged in it
    (``hand 1  # ...``, ``7. Bruno leads AD  # ...``): the page sends its lines bare."""
    said = {line.split("#")[0].strip(): line[line.index("#"):] for line in old.split("\n")
            if "#" in line and line.split("#")[0].strip()}
    return "\n".join(line + "  " + said[line.strip()] if "#" not in line and line.strip() in said else line
                     for line in new.split("\n"))


def _after_events(opened: Opened) -> list[tuple[str, str]]:
    """The reopened hand's lines after its events (``irregular:``, ``claims:``, ``table:`` and
    its payments), in their order: the events page does not show them, and keeps them."""
    hand = copy.deepcopy(opened.recorder.hand)
    after: list[tuple[str, str]] = []
    while hand is not None and hand.entered and hand.entered[-1] in ("tail", "table"):
        part = hand.entered[-1]
        line = hand.undo_line()
        if line is not None:
            after.insert(0, (part, line))
    return after


def _reopened(entry: Entry, path: Path, number: int, seen: str, change) -> Result:
    """``change(store, opened, raw, now)`` under the file's lock, the file open for writing and
    cut at hand ``number``; refused with ``CONFLICT`` when the page has not seen the file."""
    with entry.lock(path), writing(path) as store:
        raw = store.written
        opened = Opened(path, raw, number)
        now = digest(raw)
        if seen != now:
            return Result(_view(opened, now), refused=[CONFLICT], conflict=True)
        return change(store, opened, raw, now)


def _write(store: Store, opened: Opened, text: str, checked: CheckedSession, changed: list[str],
           said: list[str]) -> Result:
    """Write the record put together again (``checked``: its check), keep the correction in its
    history, say it."""
    path, number = opened.path, opened.number
    on_disk = opened.spelling.on_disk(text)
    before, after = settle_up_words(opened.checked), settle_up_words(checked)
    try:
        store.sync(on_disk)
    except (Replaced, WriteFailed) as exc:
        raise EntryError(str(exc)) from None
    _keep_history(path, number, changed, said, before, after)
    said = said + [fill(_("Hand {number} corrected; the hands after it are kept and check."), number=number),
                   fill(_("Settle-up before: {before}"), before=before),
                   fill(_("Settle-up now: {after}"), after=after)]
    return Result(_view(Opened(path, on_disk, number), digest(on_disk), changed), said=said, wrote=True)


def _keep_comments(old: list[str], recorder: Recorder) -> None:
    """The trick lines' comments, kept where they were: the fix enters the cards again."""
    hand = recorder.hand
    if hand is None or len(hand.parts["tricks"]) != len(old):
        return
    lines = hand.parts["tricks"]
    for index, (was, now) in enumerate(zip(old, lines, strict=True)):
        if "#" in was and "#" not in now:
            lines[index] = now.rstrip() + "  " + was[was.index("#"):]


def _problems(checked: CheckedSession, path: Path) -> list[str]:
    """The errors of the record put together again (a later hand the change made wrong)."""
    from reversis_score.notation.diagnostics import render
    errors = [d for d in checked.diagnostics if d.is_error]
    return [_("not written: ") + render(d, path.name, checked.lines).split("\n")[0] for d in errors[:5]]


def settle_up_words(checked: CheckedSession) -> str:
    """The session's settle-up (``checked``: the record's check), in a line (``Anne pays Bruno
    40; Claire pays Denis 12``)."""
    from reversis_score.ledger.build import build_ledger
    from reversis_score.render.document import settle_up_of
    try:
        transfers = settle_up_of(build_ledger(checked))
    except Exception:  # noqa: BLE001 — a record with errors has no settle-up to say
        return _("none (the record has errors)")
    if not transfers:
        return _("nobody owes anybody anything")
    return _("; ").join(fill(_("{payer} pays {payee} {amount}"), payer=a, payee=b, amount=n)
                        for a, b, n in transfers)


def _changed(before: str, after: str) -> list[str]:
    """The hand's lines taken out (``-``) and put in (``+``)."""
    return [line for line in difflib.ndiff(before.split("\n"), after.split("\n"))
            if line[:2] in ("- ", "+ ") and line[2:].strip()]


def _keep_history(path: Path, number: int, changed: list[str], said: list[str], before: str,
                  after: str) -> None:
    """Add the correction to ``NAME.history`` (appended, fsync'd: a dispute reads it)."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    lines = [f"{stamp}: hand {number} corrected on the entry page"]
    lines += [f"  {s}" for s in said]
    lines += [f"  {c}" for c in changed]
    lines += [f"  settle-up before: {before}", f"  settle-up after:  {after}", ""]
    with open(history_path(path), "a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
        out.flush()
        os.fsync(out.fileno())
