"""The ``record`` loop: read an entry, let the Recorder check and commit it, write the file,
say what happened. At a terminal it is a prompt_toolkit session (line editing, history, tab
completion of the cards still playable, the names and the commands, and a bottom toolbar);
from a pipe or a file the same entries come one per line, with no prompts.
"""
from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from reversis_score.record import show
from reversis_score.record.entries import Ahead
from reversis_score.record.session import Recorder
from reversis_score.record.store import Busy, Store, resume, where


@dataclass
class Outcome:
    """How a run ended: its exit status and whether it was interrupted."""

    status: int = 0
    refused: int = 0
    messages: list[str] = field(default_factory=list)


def open_record(path: Path, header: list[str], interactive: bool,
                err: TextIO) -> tuple[Recorder, Store] | int:
    """The Recorder and the locked file, or the exit status when the file cannot be recorded."""
    from reversis_score.notation.parse import decode
    try:
        data = path.read_bytes() if path.exists() else b""
    except OSError as exc:
        err.write(f"error: {path}: cannot be read ({exc.strerror or exc})\n")
        return 2
    text, problem = decode(data)
    if problem is not None or text is None:
        err.write(f"{path}: the file is not UTF-8 text: it cannot be recorded into\n")
        return 1
    if text.strip() and header:
        err.write(f"error: {path} has its header already: --session, --date, --players, --rules and "
                  "--stake are for a new file\n")
        return 2
    try:
        store = Store(path)
    except Busy as exc:
        err.write(f"error: {exc}\n")
        return 2
    except OSError as exc:
        err.write(f"error: {path}: cannot be written ({exc.strerror or exc})\n")
        return 2
    if text.strip():
        recorder, problems = resume(text, str(path), path.parent, interactive, store.written)
        if recorder is None:
            store.close()
            err.write("\n".join(problems) + f"\n{path}: the record has errors; fix them (reversis-score "
                      "check shows them all) before recording more\n")
            return 1
        err.write(f"{path}: resuming at {where(recorder)}\n")
    else:
        recorder = Recorder(str(path), path.parent, interactive)
        for line in header:
            reply = recorder.enter(line)
            if reply.refused:
                store.close()
                option = line.split(":")[0]
                err.write("".join(f"error: --{option}: {r}\n" for r in reply.refused))
                return 2
    return recorder, store


def run(recorder: Recorder, store: Store, lines: Iterable[str], out: TextIO, err: TextIO,
        label: Callable[[int], str] = lambda n: "") -> Outcome:
    """Drive the Recorder with entries until they end or `quit`; the file follows each one."""
    outcome = Outcome()
    ahead = Ahead(lines)
    if not recorder.interactive:  # a .rvs file acknowledges a revoke after the tricks
        recorder.ahead = ahead.rest_of_hand
    try:
        store.sync(recorder.document())
        for number, line in enumerate(ahead, 1):
            reply = recorder.enter(line)
            store.sync(recorder.document())
            out.writelines(fit(said, recorder.interactive) + "\n" for said in reply.said)
            for reason in reply.refused:
                outcome.refused += 1
                err.write(fit(f"{label(number)}{reason}", recorder.interactive) + "\n")
            out.flush()
            if reply.quit:
                break
        recorder.finish()
        store.sync(recorder.document())
    finally:
        store.close()
    # at a terminal a refused entry is entered again; from a pipe it is an error of the input
    outcome.status = 1 if outcome.refused and not recorder.interactive else 0
    return outcome


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
