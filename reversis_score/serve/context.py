"""``ServeContext``: what every route of ``serve`` reads, as ``request.app.state.ctx``.

- ``folder``: the records' folder (resolved); ``token``: the access token, or None on the
  loopback address; ``read_only``: no entry routes; ``csrf``: this run's CSRF token.
- ``record_path(name)``: the only way from a name in a URL to a file. A record's name is its
  file name without ``.rvs`` (``club-night`` is ``FOLDER/club-night.rvs``); names with a
  slash, a backslash, a leading dot, ``..``, a NUL, more than
  ``MAX_NAME_BYTES`` bytes, or a symlink that leads out of FOLDER are a 404, as are missing
  files unless ``must_exist=False`` (entry's new sessions).
- ``record_names()``: the records to list, each file once: a symlink (or a hard link) to a
  record of the folder is the same session as its target and is listed under the target's
  name only (``canonical(name)`` gives it; the pages redirect a link's name there).
- ``shown(message)``: a message with the folder's absolute path taken out, so that no answer
  tells a stranger where the records live.
- ``library``: the records read, checked and settled, each again when its file changes.
- ``page(request, template, **values)``: an HTMLResponse of a template, with ``csrf`` and
  ``read_only`` filled in.
"""
from __future__ import annotations

import os
import secrets
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse

from reversis_score.i18n import _
from reversis_score.serve.library import Library
from reversis_score.serve.templating import render
from reversis_score.serve.watch import Watch

SUFFIX = ".rvs"
_BAD_NAME = set('/\\\0:')
# A file name is at most 255 bytes; entry writes a temporary ``.NAME.rvs.record-tmp`` beside it.
MAX_NAME_BYTES = 255 - len(SUFFIX) - len("..record-tmp")


class FolderGone(HTTPException):
    """The records' folder is no longer there (deleted or moved): every page says so (503)."""

    def __init__(self) -> None:
        super().__init__(503, _("the folder of records is no longer there (deleted or moved): put it back, "
                                "or start serve again on the folder the records are in"))


@dataclass
class ServeContext:
    """The server's settings and helpers (one per app)."""

    folder: Path
    token: str | None = None
    read_only: bool = False
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    library: Library = field(default_factory=Library)
    # The season page last made in each language: its stamp, and the page.
    season_pages: dict[str, tuple[str, str]] = field(default_factory=dict)
    season_lock: threading.Lock = field(default_factory=threading.Lock)
    watch: Watch | None = None  # the folder's changes, once start_watching has run
    watched: tuple[int, int] | None = None  # the folder (device, inode) the watch is on
    on_change: Callable[[], None] | None = None
    rewatch_lock: threading.Lock = field(default_factory=threading.Lock)
    started: str = field(default_factory=lambda: secrets.token_hex(4))  # stamps differ per run

    def __post_init__(self) -> None:
        self.folder = self.folder.resolve()

    def start_watching(self, on_change: Callable[[], None] | None = None) -> bool:
        """Learn of the folder's changes from the file system from now on (serve/watch.py);
        False when it cannot be watched (the pages then stat the records on each poll)."""
        self.on_change = on_change
        self.watched = self.folder_id()
        watch = Watch(self.folder, on_change)
        if watch.start():
            self.watch = watch
        return self.watch is not None

    def folder_id(self) -> tuple[int, int] | None:
        """The folder's (device, inode): another once it is replaced (renamed, made again);
        None while there is none."""
        try:
            info = os.stat(self.folder)
        except OSError:
            return None
        return info.st_dev, info.st_ino

    def current_watch(self) -> Watch | None:
        """The watch, when it is alive and on the folder that now stands at FOLDER. A folder
        replaced under the server (renamed, and another made in its place) is watched again,
        in the background; until then None (the pages stat the records)."""
        watch = self.watch
        if watch is None:
            return None
        now = self.folder_id()
        if now != self.watched:
            if now is not None and self.rewatch_lock.acquire(blocking=False):
                watch.stop()
                threading.Thread(target=self._rewatch, name="serve-rewatch", daemon=True).start()
            return None
        return watch if watch.alive else None

    def _rewatch(self) -> None:
        try:
            self.start_watching(self.on_change)
            if self.on_change is not None:
                self.on_change()  # the season page made again, of the new folder
        finally:
            self.rewatch_lock.release()

    def record_path(self, name: str, must_exist: bool = True) -> Path:
        """``FOLDER/name.rvs``, or a 404 when the name could lead anywhere else."""
        if (not name or name.startswith(".") or _BAD_NAME & set(name) or name != name.strip()
                or len(name.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES):
            raise HTTPException(404, _("no such record"))
        path = self.folder / (name + SUFFIX)
        try:
            real = path.resolve(strict=False)
        except (OSError, RuntimeError):  # a symlink loop
            raise HTTPException(404, _("no such record")) from None
        if real.parent != self.folder or (path.is_symlink() and not real.is_relative_to(self.folder)):
            raise HTTPException(404, _("no such record"))
        if must_exist and not real.is_file():
            raise HTTPException(404, _("no such record"))
        return path

    def record_names(self) -> list[str]:
        """The names of the folder's records, sorted, each file once (see ``canonical``);
        symlinks leading out are left out. ``FolderGone`` when the folder is no longer there."""
        return sorted(self._files()[0].values())

    def canonical(self, name: str) -> str:
        """The name the folder's record ``name`` is listed under: itself, or for a symlink
        (or hard link) to another record of the folder, that record's name."""
        try:
            info = os.lstat(self.folder / (name + SUFFIX))
        except OSError:
            return name
        if not stat.S_ISLNK(info.st_mode) and info.st_nlink == 1:  # the usual file: no other name
            return name
        return self._files()[1].get(name, name)

    def _files(self) -> tuple[dict[tuple[int, int], str], dict[str, str]]:
        """Each file's listed name by (device, inode), and each other name for it."""
        found: dict[tuple[int, int], list[tuple[bool, str]]] = {}
        try:
            entries = os.scandir(self.folder)
        except (FileNotFoundError, NotADirectoryError):
            raise FolderGone() from None
        with entries:
            for entry in entries:
                if not entry.name.endswith(SUFFIX) or entry.name.startswith("."):
                    continue
                name = entry.name[: -len(SUFFIX)]
                try:
                    self.record_path(name)
                    info = os.stat(entry.path)
                    link = entry.is_symlink()
                except (HTTPException, OSError):
                    continue
                found.setdefault((info.st_dev, info.st_ino), []).append((link, name))
        names: dict[tuple[int, int], str] = {}
        links: dict[str, str] = {}
        for key, known in found.items():
            known.sort()  # the file itself (not a link) first, then by name
            names[key] = known[0][1]
            links.update((other, known[0][1]) for _, other in known[1:])
        return names, links

    def shown(self, message: str) -> str:
        """``message`` without the folder's absolute path: records by their name in it."""
        for folder in {str(self.folder), os.path.realpath(self.folder)}:
            message = message.replace(folder + os.sep, "").replace(folder, "FOLDER")
        return message

    def page(self, request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        """A template as an HTML response; ``csrf`` and ``read_only`` are filled in."""
        values.setdefault("read_only", self.read_only)
        return HTMLResponse(render(template, csrf=self.csrf, **values), status_code=status)


def context_of(request: Request) -> ServeContext:
    """The ServeContext of the app answering ``request``."""
    return request.app.state.ctx
