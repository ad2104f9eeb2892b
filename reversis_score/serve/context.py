"""``ServeContext``: what every route of ``serve`` reads, as ``request.app.state.ctx``.

- ``folder``: the records' folder (resolved); ``token``: the access token, or None on the
  loopback address; ``read_only``: no entry routes; ``csrf``: this run's CSRF token.
- ``record_path(name)``: the only way from a name in a URL to a file. A record's name is its
  file name without ``.rvs`` (``club-night`` is ``FOLDER/club-night.rvs``); names with a
  slash, a backslash, a leading dot, ``..``, a NUL, or a symlink that leads out of FOLDER
  are a 404, as are missing files unless ``must_exist=False`` (entry's new sessions).
- ``library``: the records read, checked and settled, each again when its file changes.
- ``page(request, template, **values)``: an HTMLResponse of a template, with ``csrf`` and
  ``read_only`` filled in.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse

from reversis_score.serve.library import Library
from reversis_score.serve.templating import render

SUFFIX = ".rvs"
_BAD_NAME = set('/\\\0:')


@dataclass
class ServeContext:
    """The server's settings and helpers (one per app)."""

    folder: Path
    token: str | None = None
    read_only: bool = False
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    library: Library = field(default_factory=Library)
    season_page: tuple[str, str] | None = None  # the season page last made, and its stamp

    def __post_init__(self) -> None:
        self.folder = self.folder.resolve()

    def record_path(self, name: str, must_exist: bool = True) -> Path:
        """``FOLDER/name.rvs``, or a 404 when the name could lead anywhere else."""
        if not name or name.startswith(".") or _BAD_NAME & set(name) or name != name.strip():
            raise HTTPException(404, "no such record")
        path = self.folder / (name + SUFFIX)
        try:
            real = path.resolve(strict=False)
        except (OSError, RuntimeError):  # a symlink loop
            raise HTTPException(404, "no such record") from None
        if real.parent != self.folder or (path.is_symlink() and not real.is_relative_to(self.folder)):
            raise HTTPException(404, "no such record")
        if must_exist and not real.is_file():
            raise HTTPException(404, "no such record")
        return path

    def record_names(self) -> list[str]:
        """The names of the folder's records, sorted; symlinks leading out are left out."""
        names = []
        with os.scandir(self.folder) as entries:
            for entry in entries:
                if entry.name.endswith(SUFFIX) and not entry.name.startswith("."):
                    name = entry.name[: -len(SUFFIX)]
                    try:
                        self.record_path(name)
                    except HTTPException:
                        continue
                    names.append(name)
        return sorted(names)

    def page(self, request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        """A template as an HTML response; ``csrf`` and ``read_only`` are filled in."""
        values.setdefault("read_only", self.read_only)
        return HTMLResponse(render(template, csrf=self.csrf, **values), status_code=status)


def context_of(request: Request) -> ServeContext:
    """The ServeContext of the app answering ``request``."""
    return request.app.state.ctx
