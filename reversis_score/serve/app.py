"""``create_app``: the Starlette application of ``reversis-score serve``.

``create_app(folder, *, token=None, read_only=False)`` builds one app for one folder:

- ``app.state.ctx`` is the ``ServeContext`` (context.py) every route reads.
- ``/static`` serves ``reversis_score/serve/static/`` (shipped in the wheel; no CDN).
- The pages: ``/`` the season, ``/session/{name}`` a session, ``/session/{name}/hand/{n}``
  a hand, ``/session/{name}/why`` two players (pages.py).
- Entry (``reversis_score/serve/entry.py``) is mounted below unless ``read_only``: its
  ``routes`` list is added to the app's, and every unsafe route it has is ``csrf_protected``.
- ``LanguageMiddleware`` (language.py) wraps everything: each request in its reader's language
  (the FR / EN switch's cookie, else Accept-Language), so that even a refusal is in it.
- ``AccessMiddleware`` (security.py) within it: the token (checked before anything is
  answered), the host, cross-site forms, the security headers and ``Cache-Control``.
- ``SwitchMiddleware`` (language.py) within that: the FR / EN switch itself.

Tests drive it with Starlette's TestClient on ``base_url="http://127.0.0.1"`` (without a
token, only loopback host names are answered).
"""
from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from reversis_score.i18n import N_, _
from reversis_score.serve import pages
from reversis_score.serve.context import ServeContext, context_of
from reversis_score.serve.language import LanguageMiddleware, SwitchMiddleware
from reversis_score.serve.security import AccessMiddleware

STATIC = Path(__file__).resolve().parent / "static"


# Starlette's own words for a path or a method it has no route for: in the reader's language.
_STARLETTE_WORDS = {404: N_("Not Found"), 405: N_("Method Not Allowed")}


async def refused(request: Request, exc: Exception) -> Response:
    """A 404 or other refusal as a small page (its message escaped like everything else)."""
    assert isinstance(exc, HTTPException)
    own = _STARLETTE_WORDS.get(exc.status_code)
    message = _(own) if own is not None and exc.detail == own else exc.detail
    return context_of(request).page(request, "refused.html", status=exc.status_code,
                                    code=exc.status_code, message=message)


def create_app(folder: Path, *, token: str | None = None, read_only: bool = False) -> Starlette:
    """The app serving the records of ``folder`` (see the module docstring)."""
    ctx = ServeContext(Path(folder), token, read_only)
    routes: list[BaseRoute] = pages.routes()
    if not read_only:
        # Entry at the table: reversis_score/serve/entry.py's routes, each unsafe one
        # csrf_protected (security.py). --read-only serves the pages without them.
        from reversis_score.serve import correction_routes, entry, events_entry, paid
        routes += entry.routes + events_entry.routes + correction_routes.routes + paid.routes
    routes.append(Mount("/static", app=StaticFiles(directory=STATIC), name="static"))
    app = Starlette(routes=routes, middleware=middleware(token), exception_handlers={HTTPException: refused})
    app.state.ctx = ctx
    return app


def middleware(token: str | None, hosts: frozenset[str] = frozenset()) -> list[Middleware]:
    """Every site's middleware, outermost first: the reader's language, the token (``hosts``:
    names a reverse proxy passes on), then the FR / EN switch, answered once the token is
    checked. The folder's site and the database's (serve/dbpages.py) both take it."""
    return [Middleware(LanguageMiddleware), Middleware(AccessMiddleware, token=token, hosts=hosts),
            Middleware(SwitchMiddleware)]
