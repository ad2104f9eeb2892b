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
import json
from dataclasses import dataclass

from reversis_score.ledger.audit import audit_ledger, audited_document
from reversis_score.ledger.build import Ledger, build_ledger
from reversis_score.pipeline import CheckedSession
from reversis_score.render import tables

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


def json_export(files: list[SessionFile]) -> str:
    """One file: its ledger document (docs/ledger.md), audit blocks filled; several: a list of them."""
    docs = [_document(f) for f in files]
    data = docs[0] if len(docs) == 1 else docs
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _document(f: SessionFile) -> dict:
    doc = audited_document(audit_ledger(f.ledger))
    doc["session"]["sha256"] = f.sha256
    return doc


def csv_export(files: list[SessionFile], what: str = "items") -> str:
    """docs/ledger.md's CSV: one row per item, or (``hands``) one row per hand."""
    ledgers = [f.ledger for f in files]
    if what != "hands":
        return tables.items_csv(ledgers)
    return tables.hands_csv(ledgers)


def markdown_export(files: list[SessionFile]) -> str:
    """Each session as a club newsletter would print it: hands, balances, settle-up."""
    parts = [tables.write_blocks(tables.summary_blocks(f.ledger), "markdown") for f in files]
    return "\n---\n\n".join(parts)


def text_export(files: list[SessionFile], fmt: str, what: str = "items") -> str:
    """The text formats through one helper: a new format is one branch."""
    if fmt == "json":
        return json_export(files)
    if fmt == "csv":
        return csv_export(files, what)
    if fmt == "markdown":
        return markdown_export(files)
    raise ValueError(f"not a text format: {fmt}")
