"""``export``: session ledgers as JSON, CSV, Markdown (text) or SQLite (render/sqlite.py).

A session is identified by the SHA-256 of its file's bytes: the same record exported twice
is the same session, wherever the file lies. A record with errors is never exported (its
ledger would stop at the bad hand and mislead a season's totals): the caller reports it and
exports the others, or none with ``--all-or-nothing``.

Each session is written hand by hand as it is settled (``write_session``), into a piece
that waits beside the others until the run may be kept: a session of any length is exported
in the memory of one hand and the session's totals. A piece is a file in the run's folder,
or, for a short record, its bytes kept in memory (they travel back from a worker with its
report), which spares a file made, written, read back and removed for each record. (A worker
that must keep its answers short writes a file: cli/batch.py's ``IN_WORKER`` says why.)
``Assembler`` joins the pieces.

>>> content_hash(b"players: A B C D\\n")[:12]
'dff11ac8c153'
"""
from __future__ import annotations

import hashlib
import io
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from reversis_score.i18n import _
from reversis_score.ledger.build import Ledger, LedgerHand, LedgerStream, build_ledger, stream_ledger
from reversis_score.notation.diagnostics import render
from reversis_score.notation.records import TableLine
from reversis_score.pipeline import CheckedHand, CheckedSession, SessionStream
from reversis_score.render import csv_rows, database, tables
from reversis_score.render.tally import SessionTally

FORMATS = ("json", "csv", "markdown", "sqlite")
WHAT = ("items", "hands")
CHUNK = 1 << 16  # bytes copied at a time from a piece to the export
# A database piece's hands are pickled so many at a time, as plain tuples: one pickle of a
# list costs half of one per hand, and loads faster too.
HANDS_PICKLED = 32
Piece = str | bytes  # a piece file's path, or the piece itself


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


# ------------------------------------------------------------------ one session's piece
TableOf = Callable[[int], tuple[TableLine, ...] | None]


def write_piece(ledger: Ledger | LedgerStream, fmt: str, what: str, sha: str, table_of: TableOf,
                out: BinaryIO) -> Any:
    """Write one session's part of an export into ``out``, hand by hand as ``ledger.hands``
    gives them: its JSON document, its CSV rows, its Markdown, or, for a database, each
    hand's rows pickled then the session's and players' rows. What the joiner needs besides:
    the players (hands CSV), the offset of the session's rows (a database), else None."""
    if fmt in ("sqlite", "postgres"):
        tally = SessionTally(ledger.players)
        batch: list[tuple] = []
        for hand in database.hand_rows(ledger):
            tally.add(hand.row, hand.items)
            batch.append(tuple(hand))
            if len(batch) == HANDS_PICKLED:
                pickle.dump(batch, out, protocol=pickle.HIGHEST_PROTOCOL)
                batch = []
        if batch:
            pickle.dump(batch, out, protocol=pickle.HIGHEST_PROTOCOL)
        trailer = out.tell()
        pickle.dump((database.session_row(sha, ledger, tally), database.player_rows(ledger, tally),
                     tally.payment_rows(), database.paid_rows(ledger), database.record_text(ledger)), out,
                    protocol=pickle.HIGHEST_PROTOCOL)
        return trailer
    if fmt == "csv" and what == "hands":
        for fact in csv_rows.hand_facts(ledger):
            pickle.dump(fact, out, protocol=pickle.HIGHEST_PROTOCOL)
        return list(ledger.players)
    text = io.TextIOWrapper(out, encoding="utf-8", newline="", write_through=True)
    try:
        _write_text(ledger, fmt, sha, table_of, text.write)
    finally:
        text.detach()
    return None


def _write_text(ledger: Ledger | LedgerStream, fmt: str, sha: str, table_of: TableOf,
                write: Callable[[str], object]) -> None:
    if fmt == "json":
        _write_json(ledger, sha, table_of, write)
    elif fmt == "csv":
        csv_rows.csv_writer(_Writing(write)).writerows(csv_rows.item_csv_rows(ledger))
    elif fmt == "markdown":
        _write_markdown(ledger, write)
    else:
        raise ValueError(f"not an export format: {fmt}")


class _Writing:
    """A file-like ``write`` for the csv module."""

    def __init__(self, write: Callable[[str], object]) -> None:
        self.write = write


def _write_json(ledger: Ledger | LedgerStream, sha: str, table_of: TableOf,
                write: Callable[[str], object]) -> None:
    """The ledger document (docs/ledger.md) with the audit blocks filled and the session's
    sha256: ``audited_document`` written hand by hand. (The audit's modules are loaded here:
    an export to a database never needs them.)"""
    from reversis_score.render import document
    from reversis_score.report.audit import AuditTally
    from reversis_score.report.audit_json import audited_hand_document, tally_document
    head = document.head_document(ledger)
    head["session"]["sha256"] = sha
    tally = AuditTally.start(ledger.players)

    def tail() -> dict:
        return {**document.tail_document(ledger), "audit": tally_document(tally)}
    document.write_json(ledger, write, lambda hand: audited_hand_document(ledger, hand, table_of(hand.number),
                                                                          tally),
                        end="", head_doc=head, tail_doc=tail)


def _write_markdown(ledger: Ledger | LedgerStream, write: Callable[[str], object]) -> None:
    """Each session as a club newsletter would print it (``summary_blocks`` in Markdown), its
    hands table written as they are settled."""
    title = tables.Block(tables.session_title(ledger), [], [[tables.rules_line(ledger)]])
    write(tables.write_blocks([title], "markdown") + "\n")
    tables.write_block_streamed(_("Hands"), tables.hands_headers(ledger), tables.hands_rows(ledger),
                                "markdown", write)
    ends = [tables.balances_block(ledger), tables.settle_up_block(ledger, [])]
    warned = tables.warnings_block(ledger)
    write("\n" + tables.write_blocks(ends + ([warned] if warned else []), "markdown"))


# ------------------------------------------------------------------ a record, streamed
@dataclass(slots=True)
class Written:
    """What exporting one record left: its problems rendered, how many hands were read and
    settled, and its piece (a file in the run's folder; None when the record has errors)."""

    messages: list[str] = field(default_factory=list)
    errors: int = 0
    read: int = 0
    settled: int = 0
    piece: Any = None  # a Piece, or (Piece, what the joiner needs besides: write_piece's)
    in_progress: int | None = None  # the last hand, still being played: not exported


class _Broken(Exception):
    """A hand that cannot be settled: the record has errors, and its piece is not wanted."""


def write_session(stream: SessionStream, fmt: str, what: str, sha: str, folder: str,
                  in_memory: bool = False) -> Written:
    """Check, settle and write one record's piece hand by hand into a new file in ``folder``
    (``in_memory``: into bytes, for a short record).

    Each hand's problems are rendered as it passes; after a bad hand the rest is still read
    (every problem is reported), and the piece is dropped. May raise ``ConservationError``.
    """
    written = Written()
    tables_of: dict[int, tuple[TableLine, ...] | None] = {}
    stream.hands = _watched(stream.hands, stream, written, tables_of)
    written.messages += [_said(stream, d) for d in stream.header_diagnostics if d.severity != "hidden"]
    written.errors += sum(1 for d in stream.header_diagnostics if d.is_error)
    ledger = stream_ledger(stream)
    hands = ledger.hands
    ledger.hands = _settled(hands, written)
    table_of: TableOf = lambda n: tables_of.pop(n, None)  # noqa: E731
    if in_memory:
        kept = io.BytesIO()
        try:
            extra = write_piece(ledger, fmt, what, sha, table_of, kept)
        except _Broken:
            extra = None
        piece: Piece = kept.getvalue()
    else:
        fd, piece = tempfile.mkstemp(prefix="piece-", dir=folder)
        try:
            with open(fd, "wb") as out:
                extra = write_piece(ledger, fmt, what, sha, table_of, out)
        except _Broken:
            extra = None
        except BaseException:
            os.unlink(piece)
            raise
    for _hand in hands:  # the hands after a bad one: their problems too
        pass
    if written.errors:
        _drop(piece)
    else:
        written.piece = piece if extra is None else (piece, extra)
    return written


def _drop(piece: Piece) -> None:
    """A piece not wanted, or joined: its file removed."""
    if isinstance(piece, str):
        os.unlink(piece)


def spilled(piece: Piece, folder: str) -> str:
    """A piece as a file in ``folder`` (the file it is already, or one it is written into)."""
    if isinstance(piece, str):
        return piece
    fd, path = tempfile.mkstemp(prefix="piece-", dir=folder)
    with open(fd, "wb") as out:
        out.write(piece)
    return path


def _opened(piece: Piece) -> BinaryIO:
    return io.BytesIO(piece) if isinstance(piece, bytes) else open(piece, "rb")  # noqa: SIM115


def _watched(hands: Iterator[CheckedHand], stream: SessionStream, written: Written,
             tables_of: dict[int, tuple[TableLine, ...] | None]) -> Iterator[CheckedHand]:
    """The stream's hands, each one's problems rendered and its table lines kept for the audit
    until its ledger hand is written."""
    for hand in hands:
        written.read += 1
        if hand.in_progress:
            written.in_progress = hand.number
        for diag in hand.diagnostics:
            if diag.severity != "hidden":
                written.messages.append(_said(stream, diag))
                written.errors += diag.is_error
        if not written.errors:
            tables_of[hand.number] = hand.record.table if hand.record is not None else None
        yield hand


def _settled(hands: Iterator[LedgerHand], written: Written) -> Iterator[LedgerHand]:
    for hand in hands:
        if hand.status == "error":
            raise _Broken()
        written.settled += 1
        yield hand


def _said(stream: SessionStream, diag: Any) -> str:
    return render(diag, stream.file, stream.lines)


# ------------------------------------------------------------------ the pieces joined
class Assembler:
    """Joins the sessions' pieces into the export's text, writing as they come (``write``).

    JSON is one document for one session and a list of them for several: the first document
    waits until the second shows whether there is a list. The hands CSV waits for every
    session, as its columns are the players met; its rows wait in a temporary file. Each
    piece file is removed once joined.
    """

    def __init__(self, fmt: str, what: str, write: Callable[[bytes], object]) -> None:
        self.fmt, self.what, self.write = fmt, what, write
        self.count = 0
        self.first: Piece | None = None
        self.players: list[str] = []
        self.rows: Any = None
        self.facts = 0

    def add(self, part: Any) -> None:
        """One more session's piece, in the order of the files."""
        self.count += 1
        if self.fmt == "json":
            self._add_json(part)
        elif self.fmt == "csv" and self.what == "hands":
            self._add_hands(*part)
        elif self.fmt == "csv":
            if self.count == 1:
                self.write(csv_rows.csv_header(csv_rows.ITEMS_HEADER).encode("utf-8"))
            self._copy(part)
        else:
            if self.count > 1:
                self.write(b"\n---\n\n")
            self._copy(part)

    def _add_json(self, path: Piece) -> None:
        if self.count == 1:
            self.first = path
            return
        if self.count == 2 and self.first is not None:
            self.write(b"[\n  ")
            self._copy(self.first, indented=True)
            self.first = None
        self.write(b",\n  ")
        self._copy(path, indented=True)

    def _add_hands(self, path: Piece, players: list[str]) -> None:
        if self.rows is None:
            self.rows = tempfile.TemporaryFile("w+b")  # noqa: SIM115 — closed by close()
        self.players += [p for p in players if p not in self.players]
        with _opened(path) as piece:
            shutil.copyfileobj(piece, self.rows)
        _drop(path)

    def _copy(self, path: Piece, indented: bool = False) -> None:
        """A piece's bytes, one level down in a list when ``indented`` (a JSON string never
        holds a raw newline), then the piece is removed."""
        with _opened(path) as piece:
            while chunk := piece.read(CHUNK):
                self.write(chunk.replace(b"\n", b"\n  ") if indented else chunk)
        _drop(path)

    def close(self) -> None:
        """Write what waited; nothing at all when no session came."""
        if self.fmt == "json" and self.count:
            if self.first is not None:
                self._copy(self.first)
                self.write(b"\n")
            else:
                self.write(b"\n]\n")
        if self.rows is not None:
            end = self.rows.tell()
            self.rows.seek(0)
            writer = csv_rows.csv_writer(_Writing(lambda text: self.write(text.encode("utf-8"))))
            writer.writerow(csv_rows.hands_csv_header(self.players))
            writer.writerows(csv_rows.hands_csv_row(self.players, fact) for fact in self._facts(end))
            self.rows.close()

    def _facts(self, end: int) -> Iterator[Any]:
        while self.rows.tell() < end:
            yield pickle.load(self.rows)


def session_rows_of(path: Piece, trailer: int) -> database.SessionRows:
    """A database piece read back: the session's and players' rows now, the hands' a batch at
    a time."""
    piece = _opened(path)
    piece.seek(trailer)
    session, players, payments, paid, record = pickle.load(piece)
    piece.seek(0)

    def hands() -> Iterator[database.HandRows]:
        with piece:
            while piece.tell() < trailer:
                yield from map(database.HandRows._make, pickle.load(piece))
    return database.SessionRows(session, players, hands(), payments, paid, record)


# ------------------------------------------------------------------ whole ledgers, in memory
def text_export(files: list[SessionFile], fmt: str, what: str = "items") -> str:
    """The text formats of settled files, through the same pieces and joiner as ``export``."""
    if fmt not in ("json", "csv", "markdown"):
        raise ValueError(f"not a text format: {fmt}")
    parts: list[bytes] = []
    joined = Assembler(fmt, what, parts.append)
    with tempfile.TemporaryDirectory(prefix="reversis-export-") as folder:
        for f in files:
            joined.add(_piece_file(f, fmt, what, folder))
        joined.close()
    return b"".join(parts).decode("utf-8")


def _piece_file(f: SessionFile, fmt: str, what: str, folder: str) -> Any:
    assert f.ledger is not None
    tables_of = {h.number: h.record.table for h in f.session.hands if h.record is not None}
    fd, path = tempfile.mkstemp(prefix="piece-", dir=folder)
    with open(fd, "wb") as out:
        extra = write_piece(f.ledger, fmt, what, f.sha256, tables_of.get, out)
    return path if extra is None else (path, extra)


def json_export(files: list[SessionFile]) -> str:
    """One file: its ledger document (docs/ledger.md), audit blocks filled; several: a list of them."""
    return text_export(files, "json")


def csv_export(files: list[SessionFile], what: str = "items") -> str:
    """docs/ledger.md's CSV: one row per item, or (``hands``) one row per hand."""
    return text_export(files, "csv", what)


def markdown_export(files: list[SessionFile]) -> str:
    """Each session as a club newsletter would print it: hands, balances, settle-up."""
    return text_export(files, "markdown")
