"""Entry at the table: the routes (mounted by ``create_app`` unless ``--read-only``).

- ``GET /entry``: the records to continue, and the form for a new one (its header).
- ``POST /entry``: the new record (form fields, ``csrf``): its header checked as ``record``
  checks it, written, then the entry page (303).
- ``GET /entry/{name}``: the entry page of a record (entry.html, static/entry.js).
- ``GET /entry/{name}/view?seen=H&p=E&p=E``: the page's view as JSON (a reload sends the
  entries ``record`` does not write again, kept in the page's session storage).

The page stays live as the other pages do: it polls ``/session/{name}/stamp`` (pages.py)
every second and, when the file changed, asks for its view again.
- ``POST /entry/{name}/tap``: JSON ``{"seen", "pending", "entries"}`` with the header
  ``X-CSRF-Token`` (and ``"fix": {"trick", "player", "card"}`` to change a card played,
  with no entries); answers ``{"view", "said", "refused", "conflict", "wrote"}``: 200 taken,
  422 refused (the reasons ``record`` gives), 409 when the file changed under the page
  (``entry_model.CONFLICT``), or ``{"error"}`` with 409 when the record cannot be entered.

Every route works on ``ctx.record_path`` (no name leads out of the folder) and writes only
through ``entry_model.Entry`` (the file the only state, one writer at a time).
"""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from reversis_score.i18n import _, fill
from reversis_score.render.rvs import quote
from reversis_score.rules.presets import ALL as PRESETS
from reversis_score.scrub import shortened
from reversis_score.serve.context import MAX_NAME_BYTES, SUFFIX, context_of
from reversis_score.serve.entry_model import MAX_PENDING, Entry, EntryError, Fix, Result
from reversis_score.serve.entry_words import for_people, page_words
from reversis_score.serve.library import stamp_of
from reversis_score.serve.security import csrf_protected

MAX_ENTRY = 400  # characters in one entry: a deal line is about 50


def entry_of(request: Request) -> Entry:
    """The app's one Entry (its locks and resumed Recorders), made on first use."""
    ctx = context_of(request)
    found = getattr(request.app.state, "entry", None)
    if found is None:
        found = request.app.state.entry = Entry(ctx.folder)
    return found


# ------------------------------------------------------------ the records and a new one
async def index(request: Request) -> Response:
    return form_page(request, {}, [])


def form_page(request: Request, values: dict[str, str], refused: list[str], status: int = 200) -> Response:
    ctx = context_of(request)
    houses = sorted(p.name for p in ctx.folder.glob("*.toml") if p.is_file())
    return ctx.page(request, "entry_index.html", status=status, names=ctx.record_names(),
                    values=values, refused=refused, presets=[p.name for p in PRESETS], houses=houses,
                    today=dt.date.today().isoformat())


@csrf_protected
async def create(request: Request) -> Response:
    form = await request.form()
    values = {k: str(v).strip() for k, v in form.items() if isinstance(v, str) and k != "csrf"}
    typed = values.get("file", "")
    values["file"] = file_name(typed)
    name = values["file"].removesuffix(SUFFIX)
    problems = _form_problems(values, name)
    if values["file"] != typed and not problems:
        problems = [fill(_("the file name keeps only printable characters (no control, bidi or zero-width "
                           "ones): it is now '{file}'; send the form again to create it"),
                         file=values["file"])]
    if problems:
        return form_page(request, values, problems, 400)
    try:
        path = context_of(request).record_path(name, must_exist=False)
    except HTTPException:
        return form_page(request, values, [fill(_("'{name}' cannot be a record's name: a plain file name, "
                                                  "without '/' or a leading '.'"), name=name)], 400)
    try:
        result = await run_in_threadpool(entry_of(request).create, path, header_lines(values),
                                         values.get("lang") == "fr")
    except EntryError as exc:  # 409, or 507 for a full disk
        return form_page(request, values, [context_of(request).shown(str(exc))], exc.status)
    if result.refused:
        return form_page(request, values, [for_people(r) for r in result.refused], 400)
    return RedirectResponse(f"/entry/{path.name.removesuffix(SUFFIX)}", status_code=303)


def file_name(typed: str) -> str:
    """The form's file name with only printable characters: no control character (ESC, BEL,
    TAB), no bidi control (U+202E) and no zero-width one; spaces at either end dropped."""
    return "".join(c for c in typed if c.isprintable() and c not in _INVISIBLE).strip()


_INVISIBLE = {"\u00ad", "\u034f", "\u115f", "\u1160", "\u3164", "\uffa0"}  # printable, yet unseen


def _form_problems(values: dict[str, str], name: str) -> list[str]:
    problems = []
    if not name:
        problems.append(_("the record needs a file name"))
    elif len(name.encode("utf-8")) > MAX_NAME_BYTES:
        problems.append(fill(_("the file name is too long: at most {most} bytes"), most=MAX_NAME_BYTES))
    if any(not values.get(f"player{i}") for i in range(1, 5)):
        problems.append(_("the four players are needed, in order of play"))
    if any(len(v) > 200 or "\n" in v or "\r" in v for v in values.values()):
        problems.append(_("a field is too long, or holds a line break"))
    stake = values.get("stake", "")
    if stake and not (stake.isascii() and stake.isdigit()):
        problems.append(fill(_("'{stake}' is not a stake: the stake is a whole number of fish, such as 100 "
                               "(or nothing)"), stake=stake))
    if any("#" in v for k, v in values.items() if k != "file"):
        problems.append(_("a '#' begins a comment in a .rvs record: leave it out of the header"))
    return problems


def header_lines(values: dict[str, str]) -> list[str]:
    """The header as ``record`` would be given it (``session: ...`` lines)."""
    lines = []
    if values.get("session"):
        lines.append(f"session: {values['session']}")
    if values.get("date"):
        lines.append(f"date: {values['date']}")
    lines.append("players: " + " ".join(quote(values[f"player{i}"]) for i in range(1, 5)))
    if values.get("rules"):
        lines.append(f"rules: {values['rules']}")
    if values.get("stake"):
        lines.append(f"stake: {values['stake']}")
    return lines


# ------------------------------------------------------------ one record
async def page(request: Request) -> Response:
    ctx = context_of(request)
    path = ctx.record_path(request.path_params["name"])
    result = await _run(entry_of(request).view, path)
    if isinstance(result, Refusal):
        return ctx.page(request, "refused.html", status=result.status, code=result.status, message=result)
    stamp = "-".join(map(str, stamp_of(path)))  # as /session/{name}/stamp says it
    return ctx.page(request, "entry.html", name=path.name.removesuffix(SUFFIX), view=result.view,
                    stamp=stamp, words=page_words())


async def view(request: Request) -> Response:
    path = context_of(request).record_path(request.path_params["name"])
    pending = tuple(request.query_params.getlist("p"))
    if len(pending) > MAX_PENDING or any(len(p) > MAX_ENTRY or "\n" in p for p in pending):
        return JSONResponse({"error": _("too many entries in the page's address: reload the page")}, 400)
    result = await _answer(entry_of(request).view, path, pending, request.query_params.get("seen"))
    return result if isinstance(result, Response) else _json(result)


@csrf_protected
async def tap(request: Request) -> Response:
    path = context_of(request).record_path(request.path_params["name"])
    body = await tap_body(request)
    if isinstance(body, Response):
        return body
    fix = body.get("fix") if isinstance(body, dict) else None
    trick = fix.get("trick", 1) if isinstance(fix, dict) else 1
    if type(trick) is int and not 1 <= trick <= 11:  # the game's bound (not a number at all: a 400 below)
        return JSONResponse({"error": fill(_("trick numbers run from 1 to 11, not {value}"),
                                           value=shortened(str(trick)))}, 422)
    sent = _tap_fields(body)
    if sent is None:
        return JSONResponse({"error": _("a tap is {seen, pending, entries}: strings")}, 400)
    result = await _answer(entry_of(request).tap, path, *sent)
    return result if isinstance(result, Response) else _json(result)


async def tap_body(request: Request) -> Any:
    """The tap's JSON body, or the 400 answer saying why it cannot be read (not JSON, or a
    string that is not text)."""
    try:
        body = await request.json()
    except (ValueError, RecursionError):  # RecursionError: JSON nested thousands deep
        return JSONResponse({"error": _("the tap is not JSON")}, 400)
    if not _is_text(body):
        return JSONResponse({"error": _("the tap holds a character that is not text (a lone surrogate, "
                                        "such as \\ud800): nothing was entered")}, 400)
    return body


def _is_text(body: Any) -> bool:
    """Whether every string of the tap is text (JSON's ``"\\ud800"``, a lone surrogate, is not:
    it can be neither written to a record nor sent back)."""
    try:
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, ValueError, RecursionError):
        return False
    return True


def _tap_fields(body: Any) -> tuple[str, tuple[str, ...], list[str], Fix | None] | None:
    if not isinstance(body, dict):
        return None
    seen_, pending, entries = body.get("seen"), body.get("pending", []), body.get("entries")
    fix = _fix_field(body.get("fix"))
    if fix is not None and entries == []:
        entries = ["fix"]  # (the entry is the fix itself)
    fields = [seen_, *pending, *entries] if isinstance(pending, list) and isinstance(entries, list) else None
    if not fields or not entries or not all(isinstance(f, str) and len(f) <= MAX_ENTRY for f in fields):
        return None
    if not isinstance(seen_, str) or any("\n" in e or "\r" in e for e in [*pending, *entries]):
        return None
    if "fix" in body and fix is None:
        return None
    return seen_, tuple(pending), list(entries), fix


def _fix_field(fix: Any) -> Fix | None:
    """``{"trick": 2, "player": "Hugo", "card": "5H"}``: a card played to be changed."""
    if not isinstance(fix, dict):
        return None
    trick, player, card = fix.get("trick"), fix.get("player"), fix.get("card")
    if not isinstance(trick, int) or not 1 <= trick <= 11 or not isinstance(player, str) \
            or not isinstance(card, str) or len(player) > MAX_ENTRY or len(card) > 3:
        return None
    return trick, player, card


class Refusal(str):
    """Why the record cannot be entered (a message), and the status to answer it with."""

    status = 409


async def _run(method, path: Path, *args) -> Result | Refusal:
    """What the Entry method answers, or why the record cannot be entered (without the
    server's paths)."""
    try:
        return await run_in_threadpool(method, path, *args)
    except EntryError as exc:
        refusal = Refusal(_local(path, str(exc)))
        refusal.status = exc.status
        return refusal


def _local(path: Path, message: str) -> str:
    folder = str(path.parent)
    return message.replace(folder + "/", "").replace(folder, "FOLDER")


async def _answer(method, path: Path, *args) -> Result | Response:
    result = await _run(method, path, *args)
    return JSONResponse({"error": result}, result.status) if isinstance(result, Refusal) else result


async def reply(method, path: Path, *args) -> Response:
    """What the Entry method (or a correction) answers, as the page's JSON, or why not."""
    result = await _answer(method, path, *args)
    return result if isinstance(result, Response) else _json(result)


def _json(result: Result) -> Response:
    status = 409 if result.conflict else 422 if result.refused else 200
    return JSONResponse({"view": result.view, "said": result.said, "refused": result.refused,
                         "conflict": result.conflict, "wrote": result.wrote}, status,
                        headers={"Cache-Control": "no-store"})


routes: list[BaseRoute] = [
    Route("/entry", index, methods=["GET"], name="entry"),
    Route("/entry", create, methods=["POST"], name="entry_new"),
    Route("/entry/{name}", page, methods=["GET"], name="entry_page"),
    Route("/entry/{name}/view", view, methods=["GET"], name="entry_view"),
    Route("/entry/{name}/tap", tap, methods=["POST"], name="entry_tap"),
]
