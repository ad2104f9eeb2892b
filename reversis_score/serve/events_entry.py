"""Entry at the table by events: a hand in a few taps (the party, the talon, each Ace and
Quinola), for a table that played with counters and remembers what was paid for.

- ``GET /entry/{name}/events``: the page (events.html, static/events.js).

The page has no route that writes of its own: it sends the hand as one tap to
``POST /entry/{name}/tap`` (entry.py), as the lines ``record`` takes (``dealer: NAME``,
``events:``, one line an event, then Enter), so the Recorder checks them and the Entry
writes them, all or nothing, as for any entry.
"""
from __future__ import annotations

from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from reversis_score.i18n import N_, _, fill
from reversis_score.serve.context import SUFFIX, context_of
from reversis_score.serve.entry import Refusal, _run, entry_of
from reversis_score.serve.library import stamp_of

TRICKS = tuple(range(1, 12))
CARDS = (("AS", "A♠"), ("AH", "A♥"), ("AD", "A♦"), ("AC", "A♣"), ("JH", N_("Quinola")))
# The words the page's script writes itself (static/events.js), by key, in the reader's
# language; {name} is filled there ({de_name}: « de Bruno », « d’Anne », as i18n.fill).
EVENT_WORDS = {
    "quinola": N_("Quinola"),
    "jh": N_("J♥"),
    "how": N_("{card}, {player}'s: how did it go?"),
    "took": N_("{player} took the trick"),
    "forced_on": N_("forced on {player}'s lead"),
    "led_it": N_("{player} led it"),
    "was_led": N_("trick {trick}: {player} led {card}"),
    "was_forced": N_("trick {trick}: {player}'s {card} forced on {other}'s lead"),
    "was_placed": N_("trick {trick}: {player} placed {card}, {other} took the trick"),
    "done": N_("✓ trick {trick}"),
    "which": N_("{card}: in which trick?"),
    "remove": N_("remove"),
    "remove_this": N_("remove {what}"),
    "who_dealt": N_("Who dealt? Tap the dealer first."),
    "who_lost": N_("Who lost the party? (or open Reversis for a reversis)"),
    "reversis": N_("Was the reversis made, or who broke it?"),
    "conflict": N_("Someone else just wrote to this record: this hand is not saved yet. "
                   "Check it and save again."),
    "not_saved": N_("Not saved: {why}"),
    "both": N_("{player} cannot both win and lose the party: tap another player"),
    "separator": N_("; "),
    "saved": N_("Hand {hand} is saved. Next: hand {next}."),
    "see": N_("See hand {hand} and its payments."),
    "no_answer": N_("The server did not answer: nothing is saved yet. Try again."),
    "corrected": N_("Hand {hand} is corrected."),
    "as_written": N_("{what} (as written: {line})"),
}


def event_words() -> dict[str, str]:
    """``EVENT_WORDS`` in the request's language."""
    return {key: _(message) for key, message in EVENT_WORDS.items()}


async def page(request: Request) -> Response:
    ctx = context_of(request)
    path = ctx.record_path(request.path_params["name"])
    reopened = request.query_params.get("hand", "")
    if reopened.isascii() and reopened.isdigit() and len(reopened) < 8:
        return await _reopened(request, path, int(reopened))
    result = await _run(entry_of(request).view, path)
    if isinstance(result, Refusal):
        return ctx.page(request, "refused.html", status=result.status, code=result.status, message=result)
    view = result.view
    stamp = "-".join(map(str, stamp_of(path)))
    number = view["hand"] if view.get("hand") and view.get("question") == "events" else view["next_hand"]
    return ctx.page(request, "events.html", name=path.name.removesuffix(SUFFIX), view=view, stamp=stamp,
                    busy=_busy(view), number=number, tricks=TRICKS,
                    talon_points=range(view.get("talon_most", 17) + 1),  # the rules' largest talon
                    cards=[(code, _(label)) for code, label in CARDS], words=event_words())


async def _reopened(request: Request, path, number: int) -> Response:
    """The page of hand ``number``, recorded by its events, reopened to be corrected
    (serve/correction.py): what it says is tapped again, and Save rewrites that hand."""
    from starlette.concurrency import run_in_threadpool

    from reversis_score.serve.correction_events import events_correction
    from reversis_score.serve.entry_model import EntryError
    ctx = context_of(request)
    try:
        view, state = await run_in_threadpool(events_correction, entry_of(request), path, number)
    except EntryError as exc:
        return ctx.page(request, "refused.html", status=409, code=409, message=ctx.shown(str(exc)))
    if state is None:
        message = _("hand {number} is recorded card by card: correct it on the entry page")
        return ctx.page(request, "refused.html", status=409, code=409, message=fill(message, number=number))
    name = path.name.removesuffix(SUFFIX)
    return ctx.page(request, "events.html", name=name, view=view, stamp="-".join(map(str, stamp_of(path))),
                    busy=None, number=number, tricks=TRICKS,
                    talon_points=range(view.get("talon_most", 17) + 1),
                    cards=[(code, _(label)) for code, label in CARDS], words=event_words(), state=state,
                    tap=f"/entry/{quote(name)}/hand/{number}/tap")


def _busy(view: dict) -> str | None:
    """Why a hand cannot begin here now, in the page's words (None: it can)."""
    if not view.get("players"):
        return _("The record has no players yet: begin it on the entry page first.")
    if view.get("header") or view.get("question") in ("dealer", "after", "events"):
        return None  # a dealer named ends the header's questions, as at the terminal
    return fill(_("Hand {number} is being entered card by card: finish it on the entry page, "
                  "then come back."), number=view.get("hand"))


routes: list[BaseRoute] = [
    Route("/entry/{name}/events", page, methods=["GET"], name="entry_events"),
]
