"""``export``: session ledgers as JSON, CSV, Markdown (text) or SQLite (render/sqlite.py).

A session is identified by the SHA-256 of its file's bytes: the same record exported twice
is the same session, wherever the file lies. A record with errors is never exported (its
ledger would stop at the bad hand and mislead a season's totals): the caller reports it and
exports the others, or none with ``--all-or-nothing``.

>>> content_hash(b"players: A B C D\\n")[:12]
'dff11ac8c153'
"""
from __future__ import annotations

import hashlib
import io
import json
import pickle
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from reversis_score.ledger.build import Ledger, build_ledger
from reversis_score.pipeline import CheckedSession
from reversis_score.render import tables
from reversis_score.report.audit import audit_ledger, audited_document

FORMATS = ("json", "csv", "markdown", "sqlite")
WHAT = ("items", "hands")


@dataclass(frozen=True, slots=True)
class SessionFile:
    """One record file read for export: its name, content hash, check and ledger."""

    name: str
    sha256: str
    session: CheckedSession
    ledger: Ledger | None  # None when the record has errors: nothing of it is exported

    @property
    def ok(self) -> bool:
        """Whether the record is clean, so that it can be exported."""
        return self.ledger is not None


def content_hash(data: bytes) -> str:
    """The session's identity: the SHA-256 of the file's bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


def session_file(name: str, data: bytes, session: CheckedSession) -> SessionFile:
    """Settle a checked record for export (no ledger when it has errors).

    May raise ``ConservationError`` (an engine bug, never the record's fault).
    """
    ledger = build_ledger(session) if session.ok else None
    return SessionFile(name, content_hash(data), session, ledger)


def piece(f: SessionFile, fmt: str, what: str = "items") -> Any:
    """One session's part of an export, made where the session was settled (a worker process):
    its JSON document as text, its CSV rows as text (or, for ``hands``, the players and each
    hand's facts: the columns are known only at the end), its Markdown, or, for a database,
    its rows pickled (they wait in a temporary file until every file is known to be good)."""
    assert f.ledger is not None
    if fmt == "json":
        return json.dumps(_document(f), ensure_ascii=False, indent=2)
    if fmt == "csv" and what == "hands":
        return f.ledger.players, tables.hand_facts(f.ledger)
    if fmt == "csv":
        out = io.StringIO()
        tables.csv_writer(out).writerows(tables.item_csv_rows(f.ledger))
        return out.getvalue()
    if fmt == "markdown":
        return tables.write_blocks(tables.summary_blocks(f.ledger), "markdown")
    from reversis_score.render.database import session_rows
    return pickle.dumps(session_rows(f.sha256, f.ledger), protocol=pickle.HIGHEST_PROTOCOL)


class Assembler:
    """Joins the sessions' pieces into the export's text, writing as they come (``write``).

    JSON is one document for one session and a list of them for several: the first document
    waits until the second shows whether there is a list. The hands CSV waits for every
    session, as its columns are the players met; its rows wait in a temporary file.
    """

    def __init__(self, fmt: str, what: str, write: Callable[[str], object]) -> None:
        self.fmt, self.what, self.write = fmt, what, write
        self.count = 0
        self.first: str | None = None
        self.players: list[str] = []
        self.rows: Any = None

    def add(self, part: Any) -> None:
        """One more session's piece, in the order of the files."""
        self.count += 1
        if self.fmt == "json":
            self._add_json(part)
        elif self.fmt == "csv" and self.what == "hands":
            self._add_hands(*part)
        elif self.fmt == "csv":
            self.write(("" if self.count > 1 else tables.csv_header(tables.ITEMS_HEADER)) + part)
        else:
            self.write(part if self.count == 1 else "\n---\n\n" + part)

    def _add_json(self, text: str) -> None:
        if self.count == 1:
            self.first = text
            return
        if self.count == 2 and self.first is not None:
            self.write("[\n  " + _indented(self.first))
            self.first = None
        self.write(",\n  " + _indented(text))

    def _add_hands(self, players: tuple[str, ...], facts: list) -> None:
        if self.rows is None:
            self.rows = tempfile.TemporaryFile("w+b")  # noqa: SIM115 — closed by close()
        self.players += [p for p in players if p not in self.players]
        pickle.dump(facts, self.rows)

    def close(self) -> None:
        """Write what waited; nothing at all when no session came."""
        if self.fmt == "json" and self.count:
            self.write(self.first + "\n" if self.first is not None else "\n]\n")
        if self.rows is not None:
            self.rows.seek(0)
            self.write(tables.hands_csv_of(self.players, self._facts()))
            self.rows.close()

    def _facts(self) -> Iterator[Any]:
        for _ in range(self.count):
            yield from pickle.load(self.rows)


def _indented(text: str) -> str:
    """A document one level down in a list (a JSON string never holds a raw newline)."""
    return text.replace("\n", "\n  ")


def text_export(files: list[SessionFile], fmt: str, what: str = "items") -> str:
    """The text formats through one helper: a new format is one branch."""
    if fmt not in ("json", "csv", "markdown"):
        raise ValueError(f"not a text format: {fmt}")
    parts: list[str] = []
    joined = Assembler(fmt, what, parts.append)
    for f in files:
        joined.add(piece(f, fmt, what))
    joined.close()
    return "".join(parts)


def json_export(files: list[SessionFile]) -> str:
    """One file: its ledger document (docs/ledger.md), audit blocks filled; several: a list of them."""
    return text_export(files, "json")


def _document(f: SessionFile) -> dict:
    assert f.ledger is not None
    doc = audited_document(audit_ledger(f.ledger))
    doc["session"]["sha256"] = f.sha256
    return doc


def csv_export(files: list[SessionFile], what: str = "items") -> str:
    """docs/ledger.md's CSV: one row per item, or (``hands``) one row per hand."""
    return text_export(files, "csv", what)


def markdown_export(files: list[SessionFile]) -> str:
    """Each session as a club newsletter would print it: hands, balances, settle-up."""
    return text_export(files, "markdown")
