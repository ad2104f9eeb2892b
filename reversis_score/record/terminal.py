"""The ``record`` loop: read an entry, let the Recorder check and commit it, write the file,
say what happened. At a terminal it is a prompt_toolkit session (line editing, history, tab
completion of the cards still playable, the names and the commands, and a bottom toolbar);
from a pipe or a file the same entries come one per line, with no prompts.

Piped entries are a record's lines: the first refused line stops the entering (what follows
it may hang on it: a trick's winner leads the next, a hand must end before the next begins),
so that one mistake gives one refusal; the rest is read and said to be skipped. Without
``verbose`` only the refusals, what needs attention and a closing summary are printed.
"""
from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from reversis_score.i18n import _, is_french, ngettext
from reversis_score.record import entries, show
from reversis_score.record.entries import Ahead, read_entry
from reversis_score.record.header import HEADER_QUESTIONS, Reply
from reversis_score.record.resume import resume, where
from reversis_score.record.session import Recorder
from reversis_score.record.store import Busy, Store, half_line
from reversis_score.record.words import Note, understood

HEADER_WORDS = ("session", "date", "players", "rules", "rule", "stake", *entries.NIGHT_WORDS)


@dataclass
class Outcome:
    """How a run ended: its exit status, the lines entered, refused and skipped."""

    status: int = 0
    refused: int = 0
    messages: list[str] = field(default_factory=list)
    entered: int = 0
    content: int = 0  # of them, the lines that are not comments
    skipped: int = 0
    stopped_at: int | None = None  # the piped line whose refusal stopped the entering


def open_record(path: Path, header: list[str], interactive: bool, err: TextIO,
                repair: Callable[[int, str], bool] = lambda line, text: False, verbose: bool = True
                ) -> tuple[Recorder, Store] | int:
    """The Recorder and the locked file, or the exit status when the file cannot be recorded.

    A file that ends in a half line (cut off as it was written) is offered a repair: when
    ``repair(line number, text)`` says yes, that text is dropped, and the run says so.
    ``verbose`` False: where a resumed record stands is not said (a quiet piped run).
    """
    from reversis_score.notation.parse import decode
    from reversis_score.reading import ReadProblem, read_limited
    try:  # bounded, and only a regular file: a FIFO or /dev/zero is refused unread
        data = read_limited(path, "record") if path.exists() else b""
    except ReadProblem as exc:
        err.write(_("error: {problem}").format(problem=exc) + "\n")
        return 2
    text, problem = decode(data)
    if problem is not None or text is None:
        err.write(_("{file}: the file is not UTF-8 text: it cannot be recorded into").format(file=path)
                  + "\n")
        return 1
    if text.strip() and header:
        err.write(_("error: {file} has its header already: --session, --date, --players, --rules and "
                    "--stake are for a new file").format(file=path) + "\n")
        return 2
    try:
        store = Store(path)
    except Busy as exc:
        err.write(_("error: {problem}").format(problem=exc) + "\n")
        return 2
    except OSError as exc:
        err.write(_("error: {file}: cannot be written ({reason})").format(
            file=path, reason=exc.strerror or exc) + "\n")
        return 2
    if text.strip():
        recorder = _resumed(path, text, store, interactive, err, repair)
        if recorder is None:
            store.close()
            return 1
        if verbose:
            err.write(_("{file}: resuming: {where}.").format(file=path, where=where(recorder)) + "\n")
    else:
        recorder = Recorder(str(path), path.parent, interactive)
        # A French scorer writes a French record, at a terminal or piped alike (--lang fr, or
        # a French locale); a 'lang: en' line first makes it English.
        if is_french():
            recorder.spelling = entries.FRENCH
        for line in header:
            reply = recorder.enter(line)
            if reply.refused:
                store.close()
                option = line.split(":")[0]
                err.write("".join(_("error: --{option}: {problem}").format(option=option, problem=r) + "\n"
                                  for r in reply.refused))
                return 2
        if header:  # the options are the header: ask only for the players, when not given
            recorder.pass_questions(set(HEADER_QUESTIONS) - {"players"})
    # At a terminal and from a file alike, entries come as the record spells them.
    recorder.typed_as_written = True
    if interactive and recorder.french:
        err.write(entries.written_in(recorder.spelling) + "\n")
    return recorder, store


def _resumed(path: Path, text: str, store: Store, interactive: bool, err: TextIO,
             repair: Callable[[int, str], bool]) -> Recorder | None:
    """The Recorder for a file with something in it; None (the reasons said) if it is refused."""
    recorder, problems = resume(text, str(path), path.parent, interactive, store.written)
    cut = half_line(store.written)
    if recorder is None and cut is not None:
        kept = store.written[: len(store.written) - len(cut)]
        number = kept.count("\n") + 1
        again, _problems = resume(kept, str(path), path.parent, interactive, kept) if kept.strip() else (
            Recorder(str(path), path.parent, interactive), [])
        if again is not None:
            if repair(number, cut):
                err.write(_("{file}: dropped the half line at its end, line {number}: {text} (cut off as "
                            "it was written)").format(file=path, number=number, text=repr(cut)) + "\n")
                return again
            err.write(_("{file}: ends in a half line, line {number}: {text} (cut off as it was written); "
                        "`reversis-score record --repair {file}` drops it").format(
                file=path, number=number, text=repr(cut)) + "\n")
            return None
    if recorder is None:
        err.write("\n".join(problems) + "\n" + _("{file}: the record has errors; fix them (reversis-score "
                                                  "check shows them all) before recording more").format(
            file=path) + "\n")
    return recorder


def run(recorder: Recorder, store: Store, lines: Iterable[str], out: TextIO, err: TextIO,
        label: Callable[[int], str] = lambda n: "", verbose: bool = True) -> Outcome:
    """Drive the Recorder with entries until they end or `quit`; the file follows each one.

    Piped (the recorder not interactive), the first refusal stops the entering and the
    rest is skipped; ``verbose`` False prints only refusals and notes that need attention.
    """
    outcome = Outcome()
    ahead = Ahead(lines)
    piped = not recorder.interactive
    if piped:  # a .rvs file acknowledges a revoke after the tricks
        recorder.ahead = ahead.rest_of_hand
    had_hands = bool(recorder.closed or recorder.hand) or not recorder.in_header
    try:
        store.sync_parts(*recorder.document_parts())
        for number, line in enumerate(ahead, 1):
            if outcome.stopped_at is not None:
                outcome.skipped += 1
                continue
            line, unknown = understood(line, recorder.question, recorder.players, is_french(),
                                       recorder.french)
            entry = read_entry(entries.to_grammar(line) if recorder.french and recorder.typed_as_written
                               else line)
            reply = Reply(refused=[unknown]) if unknown else recorder.enter(line)
            reasons = reply.refused
            if reasons and piped:  # what waited for this line goes with it
                outcome.stopped_at, recorder.comments = number, []
                header_line = entry.word in HEADER_WORDS or entries.language_line(line) is not None
                if not outcome.content and had_hands and header_line:
                    reasons = [_whole_record_again(recorder)]
            store.sync_parts(*recorder.document_parts())
            said = reply.said if verbose else [s for s in reply.said if isinstance(s, Note)]
            (out if verbose else err).writelines(fit(s, recorder.interactive) + "\n" for s in said)
            for reason in reasons:
                outcome.refused += 1
                err.write(fit(f"{label(number)}{reason}", recorder.interactive) + "\n")
            out.flush()
            if not reasons and entry.kind != "blank":
                outcome.entered += 1
                outcome.content += entry.kind != "comment"
            if reply.quit:
                break
        recorder.finish()
        store.sync_parts(*recorder.document_parts())
    finally:
        store.close()
    # at a terminal a refused entry is entered again; from a pipe it is an error of the input
    outcome.status = 1 if outcome.refused and piped else 0
    return outcome


def _whole_record_again(recorder: Recorder) -> str:
    """The refusal of a piped record that begins with a header, into a file that has one."""
    count = len(recorder.closed) + (recorder.hand is not None)
    held = ngettext("its header and {count} hand", "its header and {count} hands", count).format(
        count=count) if count else _("its header")
    return _("{file} holds {held} already, and this input is a whole record, header first (the same one "
             "again?): nothing is entered").format(file=recorder.file, held=held)


def summary(file: str, recorder: Recorder, outcome: Outcome) -> str | None:
    """The closing line of a piped run (None when nothing was entered and it was refused:
    the refusal said it all)."""
    if outcome.stopped_at is not None and not outcome.content:
        return None
    text = ngettext("{file}: {count} line entered", "{file}: {count} lines entered", outcome.entered).format(
        file=file, count=outcome.entered)
    if outcome.stopped_at is not None:
        text += ngettext(
            "; line {line} refused, so the {count} line after it was skipped (fix it, and pipe the input "
            "again from there)", "; line {line} refused, so the {count} lines after it were skipped (fix it, "
            "and pipe the input again from there)", outcome.skipped).format(
            line=outcome.stopped_at, count=outcome.skipped) if outcome.skipped else \
            _("; line {line} refused").format(line=outcome.stopped_at)
    return _("{text}; {where}.").format(text=text, where=where(recorder))


def stdin_lines(stream: TextIO | None = None) -> Iterable[str]:
    """Standard input that is not a terminal: one entry a line."""
    for line in stream or sys.stdin:  # sys.stdin as it is now, not at import
        yield line.rstrip("\n")


def terminal_lines(recorder: Recorder, history: Path | None) -> Iterable[str]:
    """Entries typed at a terminal, with prompts, completion, history and a toolbar."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from reversis_score.record.complete import EntryCompleter
    session: PromptSession[str] = PromptSession(
        history=FileHistory(str(history)) if history else InMemoryHistory(),
        completer=EntryCompleter(recorder), complete_while_typing=False,
        bottom_toolbar=lambda: show.toolbar(recorder))
    while True:
        try:
            yield session.prompt(show.prompt(recorder))
        except EOFError:
            return


def fit(text: str, interactive: bool) -> str:
    """At a terminal, long lines wrapped to 80 columns; to a pipe, one line per message."""
    if not interactive:
        return text
    return "\n".join(textwrap.fill(line, 80, subsequent_indent="    ") if len(line) > 80 else line
                     for line in text.split("\n"))
