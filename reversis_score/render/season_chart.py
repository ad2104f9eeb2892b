"""The season's running nets as small multiples: one small SVG per player.

A season has many players, most of whom miss some nights: one chart with every line is a
tangle. Each player gets his own panel instead, in the order of the standings, all on one
scale (the season's lowest and highest net so far) and one axis (the season's sessions), so the
panels compare at a glance. His line starts at the first session he played and has a point
only in the sessions he played (a night he missed is no point: the line goes straight on to
the next). A long season is downsampled: at most ``MAX_POINTS`` points a panel, the lowest
and the highest of each stretch kept, the first and the last always. Every label has its own
place in the panel (the name and net at the top, three values at the left, the first and
last session below), so none overlaps another at any width; a page lays the panels out in
as many columns as fit (one at 420 px).
"""
from __future__ import annotations

from html import escape

from reversis_score import i18n
from reversis_score.i18n import _, fill
from reversis_score.render.html import FONT, _bounds, _n, french_number, human_number, short_name, text_width
from reversis_score.render.tables import signed as _english_signed
from reversis_score.scrub import cut


def signed(value: int) -> str:
    """A net on a panel: ``+5``, ``−3``, ``0``; in French « +1 250 »."""
    if i18n.language() == "en" or not value:
        return _english_signed(value)
    return ("+" if value > 0 else "") + french_number(value)

W, H = 300, 132  # a panel's viewBox
LEFT, RIGHT, TOP, BOTTOM = 46, 10, 30, 26  # the plot's margins: values, -, title, sessions
MAX_POINTS = 60  # points drawn a panel, at most (the page's weight stays bounded)
MARKERS = 40  # up to this many points, each is a marker with its tooltip
COLOUR, ZERO = "#1b4f9c", "#888"
NAME_CHARS = 22


def downsample(points: list[tuple[int, int]], most: int = MAX_POINTS) -> list[tuple[int, int]]:
    """At most ``most`` points: the first, the last, and each stretch's lowest and highest.

    >>> downsample([(i, i % 7) for i in range(1, 1001)], 10)[:3]
    [(1, 1), (6, 6), (7, 0)]
    """
    if len(points) <= most:
        return points
    inner, buckets = points[1:-1], max(1, (most - 2) // 2)
    size = -(-len(inner) // buckets)
    kept = [points[0]]
    for start in range(0, len(inner), size):
        stretch = inner[start:start + size]
        low = min(stretch, key=lambda p: p[1])
        high = max(stretch, key=lambda p: p[1])
        kept += sorted({low, high}, key=stretch.index)
    return kept + [points[-1]]


def panels(running: dict[str, list[tuple[int, int]]], sessions: int, order: list[str]) -> list[str]:
    """One SVG per player of ``order``: his running net after each session he played."""
    values = [v for p in order for _, v in running.get(p, [])] + [0]
    low, high, _ = _bounds(min(values) - (max(values) == min(values)), max(values), 2)
    return [panel(p, running.get(p, []), sessions, low, high, i) for i, p in enumerate(order)]


def panel(player: str, points: list[tuple[int, int]], sessions: int, low: int, high: int,
          index: int = 0) -> str:
    """One player's panel (``points``: session number and net so far after it)."""
    left = max(LEFT, 12 + max(text_width(human_number(v)) for v in (low, high, 0)))
    x0, x1, y0, y1 = left, W - RIGHT, H - BOTTOM, TOP

    def x(s: int) -> float:
        return x0 + (s - 1) * (x1 - x0) / max(sessions - 1, 1) if sessions > 1 else (x0 + x1) / 2

    def y(v: int) -> float:
        return y0 + (v - low) * (y1 - y0) / ((high - low) or 1)
    drawn = downsample(points)
    last = points[-1][1] if points else 0
    name = escape(cut(player))  # (a page is sized by what it shows: scrub.cut)
    isolated = f"\u2068{name}\u2069"  # a title is plain text: first-strong isolate … pop
    title_id = f"panel-{index}"
    title = fill(_("{player}: running net after each session played ({played} of {sessions}), now {net}"),
                 player=isolated, played=len(points), sessions=sessions, net=signed(last))
    out = [f'<svg class="chart panel" viewBox="0 0 {W} {H}" role="img" aria-labelledby="{title_id}" '
           f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="{FONT}" '
           f'data-player="{name}">',
           f'<title id="{title_id}">{title}</title>',
           f'<text x="4" y="16" font-weight="bold"><tspan unicode-bidi="isolate">'
           f'{escape(short_name(player, NAME_CHARS))}</tspan> {signed(last)}</text>']
    out += _axes(left, low, high, sessions, y, x)
    if drawn:
        line = " ".join(f"{_n(x(s))},{_n(y(v))}" for s, v in drawn)
        out.append(f'<polyline points="{line}" fill="none" stroke="{COLOUR}" stroke-width="2"/>')
    if len(drawn) <= MARKERS:
        out += [f'<circle class="point" cx="{_n(x(s))}" cy="{_n(y(v))}" r="3" fill="{COLOUR}">'
                "<title>" + fill(_("{player}, after session {number}: {net}"), player=isolated, number=s,
                                 net=signed(v)) + "</title></circle>"
                for s, v in drawn]
    out.append("</svg>")
    return "\n".join(out)


def _axes(left: float, low: int, high: int, sessions: int, y, x) -> list[str]:
    """The zero line, up to three values at the left (none closer than a line), and the first
    and last session below (one when they would meet)."""
    out = [f'<line x1="{_n(left)}" x2="{W - RIGHT}" y1="{_n(y(0))}" y2="{_n(y(0))}" stroke="{ZERO}" '
           'stroke-width="1" stroke-dasharray="4 4"/>']
    shown: list[float] = []
    for value in (0, high, low):
        at = y(value)
        if any(abs(at - other) < FONT + 2 for other in shown):
            continue
        shown.append(at)
        out.append(f'<text x="{_n(left - 6)}" y="{_n(at + 4)}" text-anchor="end">'
                   f'{escape(human_number(value))}</text>')
    base = H - BOTTOM + 16
    first, end = escape(fill(_("session {number}"), number=1)), str(sessions)
    out.append(f'<text x="{_n(x(1))}" y="{base}" text-anchor="start">{first}</text>')
    if sessions > 1 and x(sessions) - text_width(end) > x(1) + text_width(first) + 6:
        out.append(f'<text x="{_n(x(sessions))}" y="{base}" text-anchor="end">{end}</text>')
    return out
