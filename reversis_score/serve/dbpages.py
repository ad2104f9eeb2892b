"""``serve DB``: a season database's pages, read-only, for a league's many readers.

The same pages as the folder's (pages.py), with the same templates, words and code: the
season (all clubs, or one: ``/?club=NAME``), each session, each hand, why. A session's pages
are under ``/session/KEY``: its name while the season is one club's, ``CLUB/NAME`` once there
are two (serve/dbsite.py's ``addresses``; a bare name still leads to its session's page when
no other club has a night of that name). Each session's
page is made from its record as the database keeps it (serve/dbsite.py), read into a
``Digest`` as a folder's record is (serve/digest.py): in the reader's language, its cost that
of the one night. The season's figures are report/season.py's over the database's rows.

Stateless: what a process keeps is a cache checked against the database on every request.
The season page is kept per (language, club) under the season's stamp; a session's digest
per (key, language) under the session's sha256, looked up again only when the season's
stamp moved. So any number of processes, on any number of machines, serve one database, and
an export by any club shows on every one of them within ``STAMP_TTL`` plus a page's poll.

``create_site_app(target, ...)`` builds the app: the folder's middleware (language, access
token and headers: language.py, security.py), its 404 page, its static files.
"""
from __future__ import annotations

import gc
import gzip
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from reversis_score import i18n
from reversis_score.i18n import _
from reversis_score.render.schema import TargetProblem
from reversis_score.report.season import in_order
from reversis_score.serve.dbsite import Busy, Site, SiteProblem
from reversis_score.serve.digest import Digest, Unreadable, digest_text
from reversis_score.serve.language import answering
from reversis_score.serve.pages import NO_STORE, hand_answer, session_answer, why_answer
from reversis_score.serve.season import season_view
from reversis_score.serve.templating import render

KEEP = 256  # sessions' digests kept per process (each a night: a few hundred KB at most)
KEEP_ROWS = 100_000  # ... and not more hands than this in all
PAGES = 8  # session pages kept per digest (?page=N, each its own)
WARM = 100  # the latest sessions whose pages each process makes as it starts


@dataclass
class Kept:
    """A session's digest in one language, the sha256 it was read at, and the season's stamp
    at which that sha256 was last confirmed."""

    sha: str
    seen: str
    digest: Digest
    pages: dict[str, bytes] = field(default_factory=dict)  # the session page, by query string
    zipped: dict[str, bytes] = field(default_factory=dict)  # ... and gzipped, once asked so


@dataclass
class SiteContext:
    """What every route of the database site reads (``request.app.state.ctx``)."""

    site: Site
    token: str | None = None
    read_only: bool = True  # no entry: the records are the clubs'
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    season_pages: dict[tuple[str, str | None], tuple[str, str]] = field(default_factory=dict)
    season_zipped: dict[tuple[str, str | None], tuple[str, bytes]] = field(default_factory=dict)
    season_lock: threading.Lock = field(default_factory=threading.Lock)
    kept: OrderedDict[tuple[str, str], Kept] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    reading: dict[tuple[str, str], threading.Lock] = field(default_factory=dict)

    def page(self, request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        """A template as an HTML response (as ServeContext.page)."""
        values.setdefault("read_only", self.read_only)
        return HTMLResponse(render(template, csrf=self.csrf, **values), status_code=status)


def context(request: Request) -> SiteContext:
    """The SiteContext of the app answering ``request``."""
    return request.app.state.ctx


# ------------------------------------------------------------------ the season
def season_page(ctx: SiteContext, club: str | None) -> tuple[str, str]:
    """The season page (one club's, when named) and its stamp: made again only when the
    season's stamp moved (one request makes it; the others wait for it, not redo it)."""
    key = (i18n.language(), club)
    stamp = ctx.site.stamp()
    kept = ctx.season_pages.get(key)
    if kept is not None and kept[0] == stamp:
        return kept
    with ctx.season_lock:
        kept = ctx.season_pages.get(key)
        if kept is not None and kept[0] == ctx.site.stamp():
            return kept
        clubs = ctx.site.clubs()
        if club is not None and club not in clubs:
            raise HTTPException(404, _("no such club"))
        stamp, figures = ctx.site.figures(club)
        view = season_view(figures)
        keys = ctx.site.addresses()
        for shown, summary in zip(view["sessions"], in_order(figures), strict=True):
            shown["key"] = keys.key(summary.club, summary.name)
        # One club's season is the folder's page: no choice of club to offer.
        page = render("season.html", csrf=ctx.csrf, read_only=True, stamp=stamp,
                      clubs=clubs if len(clubs) > 1 or club else [], club=club, **view)
        ctx.season_pages[key] = (stamp, page)
        return stamp, page


def _season(request: Request) -> Response:
    ctx = context(request)
    club = request.query_params.get("club") or None
    stamp, page = season_page(ctx, club)

    def zipped() -> bytes:
        key = (i18n.language(), club)
        kept = ctx.season_zipped.get(key)
        if kept is None or kept[0] != stamp:
            kept = (stamp, gzip.compress(page.encode("utf-8"), ZIP_LEVEL))
            ctx.season_zipped[key] = kept
        return kept[1]
    return html_answer(request, page.encode("utf-8"), zipped)


ZIP_LEVEL = 6


def html_answer(request: Request, page: bytes, zipped: Callable[[], bytes]) -> Response:
    """A kept page, compressed once per version for the browsers that take gzip (they all
    do: the season page of 2,000 nights, 1 MB, is 82 KB so)."""
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        return Response(zipped(), media_type="text/html; charset=utf-8",
                        headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return HTMLResponse(page)


def _season_stamp(request: Request) -> Response:
    return PlainTextResponse(context(request).site.stamp(), headers=NO_STORE)


def polled(endpoint, fast):
    """A stamp that every open page asks for each second: answered at once, without a worker
    thread, when the process read the season's stamp less than STAMP_TTL ago (``fast``
    gives the answer then, else None), else by ``endpoint`` in a thread."""
    slow = threaded(endpoint)

    async def run(request: Request) -> Response:
        said = fast(request)
        if said is None:
            return await slow(request)
        return PlainTextResponse(said, headers=NO_STORE)
    run.__name__ = endpoint.__name__.lstrip("_")
    return run


def _fresh_season_stamp(request: Request) -> str | None:
    return context(request).site.fresh_stamp()


def _fresh_session_stamp(request: Request) -> str | None:
    ctx = context(request)
    stamp = ctx.site.fresh_stamp()
    known = ctx.kept.get((request.path_params["name"], i18n.language()))
    return known.sha[:16] if stamp is not None and known is not None and known.seen == stamp else None


# ------------------------------------------------------------------ one session
def current_sha(ctx: SiteContext, name: str) -> str:
    """The session's sha256 now (a 404 when there is none): read again only when the season's
    stamp moved since it was last confirmed."""
    stamp = ctx.site.stamp()
    with ctx.lock:
        known = ctx.kept.get((name, i18n.language()))
    if known is not None and known.seen == stamp:
        return known.sha
    sha = ctx.site.sha(name)
    if sha is None:
        raise HTTPException(404, _("no such record"))
    if known is not None and known.sha == sha:
        known.seen = stamp
    return sha


def session_digest(ctx: SiteContext, name: str) -> Digest:
    """The session's digest in the request's language, read from the database when it is not
    kept at its current sha256 (once, however many ask at once)."""
    key = (name, i18n.language())
    sha = current_sha(ctx, name)
    with ctx.lock:
        known = ctx.kept.get(key)
        if known is not None and known.sha == sha:
            ctx.kept.move_to_end(key)
            return known.digest
        reading = ctx.reading.setdefault(key, threading.Lock())
    with reading:
        with ctx.lock:
            known = ctx.kept.get(key)
        if known is not None and known.sha == sha:
            return known.digest
        stamp = ctx.site.stamp()
        stored = ctx.site.session(name)
        if stored is None:
            raise HTTPException(404, _("no such record"))
        if stored.record is None:
            raise HTTPException(422, i18n.fill(_("{name}: exported before the database kept its record; "
                                                 "export it again to see its pages"), name=name))
        try:
            found = digest_text(stored.record, name, None, stored.rules)
        except Unreadable as exc:
            raise HTTPException(422, str(exc)) from None
        _keep(ctx, key, Kept(stored.sha256, stamp, found))
        return found


def _keep(ctx: SiteContext, key: tuple[str, str], kept: Kept) -> None:
    with ctx.lock:
        ctx.kept[key] = kept
        ctx.kept.move_to_end(key)
        ctx.reading.pop(key, None)
        rows = sum(len(k.digest.rows) for k in ctx.kept.values())
        while len(ctx.kept) > 1 and (len(ctx.kept) > KEEP or rows > KEEP_ROWS):
            _, gone = ctx.kept.popitem(last=False)
            rows -= len(gone.digest.rows)


def session_page(ctx: SiteContext, name: str, request: Any) -> bytes:
    """The session page for ``request``'s query (its page of hands), made once per version of
    the session and kept with its digest: drawing its charts costs more than reading it."""
    d = session_digest(ctx, name)
    query = str(request.query_params)
    with ctx.lock:
        kept = ctx.kept.get((name, i18n.language()))
    if kept is None or kept.digest is not d:  # gone or replaced meanwhile: made, not kept
        return bytes(session_answer(ctx, request, d, current_sha(ctx, name)[:16]).body)
    page = kept.pages.get(query)
    if page is None:
        page = bytes(session_answer(ctx, request, d, kept.sha[:16]).body)
        with ctx.lock:
            if len(kept.pages) >= PAGES:
                kept.pages.clear()
                kept.zipped.clear()
            kept.pages[query] = page
    return page


def _session(request: Request) -> Response:
    ctx, name = context(request), request.path_params["name"]
    page = session_page(ctx, name, request)
    query = str(request.query_params)

    def zipped() -> bytes:
        with ctx.lock:
            kept = ctx.kept.get((name, i18n.language()))
        if kept is None or kept.pages.get(query) is not page:
            return gzip.compress(page, ZIP_LEVEL)
        found = kept.zipped.get(query)
        if found is None:
            found = gzip.compress(page, ZIP_LEVEL)
            with ctx.lock:
                kept.zipped[query] = found
        return found
    return html_answer(request, page, zipped)


class _Asked:
    """What a page made ahead of any request reads of one: no query."""

    query_params: dict[str, str] = {}


def warm(ctx: SiteContext) -> None:
    """Make the season page and the latest ``WARM`` sessions' pages, in the languages pages
    were asked in (the server's own at first), so that their first readers find them made."""
    for lang in sorted({lang for lang, _club in ctx.season_pages}) or [i18n.language()]:
        with i18n.speaking(lang):
            season_page(ctx, None)
            for name in ctx.site.latest(WARM):
                with answering(f"/session/{name}"):
                    try:
                        session_page(ctx, name, _Asked())
                    except HTTPException:  # gone meanwhile, or exported before the records
                        continue


def keep_warm(ctx: SiteContext, say: Callable[[str], None] | None = None) -> None:
    """``warm`` now (and ``say`` so), then the season page again whenever the season changes
    (a thread's loop, for ever): the first reader after an export finds it made. A database
    away for a while is logged, and tried again a second later."""
    import logging
    import time
    began = time.perf_counter()
    try:
        warm(ctx)
    except Exception:  # noqa: BLE001  (the database went away: the pages will say so)
        logging.getLogger("reversis_score.serve").exception("serve: warming the pages")
    # What was made is kept for long: out of the collector's full passes, which would
    # otherwise walk every kept night's objects while a reader waits.
    gc.freeze()
    if say is not None:
        seconds = round(time.perf_counter() - began, 1)
        say(i18n.fill(_("the season page and the latest nights' pages are made ({seconds} s)"),
                      seconds=f"{seconds:.1f}" if i18n.language() == "en" else i18n.number(seconds)))
    while True:
        time.sleep(1.0)
        try:
            stamp = ctx.site.stamp()
            for (lang, club), (made, _page) in list(ctx.season_pages.items()):
                if made != stamp:
                    with i18n.speaking(lang):
                        season_page(ctx, club)
        except Exception:  # noqa: BLE001
            logging.getLogger("reversis_score.serve").exception("serve: remaking the season page")


def _session_stamp(request: Request) -> Response:
    ctx = context(request)
    return PlainTextResponse(current_sha(ctx, request.path_params["name"])[:16], headers=NO_STORE)


def _hand(request: Request) -> Response:
    ctx, name = context(request), request.path_params["name"]
    return hand_answer(ctx, request, name, session_digest(ctx, name))


def _why(request: Request) -> Response:
    ctx, name = context(request), request.path_params["name"]
    return why_answer(ctx, request, name, session_digest(ctx, name))


# ------------------------------------------------------------------ the app
def threaded(endpoint):
    """An endpoint that reads the database runs in a worker thread; a database that cannot
    answer now (no free connection, or gone away) is a 503 page, never a traceback."""
    async def run(request: Request) -> Response:
        try:
            return await run_in_threadpool(endpoint, request)
        except Busy:
            raise HTTPException(503, _("the season's database does not answer now: try again in a "
                                       "moment")) from None
        except (TargetProblem, SiteProblem) as exc:
            raise HTTPException(503, str(exc)) from None
    run.__name__ = endpoint.__name__.lstrip("_")
    return run


# A session's pages by what follows its key, each with the route its address is made from
# again (the language switch's link: serve/language.py's ``route_path``).
SESSION_PAGES = {
    (): Route("/session/{name:path}", threaded(_session), name="session"),
    ("stamp",): Route("/session/{name:path}/stamp", polled(_session_stamp, _fresh_session_stamp),
                      name="session_stamp"),
    ("why",): Route("/session/{name:path}/why", threaded(_why), name="why"),
    ("hand",): Route("/session/{name:path}/hand/{number:int}", threaded(_hand), name="hand"),
}


async def _session_pages(request: Request) -> Response:
    """``/session/KEY[/stamp|/why|/hand/N]``: KEY has one part or two (CLUB/NAME) as the season
    has one club or more (dbsite.py's ``addresses``), so an address is read one way only."""
    ctx = context(request)
    keys = ctx.site.fresh_addresses() or await threaded(lambda _asked: ctx.site.addresses())(request)
    parts = request.path_params["rest"].split("/")
    if len(parts) == 1 and keys.clubs and len(keys.names.get(parts[0], ())) == 1:
        # A name's address from the days of one club (a link kept): its one session's.
        return RedirectResponse("/session/" + quote(keys.names[parts[0]][0]), status_code=301)
    key, tail = "/".join(parts[:keys.parts()]), parts[keys.parts():]
    number = None
    if len(tail) == 2 and tail[0] == "hand" and tail[1].isascii() and tail[1].isdigit():
        number = int(tail.pop())
    route = SESSION_PAGES.get(tuple(tail)) if len(parts) >= keys.parts() else None
    if route is None or (tail == ["hand"] and number is None):
        raise HTTPException(404, _("no such record"))
    request.scope["route"] = route
    request.scope["path_params"] = {"name": key} if number is None else {"name": key, "number": number}
    return await route.endpoint(request)


def routes() -> list[BaseRoute]:
    """The pages (GET only): the folder's addresses, without entry."""
    return [
        Route("/", threaded(_season), name="season"),
        Route("/stamp", polled(_season_stamp, _fresh_season_stamp), name="season_stamp"),
        Route("/session/{rest:path}", _session_pages, name="session"),
    ]


def create_site_app(site: Site, *, token: str | None = None,
                    hosts: frozenset[str] = frozenset()) -> Starlette:
    """The app serving the season database ``site`` (see the module docstring); ``hosts``:
    the names a reverse proxy passes on (besides the loopback ones) when there is no token."""
    from reversis_score.serve.app import STATIC, middleware, refused
    app = Starlette(routes=[*routes(), Mount("/static", app=StaticFiles(directory=STATIC), name="static")],
                    middleware=middleware(token, hosts), exception_handlers={HTTPException: refused})
    app.state.ctx = SiteContext(site, token)
    return app
