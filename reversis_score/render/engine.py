"""Which engine a target names: a SQLite file path, or a PostgreSQL URL (``postgresql://``).

The one place that knows both engines: render/database.py builds the rows they share and
render/sqlite.py and render/postgres.py import it, so the choice between them sits above all
three. The engine modules are imported when a target needs them (psycopg is optional).
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from reversis_score.render.database import NO_CHOICES, Choices, Outcome, Reader, Session, is_postgres_url


def export_database(target: str, sessions: Iterable[tuple[str, Session]],
                    notes: list[str] | None = None, strict: bool = False,
                    choices: Choices = NO_CHOICES) -> list[Outcome]:
    """Write ``(sha256, ledger or rows)`` sessions into a SQLite file or a PostgreSQL URL.

    One transaction for the whole run; the outcomes ("added", "replaced", "refused") in order;
    a migration's message joins ``notes``. Raises
    ``TargetProblem`` (one line, no password) when the target cannot take them.
    """
    if is_postgres_url(target):
        from reversis_score.render.postgres import export_postgres
        return export_postgres(target, sessions, notes, strict, choices)
    from reversis_score.render.sqlite import export_sqlite
    return export_sqlite(Path(target), sessions, notes, strict, choices)


def open_database(target: str) -> Reader:
    """Open a season database read-only, from a path or a URL; ``TargetProblem`` when it cannot be."""
    if is_postgres_url(target):
        from reversis_score.render.postgres import open_postgres
        return open_postgres(target)
    from reversis_score.render.sqlite import open_sqlite
    return open_sqlite(Path(target))


def forget(target: str, chosen: list[tuple[int, str]], notes: list[str] | None = None) -> int:
    """Remove sessions (id, sha256, as shown) from a season database; how many were removed."""
    if is_postgres_url(target):
        from reversis_score.render.postgres import forget_postgres
        return forget_postgres(target, chosen, notes)
    from reversis_score.render.sqlite import forget_sqlite
    return forget_sqlite(Path(target), chosen, notes)
