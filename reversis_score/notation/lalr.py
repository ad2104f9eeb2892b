"""The Lark LALR parser of ``grammar/reversis.lark``, its tables built once and kept on disk.

Building the tables from the grammar costs tens of milliseconds on every run, more than the
parse of a short record. The built parser is therefore saved in a cache file named by the
SHA-256 of everything it depends on (the grammar text, the parser options, the Lark and Python
versions): a changed grammar gets a new file, never a stale one.

The cache is a convenience, never a condition: a missing, unreadable, damaged or unwritable
cache means the tables are built as before and the run goes on. A new cache file is written
to a temporary file beside it and renamed into place, so that two runs at once never see
half a file.

The cache folder is ``$REVERSIS_SCORE_CACHE`` when set (an empty value turns the cache off),
else ``$XDG_CACHE_HOME/reversis-score``, else ``~/.cache/reversis-score``.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from functools import lru_cache
from importlib import resources
from pathlib import Path

import lark
from lark import Lark

from reversis_score.notation.transform import RecordBuilder

# Everything but the transformer, which is attached when the tables are loaded.
OPTIONS: dict[str, object] = {"parser": "lalr", "lexer": "contextual", "start": ["header", "hand"],
                              "propagate_positions": False, "maybe_placeholders": False}
CACHE_FORMAT = "reversis-score-lalr/1"
# Options a saved parser may not keep: Lark supplies them again when it loads one.
_NOT_SAVED = ("transformer", "postlex", "lexer_callbacks", "_plugins")


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The grammar, read from the installed package (``reversis_score.grammar``)."""
    return resources.files("reversis_score.grammar").joinpath("reversis.lark").read_text("utf-8")


def cache_key(grammar: str | None = None) -> str:
    """The SHA-256 of what the tables depend on: the grammar, the options, Lark and Python."""
    parts = [CACHE_FORMAT, grammar if grammar is not None else grammar_text(), repr(sorted(OPTIONS.items())),
             lark.__version__, f"{sys.version_info[0]}.{sys.version_info[1]}"]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def cache_dir() -> Path | None:
    """Where the tables are kept, or None when the cache is turned off."""
    chosen = os.environ.get("REVERSIS_SCORE_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "reversis-score"


def cache_path() -> Path | None:
    """The cache file for this grammar, options and versions (None: no cache)."""
    folder = cache_dir()
    return None if folder is None else folder / f"lalr-{cache_key()[:32]}.pickle"


@lru_cache(maxsize=1)
def parser() -> tuple[Lark, RecordBuilder]:
    """The one parser of a run and the Transformer it feeds (reset per chunk with ``begin``)."""
    builder = RecordBuilder()
    path = cache_path()
    if path is not None:
        loaded = load_cached(path, builder)
        if loaded is not None:
            return loaded, builder
    built = Lark(grammar_text(), transformer=builder, **OPTIONS)  # type: ignore[arg-type]
    if path is not None:
        save_cached(built, path)
    return built, builder


def load_cached(path: Path, builder: RecordBuilder) -> Lark | None:
    """The parser saved at ``path`` with ``builder`` attached; None when it cannot be had."""
    try:
        with open(path, "rb") as f:
            if f.readline().rstrip(b"\n") != cache_key().encode("ascii"):
                return None
            data = pickle.load(f)
        # Lark's own cache loads its tables this way; it rebuilds the lexer and callbacks.
        return Lark.__new__(Lark)._load(data, transformer=builder)
    except Exception:  # noqa: BLE001 — a damaged or foreign file is rebuilt, never fatal
        return None


def save_cached(built: Lark, path: Path) -> bool:
    """Save the tables: a temporary file beside ``path``, then a rename. False if not saved."""
    temp = None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(cache_key().encode("ascii") + b"\n")
            built.save(out, _NOT_SAVED)
        os.replace(temp, path)
        return True
    except Exception:  # noqa: BLE001 — a read-only home or a full disk only costs time
        if temp is not None and os.path.exists(temp):
            try:
                os.unlink(temp)
            except OSError:
                pass
        return False
