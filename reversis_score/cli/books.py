"""``forget``: remove sessions from a season database, by name (or id), after showing them.

Nothing else removes a session: a record exported again under its name replaces its own.
Like every cli module, this prints and exits; render/engine.py does the work. Exit status: 0
removed (or nothing to do), 1 the question answered no, 2 a usage error (no such database or
session).
"""
from __future__ import annotations

from typing import Annotated

import typer

from reversis_score.cli import complete
from reversis_score.cli.app import app, error_line, examples, fail
from reversis_score.i18n import N_, _, fill, is_french, ngettext

_SESSIONS = ("SELECT s.id, s.name, s.file, s.title, s.date, s.sha256, "
             "(SELECT COUNT(*) FROM hands h WHERE h.session_id = s.id), s.club FROM sessions s ORDER BY s.id")
_PLAYERS = "SELECT session_id, player FROM players ORDER BY session_id, seat"


FORGET_HELP = N_("Remove sessions from a season database. Shows what it removes and asks first.")


@app.command(help=FORGET_HELP, epilog=examples("reversis-score forget season.db club-night",
                             "reversis-score forget season.db 12 autumn-3 --yes"))
def forget(
    db: Annotated[str, typer.Argument(metavar="DB", help=N_("A database written by export: a SQLite "
                                                            "file, or a postgresql:// URL."),
                                      autocompletion=complete.database_files)],
    sessions: Annotated[list[str], typer.Argument(metavar="SESSION...", help=N_("The sessions to remove: "
                                                  "each by its name (the record's file name without "
                                                  ".rvs), CLUB/NAME, or its id."))],
    yes: Annotated[bool, typer.Option("--yes", "-y", help=N_("Remove without asking."))] = False,
) -> None:
    """The ``forget`` command; its --help is FORGET_HELP."""
    from reversis_score.render import engine
    from reversis_score.render.database import shown
    from reversis_score.render.schema import TargetProblem
    from reversis_score.scrub import safe
    notes: list[str] = []
    try:
        found = _read(db, notes)
        chosen = [_pick(found, wanted) for wanted in dict.fromkeys(sessions)]
    except TargetProblem as exc:
        fail(error_line(exc), 2)
    for note in notes:
        typer.echo(safe(note), err=True)
    heading = ngettext("{db}: {n} session to remove:", "{db}: {n} sessions to remove:", len(chosen))
    typer.echo(safe(fill(heading, db=shown(db), n=len(chosen))))
    for row in chosen:
        typer.echo(safe(f"  {_described(row)}"))
    if not yes and not _agreed(len(chosen)):
        fail(_("nothing removed"), 1)
    try:
        gone = engine.forget(db, [(row[0], row[5]) for row in chosen])
    except TargetProblem as exc:
        fail(error_line(fill(_("{db}: {problem}; nothing was removed"), db=shown(db), problem=exc)), 2)
    typer.echo(safe(fill(ngettext("removed {n} session from {db}: {names}",
                                  "removed {n} sessions from {db}: {names}", gone),
                         n=gone, db=shown(db), names=", ".join(row[1] for row in chosen))))


def _read(db: str, notes: list[str]) -> list[tuple]:
    """Every session (id, name, file, title, date, sha256, hands, players); a schema 1
    database is brought up to date first (its message joins ``notes``)."""
    from reversis_score.render import engine
    from reversis_score.render.schema import OldSchema
    try:
        reader = engine.open_database(db)
    except OldSchema:
        engine.forget(db, [], notes)
        reader = engine.open_database(db)
    try:
        players: dict[int, list[str]] = {}
        for session_id, name in reader.rows(_PLAYERS):
            players.setdefault(session_id, []).append(name)
        return [(*row, players.get(row[0], [])) for row in reader.rows(_SESSIONS)]
    finally:
        reader.close()


def _pick(found: list[tuple], wanted: str) -> tuple:
    """The session named ``wanted`` (or of that id)."""
    from reversis_score.notation.suggest import did_you_mean
    from reversis_score.render.schema import TargetProblem
    for row in found:
        if f"{row[7]}/{row[1]}" == wanted:  # club/name: the identity
            return row
    named = [row for row in found if row[1] == wanted]
    if len(named) == 1:
        return named[0]
    if named:
        raise TargetProblem(fill(_("'{name}' names a session of several clubs ({sessions}): say which as "
                                   "CLUB/NAME; nothing was removed"), name=wanted,
                                 sessions=", ".join(f"{r[7]}/{r[1]}" for r in named)))
    for row in found:
        if wanted.isdigit() and row[0] == int(wanted):
            return row
    names = [row[1] for row in found]
    listed = " ".join(names[:20]) + (" …" if len(names) > 20 else "") if names else _("(none)")
    raise TargetProblem(fill(_("no session named '{name}' in this database (sessions: {listed}){hint}; "
                               "nothing was removed"), name=wanted, listed=listed,
                             hint=did_you_mean(wanted, names)))


def _described(row: tuple) -> str:
    session_id, name, file, title, date, _sha, hands, _club, players = row
    counted = fill(ngettext("{n} hand", "{n} hands", hands), n=hands)
    what = ", ".join(part for part in (title, date, counted, " ".join(players)) if part)
    return fill(_("{name} (session {id}): {what}; exported from {file}"), name=name, id=session_id, what=what,
                file=file)


def _agreed(count: int) -> bool:
    """The question, answered on the terminal; no answer (end of input) is no."""
    return confirmed(fill(ngettext("Remove it?", "Remove these {n} sessions?", count), n=count))


def confirmed(question: str) -> bool:
    """A yes-or-no ``question`` answered on the terminal; no answer (end of input) is no."""
    import click
    try:
        if not is_french():
            return typer.confirm(question, default=False)
        return _confirmed_in_french(question)
    except (click.exceptions.Abort, typer.Abort):
        typer.echo("")
        return False


YES, NO = ("o", "oui", "y", "yes"), ("n", "non", "no", "")


def _confirmed_in_french(question: str) -> bool:
    """Click's (y/N) question, asked as French does: « [o/N] », oui or non (y and n still do)."""
    while True:
        answer = typer.prompt(f"{question} [o/N]", default="", show_default=False,
                              prompt_suffix="\u202f: ").strip().lower()
        if answer in YES or answer in NO:
            return answer in YES
        typer.echo(_("answer o (oui) or n (non)"))
