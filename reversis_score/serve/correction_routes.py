"""The routes of a hand reopened to be corrected (serve/correction.py does the work):

- ``GET /entry/{name}/hand/{number}``: the entry page of that hand (entry.html), a card
  changed where it lies;
- ``GET /entry/{name}/hand/{number}/view``: its view as JSON;
- ``POST /entry/{name}/hand/{number}/tap``: ``{"seen", "fix": {"trick", "player", "card"}}``
  for a card-by-card hand, ``{"seen", "entries": [lines]}`` for a hand by its events (the
  events page, /entry/{name}/events?hand=N), ``{"seen", "trick": {"number", "cards"}}`` for
  a whole trick entered again (its four cards in order of play); answers as entry's tap does.
"""
from __future__ import annotations

from functools import partial
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversis_score.i18n import _
from reversis_score.serve.context import SUFFIX, context_of
from reversis_score.serve.correction import correct, correct_events, correct_trick, correction_view
from reversis_score.serve.entry import MAX_ENTRY, _fix_field, _run, entry_of, reply, tap_body
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
    return await reply(partial(correction_view, entry_of(request)), path, request.path_params["number"])


@csrf_protected
async def tap(request: Request) -> Response:
    body = await tap_body(request)
    if isinstance(body, Response):
        return body
    body = body if isinstance(body, dict) else {}
    fix, seen = _fix_field(body.get("fix")), body.get("seen")
    lines, trick = body.get("entries"), body.get("trick")
    if not isinstance(seen, str):
        fix = lines = trick = None
    at = (context_of(request).record_path(request.path_params["name"]), request.path_params["number"], seen)
    if fix is not None:
        return await reply(partial(correct, entry_of(request)), *at, fix)
    if isinstance(trick, dict) and _trick(trick):  # a whole trick again: {"number": 3, "cards": [4]}
        return await reply(partial(correct_trick, entry_of(request)), *at, trick["number"], trick["cards"])
    if _lines(lines):  # an events hand, sent whole by its page
        return await reply(partial(correct_events, entry_of(request)), *at, lines)
    return JSONResponse({"error": _("a reopened hand takes a card changed where it lies: tap a card "
                                    "played, then the card played instead")}, 422)


def _trick(trick: dict) -> bool:
    """Whether ``trick`` is a trick entered again as the page sends it: its number, four cards."""
    return type(trick.get("number")) is int and 1 <= trick["number"] <= 11 \
        and isinstance(trick.get("cards"), list) and len(trick["cards"]) == 4 \
        and all(isinstance(c, str) and len(c) <= 3 for c in trick["cards"])


def _lines(lines) -> bool:
    """Whether ``lines`` is a hand's lines as the events page sends them (bounded, one line each)."""
    return isinstance(lines, list) and 0 < len(lines) <= MAX_PENDING and all(
        isinstance(x, str) and len(x) <= MAX_ENTRY and "\n" not in x and "\r" not in x for x in lines)


routes: list[BaseRoute] = [
    Route("/entry/{name}/hand/{number:int}", page, methods=["GET"], name="entry_correct"),
    Route("/entry/{name}/hand/{number:int}/view", view, methods=["GET"], name="entry_correct_view"),
    Route("/entry/{name}/hand/{number:int}/tap", tap, methods=["POST"], name="entry_correct_tap"),
]
