"""A night marked paid at the table from its session page (mounted with entry, unless
``--read-only``).

- ``POST /session/{name}/paid``: form fields ``paid`` (``yes`` or ``no``) and ``csrf``; the
  record's header gains the line ``paid: yes`` (``réglé: oui`` in a French record), or loses
  it; then the session page (303). The season's settle-up leaves a night so marked out.

The record is written as ``record`` writes it (record/store.py: locked against a second
writer, the whole file renamed into place), under the folder's entry lock for that file, so
a tap at the table and this never write over each other. Only the ``paid: yes``/``no`` line
changes: the ``paid: A -> B N`` lines (sums handed over) stay as written.
"""
from __future__ import annotations

import re
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from reversis_score.i18n import _
from reversis_score.notation.french import FIRST_HAND, record_language
from reversis_score.serve.context import context_of
from reversis_score.serve.entry import entry_of
from reversis_score.serve.security import csrf_protected

# A ``paid: yes`` or ``paid: no`` line (or its French spelling), not a sum handed over.
_PAID_LINE = re.compile(r"^[ \t]*(?:paid|réglé)[ \t]*:[ \t]*(?:yes|no|oui|non)[ \t]*(?:#.*)?\n", re.M | re.I)


def with_paid(text: str, paid: bool) -> str:
    """The record with its night marked paid at the table, or not: the line at the end of the
    header (before the first hand), in the record's language.

    >>> with_paid("players: A B C D\\n\\nhand 1\\n", True)
    'players: A B C D\\npaid: yes\\n\\nhand 1\\n'
    >>> with_paid("players: A B C D\\npaid: yes\\n\\nhand 1\\n", False)
    'players: A B C D\\n\\nhand 1\\n'
    >>> with_paid("langue: fr\\njoueurs: A B C D\\n\\ncoup 1\\ndonneur: A\\n", True)
    'langue: fr\\njoueurs: A B C D\\nréglé: oui\\n\\ncoup 1\\ndonneur: A\\n'
    """
    first = FIRST_HAND.search(text)
    cut = first.start() if first else len(text)
    head, rest = _PAID_LINE.sub("", text[:cut]), text[cut:]
    if not paid:
        return head + rest
    line = "réglé: oui\n" if record_language(head) == "fr" else "paid: yes\n"
    body = head.rstrip("\n")
    trailing = head[len(body):]  # the blank lines between the header and the first hand
    return (body + "\n" if body else "") + line + trailing[1:] + rest


def _write(entry, path: Path, paid: bool) -> None:
    from reversis_score.record.store import Store
    with entry.lock(path):
        store = Store(path)
        try:
            store.sync(with_paid(store.read(), paid))
        finally:
            store.close()


@csrf_protected
async def paid(request: Request) -> Response:
    ctx = context_of(request)
    name = request.path_params["name"]
    path = ctx.record_path(name)
    form = await request.form()
    wanted = form.get("paid")
    if wanted not in ("yes", "no"):
        raise HTTPException(400, _("say {yes} or {no}").format(yes="paid=yes", no="paid=no"))
    try:
        await run_in_threadpool(_write, entry_of(request), path, wanted == "yes")
    except Exception as exc:  # busy (another writer), the disk full: said, nothing changed
        return PlainTextResponse(_("409: the record could not be written ({why}); nothing was changed")
                                 .format(why=type(exc).__name__), 409)
    return RedirectResponse(request.url_for("session", name=name), 303)


routes: list[BaseRoute] = [Route("/session/{name}/paid", paid, methods=["POST"], name="session_paid")]
