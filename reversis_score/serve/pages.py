"""The pages: the season, a session, a hand trick by trick, and why one player owes another.

Each route reads the record through ``ctx.record_path`` (a 404 outside FOLDER) and the
library (read again when the file changes), builds its data in views.py or season.py, and
renders a template. The ``…/stamp`` routes answer a short text that changes when the page
would: live.js polls them and refreshes the page in place.
"""
from __future__ import annotations

import hashlib
from typing import Any, cast

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from reversis_score import i18n
from reversis_score.i18n import _
from reversis_score.ledger.build import Ledger
from reversis_score.scrub import shortened
from reversis_score.serve.context import ServeContext, context_of
from reversis_score.serve.digest import Digest
from reversis_score.serve.language import route_path
from reversis_score.serve.library import Loaded, Unreadable, stamp_of
from reversis_score.serve.season import season_view
from reversis_score.serve.templating import render
from reversis_score.serve.views import (
    digest_session_view,
    digest_window,
    hand_page,
    pages_of,
    player_view,
    why_view,
)
from reversis_score.settle.pools import basket

NO_STORE = {"Cache-Control": "no-store"}


def season_stamp(ctx: ServeContext) -> str:
    """Changes when any record of the folder appears, changes or goes: the watch's count of
    changes (one read), or without a watch a digest of every record's stat."""
    watch = ctx.current_watch()
    if watch is not None:  # (the folder's inode: a folder replaced is another season)
        return f"w{watch.generation}-{ctx.watched[1] if ctx.watched else 0}-{ctx.started}"
    digest = hashlib.sha256()
    for name in ctx.record_names():
        try:
            digest.update(f"{name}\0{stamp_of(ctx.record_path(name))}\n".encode())
        except (OSError, HTTPException):
            continue
    return digest.hexdigest()[:16]


def season_page(ctx: ServeContext) -> tuple[str, str]:
    """The season page as the folder now stands, and its stamp: the one kept when no record
    changed, else made again (one request makes it; the others wait for it, not redo it)."""
    stamp = season_stamp(ctx)
    lang = i18n.language()  # a page, and the words in it, per language (the request's)
    kept = ctx.season_pages.get(lang)
    if kept is not None and kept[0] == stamp:  # no record changed: the page is the same
        return kept
    with ctx.season_lock:
        kept = ctx.season_pages.get(lang)
        if kept is not None and kept[0] == stamp:  # made while this request waited
            return kept
        summaries, unreadable = [], []
        names = ctx.record_names()
        for name in names:
            try:
                found = ctx.library.summary(ctx.record_path(name), name)
            except (FileNotFoundError, HTTPException):  # gone between the listing and the reading
                continue
            except OSError as exc:
                found = i18n.fill(_("{file}: cannot be read ({why})"), file=f"{name}.rvs",
                                  why=exc.strerror or _("an error of the system"))
            if isinstance(found, str):
                unreadable.append((name, found))
            else:
                summaries.append(found)
        ctx.library.forget_all_but({ctx.folder / (n + ".rvs") for n in names})
        page = render("season.html", csrf=ctx.csrf, read_only=ctx.read_only, stamp=stamp,
                      **season_view(summaries, unreadable))
        ctx.season_pages[lang] = (stamp, page)
        return stamp, page


def _season(request: Request) -> Response:
    return HTMLResponse(season_page(context_of(request))[1])


def warm(ctx: ServeContext) -> None:
    """Read every record and make the season page, so that the first visitor finds it made
    (at start-up, and again after each change the watch reports), in each language a page
    was asked in (the server's own language at first)."""
    for lang in sorted(ctx.season_pages) or [i18n.language()]:
        with i18n.speaking(lang):
            season_page(ctx)


class Elsewhere(Exception):
    """A record reached by another of its names (a symlink): its page is under its own name."""

    def __init__(self, name: str) -> None:
        self.name = name


def _loaded(request: Request) -> tuple[ServeContext, str, Loaded]:
    ctx = context_of(request)
    name = request.path_params["name"]
    path = ctx.record_path(name)
    listed = ctx.canonical(name)
    if listed != name:
        raise Elsewhere(listed)
    try:
        return ctx, name, ctx.library.loaded(path, name)
    except FileNotFoundError:
        raise HTTPException(404, _("no such record")) from None
    except Unreadable as exc:
        raise HTTPException(422, str(exc)) from None


def page_number(request: Request, pages: int) -> int:
    """``?page=N``: 1 to ``pages`` (1 when not given); anything else a 422 that says so."""
    return _bounded(request, "page", 1, pages, 1, _("'{value}' is not a page of this session: a whole "
                                                    "number from {lowest} to {highest}"))


def _bounded(request: Request, key: str, lowest: int, highest: int, default: int, words: str) -> int:
    """A number of the address, as the page allows it (``lowest`` to ``highest``): never cut to
    fit silently, never taken past it."""
    raw = request.query_params.get(key)
    if raw is None or raw == "":
        return default
    if raw.isascii() and raw.isdigit() and len(raw) < 10 and lowest <= int(raw) <= highest:
        return int(raw)
    raise HTTPException(422, i18n.fill(words, value=shortened(raw), lowest=lowest, highest=highest))


def _session(request: Request) -> Response:
    ctx, name, loaded = _loaded(request)
    return session_answer(ctx, request, loaded.digest, _stamp(loaded))


def session_answer(ctx: Any, request: Request, d: Digest, stamp: str) -> Response:
    """The session page of a digest (a folder's record, or a database's: serve/dbpages.py)."""
    view = digest_session_view(d, page_number(request, pages_of(len(d.rows))))
    return ctx.page(request, "session.html", stamp=stamp, **view)


def _hand(request: Request) -> Response:
    ctx, name, loaded = _loaded(request)
    return hand_answer(ctx, request, name, loaded.digest)


def hand_answer(ctx: Any, request: Request, name: str, d: Digest) -> Response:
    """A hand's page, its hand settled again alone from the digest."""
    number = request.path_params["number"]
    at = d.index_of(number)
    if at is None:
        raise HTTPException(404, i18n.fill(_("no settled hand {number} in {name}"), number=number,
                                               name=name))
    view = hand_page(d.players, d.hand(at), basket(d.rules.knobs.pools, d.rules.preset))
    last = len(view["steps"]) - 1
    shown = _bounded(request, "step", 0, last, 0, _("'{value}' is not a step of this hand: a whole number "
                                                     "from {lowest} to {highest}"))
    return ctx.page(request, "hand.html", name=name, title=d.title, shown=shown, last=last,
                    prev=d.rows[at - 1].number if at else None,
                    next=d.rows[at + 1].number if at + 1 < len(d.rows) else None, **view)


def _why(request: Request) -> Response:
    ctx, name, loaded = _loaded(request)
    return why_answer(ctx, request, name, loaded.digest)


def why_answer(ctx: Any, request: Request, name: str, d: Digest) -> Response:
    """The why page between two players, over 50 hands of the digest settled again."""
    players = list(d.players)
    a = request.query_params.get("a", players[0] if players else "")
    b = request.query_params.get("b", players[1] if len(players) > 1 else "")
    if not b and a in players:  # one name: his whole night, by whom and for what
        window, page, pages = digest_window(d, page_number(request, pages_of(len(d.rows))))
        return ctx.page(request, "why_player.html", name=name, title=d.title, players=players, page=page,
                        pages=pages, **player_view(cast(Ledger, window), a))
    if a not in players or b not in players or a == b:
        raise HTTPException(400, i18n.fill(_("pick two different players of this session ({players})"),
                                               players=", ".join(players)))
    window, page, pages = digest_window(d, page_number(request, pages_of(len(d.rows))))
    return ctx.page(request, "why.html", name=name, title=d.title, players=players, page=page,
                    pages=pages, **why_view(cast(Ledger, window), a, b))


def _stamp(loaded: Loaded) -> str:
    return "-".join(map(str, loaded.stamp))


def _session_stamp(request: Request) -> Response:
    ctx = context_of(request)
    try:
        stamp = "-".join(map(str, stamp_of(ctx.record_path(request.path_params["name"]))))
    except FileNotFoundError:
        raise HTTPException(404, _("no such record")) from None
    return PlainTextResponse(stamp, headers=NO_STORE)


async def _season_stamp(request: Request) -> Response:
    ctx = context_of(request)
    if ctx.current_watch() is not None:  # one integer and the folder's stat: no thread, no record touched
        return PlainTextResponse(season_stamp(ctx), headers=NO_STORE)
    return PlainTextResponse(await run_in_threadpool(season_stamp, ctx), headers=NO_STORE)


def threaded(endpoint):
    """An endpoint that reads files and settles records runs in a worker thread. A record's
    other name (a symlink to it) is sent to the same page under the name it is listed by."""
    async def run(request: Request) -> Response:
        try:
            return await run_in_threadpool(endpoint, request)
        except Elsewhere as moved:  # the same route under the listed name: a path of this site
            scope = {**request.scope, "path_params": {**request.path_params, "name": moved.name}}
            query = f"?{request.url.query}" if request.url.query else ""
            return RedirectResponse(route_path(scope) + query, status_code=303)
    run.__name__ = endpoint.__name__.lstrip("_")
    return run


def routes() -> list[BaseRoute]:
    """The pages everyone with access may read (GET only)."""
    return [
        Route("/", threaded(_season), name="season"),
        Route("/stamp", _season_stamp, name="season_stamp"),
        Route("/session/{name}", threaded(_session), name="session"),
        Route("/session/{name}/stamp", threaded(_session_stamp), name="session_stamp"),
        Route("/session/{name}/hand/{number:int}", threaded(_hand), name="hand"),
        Route("/session/{name}/why", threaded(_why), name="why"),
    ]
