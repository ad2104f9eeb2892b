"""The routes of a hand reopened to be corrected (serve/correction.py does the work):

- ``GET /entry/{name}/hand/{number}``: the entry page of that hand (entry.html), a card
  changed where it lies;
- ``GET /entry/{name}/hand/{number}/view``: its view as JSON;
- ``POST /entry/{name}/hand/{number}/tap``: ``{"seen", "fix": {"trick", "player", "card"}}``
  for a card-by-card hand, ``{"seen", "entries": [lines]}`` for a hand by its events (the
  events page, /entry/{name}/events?hand=N); answers as entry's tap does.
"""
from __future__ import annotations

from functools import partial
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversis_score.i18n import _
from reversis_score.serve.context import SUFFIX, context_of
from reversis_score.serve.correction import correct, correct_events, correction_view
from reversis_score.serve.entry import MAX_ENTRY, _answer, _fix_field, _json, _run, entry_of
from reversis_score.serve.entry_model import MAX_PENDING
from reversis_score.serve.entry_words import page_words
from reversis_score.serve.library import stamp_of
from reversis_score.serve.security import csrf_protected


async def page(request: Request) -> Response:
    ctx = context_of(request)
    path = ctx.record_path(request.path_params["name"])
    result = await _run(partial(correction_view, entry_of(request)), path, request.path_params["number"])
    if isinstance(result, str):
        return ctx.page(request, "refused.html", status=409, code=409, message=result)
    name = path.name.removesuffix(SUFFIX)
    stamp = "-".join(map(str, stamp_of(path)))
    return ctx.page(request, "entry.html", name=name, view=result.view, stamp=stamp, words=page_words(),
                    base=f"/entry/{quote(name)}/hand/{result.view['correcting']}")


async def view(request: Request) -> Response:
    path = context_of(request).record_path(request.path_params["name"])
    result = await _answer(partial(correction_view, entry_of(request)), path, request.path_params["number"])
    return result if isinstance(result, Response) else _json(result)


@csrf_protected
async def tap(request: Request) -> Response:
    path = context_of(request).record_path(request.path_params["name"])
    try:
        body = await request.json()
    except (ValueError, RecursionError):
        return JSONResponse({"error": _("the tap is not JSON")}, 400)
    fix = _fix_field(body.get("fix")) if isinstance(body, dict) else None
    seen = body.get("seen") if isinstance(body, dict) else None
    lines = body.get("entries") if isinstance(body, dict) else None
    number = request.path_params["number"]
    if fix is None and isinstance(seen, str) and _lines(lines):  # an events hand, sent whole by its page
        result = await _answer(partial(correct_events, entry_of(request)), path, number, seen, lines)
        return result if isinstance(result, Response) else _json(result)
    if fix is None or not isinstance(seen, str):
        return JSONResponse({"error": _("a reopened hand takes a card changed where it lies: tap a card "
                                        "played, then the card played instead")}, 422)
    result = await _answer(partial(correct, entry_of(request)), path, number, seen, fix)
    return result if isinstance(result, Response) else _json(result)


def _lines(lines) -> bool:
    """Whether ``lines`` is a hand's lines as the events page sends them (bounded, one line each)."""
    return isinstance(lines, list) and 0 < len(lines) <= MAX_PENDING and all(
        isinstance(x, str) and len(x) <= MAX_ENTRY and "\n" not in x and "\r" not in x for x in lines)


routes: list[BaseRoute] = [
    Route("/entry/{name}/hand/{number:int}", page, methods=["GET"], name="entry_correct"),
    Route("/entry/{name}/hand/{number:int}/view", view, methods=["GET"], name="entry_correct_view"),
    Route("/entry/{name}/hand/{number:int}/tap", tap, methods=["POST"], name="entry_correct_tap"),
]
