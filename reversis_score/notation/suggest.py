"""``did you mean``: the nearest of the names a user could have meant, for every message that
names a player, a preset, a knob or a command that does not exist."""
from __future__ import annotations

from collections.abc import Iterable

from reversis_score.i18n import _


def nearest(name: str, choices: Iterable[str]) -> str | None:
    """The choice ``name`` most likely misspells: the only one it begins, else the closest
    by difflib, else one that differs only in case; None when none is close."""
    choices = list(choices)
    starting = [c for c in choices if name and c.startswith(name)]
    if len(starting) == 1:
        return starting[0]
    import difflib  # here: only a misspelt name needs it (start-up)
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6) or \
        [c for c in choices if c.casefold() == name.casefold()]
    return close[0] if close else None


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """``; did you mean 'Claire'?`` when a choice is close to ``name``, else ''."""
    close = nearest(name, choices)
    return _("; did you mean '{name}'?").format(name=close) if close else ""
