"""The folder's records as the pages read them: read, checked and settled once per version.

A record is read again when its file changes (its size, mtime or inode: ``entry`` appends,
an editor renames a new file into place), so the pages follow a record being written and
records that appear while the server runs. What is kept of a record is its ``Digest``
(serve/digest.py: a short row per hand, never the whole ledger): summaries (the season page)
for every record, digests for the sessions lately shown, up to ``KEEP_ROWS`` hands in all.
Requests run in threads: a lock guards the caches. What is kept holds words for people (the
outcome of each hand, the warnings, the whys of a why page): it is kept per language, each
request reading the one of its own language (``i18n.language()``, the request's).
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from reversis_score import i18n
from reversis_score.serve.digest import Digest, Unreadable, digest
from reversis_score.serve.season import SessionSummary

__all__ = ["KEEP", "KEEP_ROWS", "Library", "Loaded", "Unreadable", "stamp_of"]

Stamp = tuple[int, int, int]
Key = tuple[Path, str]  # a record, and the language of its words
KEEP = 16  # digests kept: a club night's few sessions, several devices watching
KEEP_ROWS = 100_000  # ... and not more hands than this in all (a long record is one of them)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A record read at one version: its stamp and its digest."""

    stamp: Stamp
    digest: Digest


def stamp_of(path: Path) -> Stamp:
    """What changes when a file is written: size, mtime (ns) and inode."""
    st = os.stat(path)
    return st.st_size, st.st_mtime_ns, st.st_ino


class Library:
    """Digests and summaries of a folder's records, each read again when its file changes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._digests: OrderedDict[Key, Loaded] = OrderedDict()
        self._summaries: dict[Key, tuple[Stamp, SessionSummary | str]] = {}
        self._reading: dict[Key, threading.Lock] = {}

    def loaded(self, path: Path, name: str) -> Loaded:
        """The record's digest as the file now stands, in the language of the moment (read
        once, however many ask at once)."""
        key = (path, i18n.language())
        stamp = stamp_of(path)
        known = self._known(key, stamp)
        if known is not None:
            return known
        try:
            with self._reader(key):
                stamp = stamp_of(path)
                known = self._known(key, stamp)
                if known is not None:
                    return known
                loaded = Loaded(stamp, digest(path, name))
        finally:
            with self._lock:
                self._reading.pop(key, None)
        with self._lock:
            self._digests[key] = loaded
            self._digests.move_to_end(key)
            self._summaries[key] = (stamp, loaded.digest.summary())
            rows = sum(len(d.digest.rows) for d in self._digests.values())
            while len(self._digests) > 1 and (len(self._digests) > KEEP or rows > KEEP_ROWS):
                _, gone = self._digests.popitem(last=False)
                rows -= len(gone.digest.rows)
        return loaded

    def _known(self, key: Key, stamp: Stamp) -> Loaded | None:
        with self._lock:
            known = self._digests.get(key)
            if known is not None and known.stamp == stamp:
                self._digests.move_to_end(key)
                return known
        return None

    def _reader(self, key: Key) -> threading.Lock:
        with self._lock:
            return self._reading.setdefault(key, threading.Lock())

    def summary(self, path: Path, name: str) -> SessionSummary | str:
        """The session's summary, or why it cannot be read (in the language of the moment)."""
        key = (path, i18n.language())
        stamp = stamp_of(path)
        with self._lock:
            known = self._summaries.get(key)
        if known is not None and known[0] == stamp:
            return known[1]
        try:
            return self.loaded(path, name).digest.summary()
        except Unreadable as exc:
            found = str(exc)
        with self._lock:
            self._summaries[key] = (stamp, found)
        return found

    def forget_all_but(self, paths: set[Path]) -> None:
        """Drop what is kept of records no longer in the folder (none kept for ever)."""
        with self._lock:
            for key in [k for k in self._summaries if k[0] not in paths]:
                del self._summaries[key]
            for key in [k for k in self._digests if k[0] not in paths]:
                del self._digests[key]
