"""The pages: the season, a session, a hand trick by trick, and why one player owes another.

Each route reads the record through ``ctx.record_path`` (a 404 outside FOLDER) and the
library (read again when the file changes), builds its data in views.py or season.py, and
renders a template. The ``…/stamp`` routes answer a short text that changes when the page
would: live.js polls them and refreshes the page in place.
"""
from __future__ import annotations

import hashlib

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from reversis_score.serve.context import ServeContext, context_of
from reversis_score.serve.library import Loaded, Unreadable, stamp_of
from reversis_score.serve.season import season_view
from reversis_score.serve.views import hand_view, session_view, why_view

NO_STORE = {"Cache-Control": "no-store"}


def season_stamp(ctx: ServeContext) -> str:
    """Changes when any record of the folder appears, changes or goes."""
    digest = hashlib.sha256()
    for name in ctx.record_names():
        try:
            digest.update(f"{name}\0{stamp_of(ctx.record_path(name))}\n".encode())
        except (OSError, HTTPException):
            continue
    return digest.hexdigest()[:16]


def _season(request: Request) -> Response:
    ctx = context_of(request)
    stamp = season_stamp(ctx)
    kept = ctx.season_page
    if kept is not None and kept[0] == stamp:  # no record changed: the page is the same
        return HTMLResponse(kept[1])
    summaries, unreadable = [], []
    for name in ctx.record_names():
        try:
            found = ctx.library.summary(ctx.record_path(name), name)
        except (OSError, HTTPException):  # gone between the listing and the reading
            continue
        if isinstance(found, str):
            unreadable.append((name, found))
        else:
            summaries.append(found)
    response = ctx.page(request, "season.html", stamp=stamp, **season_view(summaries, unreadable))
    ctx.season_page = (stamp, bytes(response.body).decode("utf-8"))
    return response


def _loaded(request: Request) -> tuple[ServeContext, str, Loaded]:
    ctx = context_of(request)
    name = request.path_params["name"]
    path = ctx.record_path(name)
    try:
        return ctx, name, ctx.library.ledger(path, name)
    except FileNotFoundError:
        raise HTTPException(404, "no such record") from None
    except Unreadable as exc:
        raise HTTPException(422, str(exc)) from None


def _session(request: Request) -> Response:
    ctx, name, loaded = _loaded(request)
    return ctx.page(request, "session.html", stamp=_stamp(loaded), **session_view(loaded.ledger, name))


def _hand(request: Request) -> Response:
    ctx, name, loaded = _loaded(request)
    ledger = loaded.ledger
    numbers = [h.number for h in ledger.settled]
    number = request.path_params["number"]
    hand = next((h for h in ledger.settled if h.number == number), None)
    if hand is None:
        raise HTTPException(404, f"no settled hand {number} in {name}")
    view = hand_view(ledger, hand)
    last = len(view["steps"]) - 1
    try:
        shown = min(max(int(request.query_params.get("step", "0")), 0), last)
    except ValueError:
        shown = 0
    at = numbers.index(number)
    return ctx.page(request, "hand.html", name=name, title=_title(ledger), shown=shown, last=last,
                    prev=numbers[at - 1] if at else None,
                    next=numbers[at + 1] if at + 1 < len(numbers) else None, **view)


def _why(request: Request) -> Response:
    ctx, name, loaded = _loaded(request)
    ledger = loaded.ledger
    players = list(ledger.players)
    a = request.query_params.get("a", players[0] if players else "")
    b = request.query_params.get("b", players[1] if len(players) > 1 else "")
    if a not in players or b not in players or a == b:
        raise HTTPException(400, f"pick two different players of this session ({', '.join(players)})")
    return ctx.page(request, "why.html", name=name, title=_title(ledger), players=players,
                    **why_view(ledger, a, b))


def _title(ledger) -> str:
    return ledger.session.header.title or ledger.session.file


def _stamp(loaded: Loaded) -> str:
    return "-".join(map(str, loaded.stamp))


def _session_stamp(request: Request) -> Response:
    ctx = context_of(request)
    try:
        stamp = "-".join(map(str, stamp_of(ctx.record_path(request.path_params["name"]))))
    except FileNotFoundError:
        raise HTTPException(404, "no such record") from None
    return PlainTextResponse(stamp, headers=NO_STORE)


def _season_stamp(request: Request) -> Response:
    return PlainTextResponse(season_stamp(context_of(request)), headers=NO_STORE)


def threaded(endpoint):
    """An endpoint that reads files and settles records runs in a worker thread."""
    async def run(request: Request) -> Response:
        return await run_in_threadpool(endpoint, request)
    run.__name__ = endpoint.__name__.lstrip("_")
    return run


def routes() -> list[BaseRoute]:
    """The pages everyone with access may read (GET only)."""
    return [
        Route("/", threaded(_season), name="season"),
        Route("/stamp", threaded(_season_stamp), name="season_stamp"),
        Route("/session/{name}", threaded(_session), name="session"),
        Route("/session/{name}/stamp", threaded(_session_stamp), name="session_stamp"),
        Route("/session/{name}/hand/{number:int}", threaded(_hand), name="hand"),
        Route("/session/{name}/why", threaded(_why), name="why"),
    ]
