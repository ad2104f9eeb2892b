"""The chart of running balances as inline SVG, for the pages of ``report`` and ``serve``.

One polyline per player, one marker per hand (or per session, for a season). Players differ
by marker shape, dash pattern and a name label at the end of the line, not by colour alone,
so the chart reads in black and white. The SVG has a viewBox and scales with the page; a
``NARROW`` size is drawn for phones, so that its text stays at least 11 px at 420 px. The
pages themselves are templates (reversis_score/serve/templates/).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from reversis_score import i18n
from reversis_score.i18n import N_, _, fill
from reversis_score.ledger.build import Ledger
from reversis_score.render.tables import MINUS
from reversis_score.render.tables import human_number as _english_number
from reversis_score.scrub import cut

AXES = {"hand": N_("hand"), "session": N_("session")}  # the charts' x axes, in the page's words


def human_number(value: int) -> str:
    """A figure on a chart: ``−126`` (the typographic minus) in English, « −1 250 » in French."""
    return _english_number(value) if i18n.language() == "en" else french_number(value)


@lru_cache(maxsize=4096)
def french_number(value: int) -> str:
    """``i18n.number`` in French, kept: a chart writes the same figures many times over (each
    marker's tooltip), and Babel takes tens of microseconds a number."""
    with i18n.speaking("fr"):
        return i18n.number(value)

WIDTH, HEIGHT, FONT, LINE = 640, 300, 12, 15  # the SVG at its narrowest; its text; a label's height
LEFT, RIGHT, TOP, BOTTOM = 52, 96, 30, 40  # the least room for the axis labels and the names
TICK_GAP, LABEL_X, PAD, MIN_PLOT = 6, 20, 6, 400  # label offsets, slack, the narrowest plot
SHAPES = ("circle", "square", "triangle", "diamond")
DASHES = ("", "8 4", "2 3", "10 3 2 3")
COLOURS = ("#1b4f9c", "#b3261e", "#2e7d32", "#6a1b9a")  # distinct in colour and, below, in form
# A season has more than four players: the next four get other colours and hollow markers.
MORE_COLOURS = ("#e65100", "#00838f", "#5d4037", "#37474f")


def isolated(text: str) -> str:
    """A name in plain text (a tooltip): between FIRST STRONG ISOLATE and POP DIRECTIONAL
    ISOLATE, so that it turns round only itself (200 characters of it at most: scrub.cut)."""
    return f"\u2068{cut(text)}\u2069"


def bdi(text: str) -> str:
    """A name or a title from a record, escaped and isolated: a right-to-left override in it
    turns round only itself, never the text around it (200 characters of it at most)."""
    return f"<bdi>{escape(cut(text))}</bdi>"

# ------------------------------------------------------------------ the chart
@dataclass(frozen=True, slots=True)
class Frame:
    """Where the plot sits in the SVG: the left and right ends of its area, and the SVG's width.

    The margins are measured from the labels they hold (tick values at the left, names and
    balances at the right), so no label is cut, however long the names."""

    left: float
    right: float
    width: float


def text_width(text: str, size: float = FONT) -> float:
    """A conservative width of ``text`` in a sans-serif font: an em for the widest letters
    (and East Asian wide ones), 0.8 em for capitals and the minus sign, 0.65 em for the rest.
    The layout and the tests use this one estimate."""
    def em(char: str) -> float:
        if char in "MWmw@%" or unicodedata.east_asian_width(char) in "WF":
            return 1.0
        return 0.8 if char.isupper() or char == MINUS else 0.65
    return size * sum(em(c) for c in text)


def text_box(x: float, y: float, text: str, anchor: str = "start",
             size: float = FONT) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) a ``<text>`` at ``x``, baseline ``y`` may ink:
    accented capitals above, descenders below."""
    width = text_width(text, size)
    left = x - {"start": 0, "middle": width / 2, "end": width}[anchor]
    return left, y - 0.95 * size, left + width, y + 0.25 * size


def balance_series(ledger: Ledger) -> tuple[list[int], dict[str, list[int]]]:
    """Hand numbers and each player's balance after each settled hand."""
    hands = ledger.settled
    return [h.number for h in hands], {p: [h.balances[p] for h in hands] for p in ledger.players}


@dataclass(frozen=True, slots=True)
class Size:
    """The chart's least width, its plot's least width, and how many x labels it may show.

    ``NARROW`` is drawn for a phone: at 420 px its text is still at least 11 px."""

    width: float = WIDTH
    plot: float = MIN_PLOT
    labels: int = 12
    suffix: str = ""  # makes the SVG title's id unique when a page has both sizes
    name_chars: int | None = None  # end labels shorten longer names (the tooltips keep them whole)


WIDE, NARROW = Size(), Size(360, 170, 6, "-narrow", 12)


def short_name(name: str, chars: int | None) -> str:
    """A name cut to ``chars`` characters with an ellipsis (whole when it fits, or no limit).

    >>> short_name("Wilhelmina Montmorency-Laval", 12), short_name("Anne", 12)
    ('Wilhelmina…', 'Anne')
    """
    if chars is None or len(name) <= chars:
        return name
    return name[:chars - 1].rstrip() + "…"


def chart_svg(ledger: Ledger, size: Size = WIDE) -> str:
    """The running balances as inline SVG: one polyline and one marker per hand per player."""
    numbers, series = balance_series(ledger)
    return series_svg(numbers, series, ledger.stake, size=size)


def series_svg(numbers: list[int], series: dict[str, list[int]], baseline: int, axis: str = "hand",
               what: str = N_("Running balance"), size: Size = WIDE) -> str:
    """Each player's running figure after each ``axis`` (a hand, a session) as inline SVG, with
    a dashed line at ``baseline`` (the stake; 0 for a season's nets)."""
    axis_words = _(AXES.get(axis, axis))
    if not numbers:
        nothing = fill(_("No settled {axis}: nothing to chart."), axis=axis_words)
        return f"<p>{escape(nothing)}</p>"
    values = [v for vs in series.values() for v in vs] + [baseline]
    low, high, step = _bounds(min(values) - (max(values) == min(values)), max(values))
    ticks = range(low, high + 1, step)
    shown = [(short_name(player, size.name_chars), human_number(vs[-1])) for player, vs in series.items()]
    labels = [f"{name} {figure}" for name, figure in shown]
    frame = _frame([human_number(t) for t in ticks] + [_("fish")], labels, size)
    x = _scale(0, max(len(numbers) - 1, 1), frame.left, frame.right)
    y = _scale(low, high, HEIGHT - BOTTOM, TOP)
    xs = [x(i) if len(numbers) > 1 else (frame.left + frame.right) / 2 for i in range(len(numbers))]
    names = ", ".join(isolated(p) for p in series)  # a tooltip is plain text: FSI … PDI
    width, title_id = _n(frame.width), f"chart-title{size.suffix}"
    title = fill(_("{what} after each {axis}: {names}"), what=_(what), axis=axis_words, names=names)
    out = [f'<svg class="chart" viewBox="0 0 {width} {HEIGHT}" width="{width}" height="{HEIGHT}" '
           f'role="img" aria-labelledby="{title_id}" xmlns="http://www.w3.org/2000/svg" '
           f'font-family="sans-serif" font-size="{FONT}">',
           f'<title id="{title_id}">{escape(title)}</title>']
    out += _axes(frame, numbers, xs, ticks, y, baseline, axis_words, size.labels)
    ends = label_positions([y(vs[-1]) for vs in series.values()])
    for index, (player, balances) in enumerate(series.items()):
        out.append(_player_group(frame, index, player, numbers, xs, [y(v) for v in balances],
                                 balances, ends[index], shown[index], axis_words))
    out.append("</svg>")
    return "\n".join(out)


def _frame(left_labels: list[str], end_labels: list[str], size: Size = WIDE) -> Frame:
    """Margins wide enough for the labels; the plot keeps at least ``size.plot``, else the SVG grows."""
    left = max(LEFT, TICK_GAP + PAD + max(text_width(t) for t in left_labels))
    right_margin = max(RIGHT, LABEL_X + PAD + max(text_width(t) for t in end_labels))
    width = max(size.width, left + size.plot + right_margin)
    return Frame(round(left, 1), round(width - right_margin, 1), round(width, 1))


def _scale(lo: float, hi: float, out_lo: float, out_hi: float) -> Callable[[float], float]:
    span = (hi - lo) or 1
    return lambda v: round(out_lo + (v - lo) * (out_hi - out_lo) / span, 1)


def _bounds(low: int, high: int, count: int = 5) -> tuple[int, int, int]:
    """The value range widened to round ticks, and the tick step (1, 2, 5, 10, 20, 25, 50...)."""
    raw = (high - low) / count
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000) if s >= raw), 0)
    scale = 10_000
    while not step:  # a long session's figures run to billions: 10,000, 20,000, 50,000, 100,000...
        step = next((m * scale for m in (1, 2, 5) if m * scale >= raw), 0)
        scale *= 10
    return (low // step) * step, -(-high // step) * step, step


def _axes(frame: Frame, numbers: list[int], xs: list[float], ticks: range,
          y: Callable[[float], float], stake: int, axis: str = "hand", labels: int = 12) -> list[str]:
    out = []
    left, right, text_x = _n(frame.left), _n(frame.right), _n(frame.left - TICK_GAP)
    for tick in ticks:
        out.append(f'<line x1="{left}" x2="{right}" y1="{_n(y(tick))}" y2="{_n(y(tick))}" '
                   'stroke="#ddd" stroke-width="1"/>')
        out.append(f'<text x="{text_x}" y="{_n(y(tick) + 4)}" text-anchor="end">'
                   f'{human_number(tick)}</text>')
    # The stake line: above it a player is ahead on the night. Attributes, not CSS, so the
    # chart looks the same when it is copied out of the page.
    out.append(f'<line x1="{left}" x2="{right}" y1="{_n(y(stake))}" y2="{_n(y(stake))}" '
               'stroke="#888" stroke-width="1" stroke-dasharray="4 4"/>')
    out.append(f'<text x="{text_x}" y="{TOP - 16}" text-anchor="end">{escape(_("fish"))}</text>')
    every = max(1, -(-len(numbers) // labels))  # at most about 12 labels, however long the night
    for i, (number, px) in enumerate(zip(numbers, xs, strict=True)):
        if i % every == 0 or i == len(numbers) - 1:
            out.append(f'<text x="{_n(px)}" y="{HEIGHT - BOTTOM + 20}" text-anchor="middle">{number}</text>')
    out.append(f'<text x="{_n((frame.left + frame.right) / 2)}" y="{HEIGHT - 4}" '
               f'text-anchor="middle">{escape(axis)}</text>')
    return out


def label_positions(ends: list[float], gap: float = LINE) -> list[float]:
    """The end labels' heights: each as near its line's end as it can be, no two closer than
    ``gap`` (so no two names overlap), all inside the SVG."""
    top, bottom = 0.95 * FONT - 4, HEIGHT - 0.25 * FONT - 4  # label_y + 4 is the baseline
    order = sorted(range(len(ends)), key=lambda i: ends[i])
    pos = [min(max(ends[i], top), bottom) for i in order]
    for k in range(1, len(pos)):  # push down what sits too close above...
        pos[k] = max(pos[k], pos[k - 1] + gap)
    pos[-1] = min(pos[-1], bottom)
    for k in range(len(pos) - 2, -1, -1):  # ...then back up from the bottom edge
        pos[k] = min(pos[k], pos[k + 1] - gap)
    placed = dict(zip(order, pos, strict=True))
    return [placed[i] for i in range(len(ends))]


def _player_group(frame: Frame, index: int, player: str, numbers: list[int], xs: list[float],
                  ys: list[float], balances: list[int], label_y: float, label: tuple[str, str],
                  axis: str = "hand") -> str:
    shape, colour = SHAPES[index % 4], (COLOURS + MORE_COLOURS)[index % 8]
    dash = f' stroke-dasharray="{DASHES[index % 4]}"' if DASHES[index % 4] else ""
    name, tip = escape(cut(player)), isolated(player)
    points = " ".join(f"{_n(px)},{_n(py)}" for px, py in zip(xs, ys, strict=True))
    out = [f'<g class="player" data-player="{name}" data-marker="{shape}">',
           f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>']
    for number, px, py, balance in zip(numbers, xs, ys, balances, strict=True):
        said = fill(_("{player}, after {axis} {number}: {figure}"), player=tip, axis=axis,
                    number=number, figure=human_number(balance))
        out.append(_marker(shape, px, py, colour, escape(said), index >= 4))
    out.append(_marker(shape, frame.right + LABEL_X - 8, label_y, colour, None, index >= 4))
    # The name isolated within the label, so that it cannot turn its figure round ("B892 onur").
    out.append(f'<text x="{_n(frame.right + LABEL_X)}" y="{_n(label_y + 4)}" unicode-bidi="isolate">'
               f'<tspan class="name" unicode-bidi="isolate">{escape(label[0])}</tspan> '
               f'{escape(label[1])}</text>')
    out.append("</g>")
    return "\n".join(out)


def _marker(shape: str, x: float, y: float, colour: str, label: str | None, hollow: bool = False) -> str:
    """A marker of the player's shape; ``label`` makes it a data point (with its title)."""
    attrs = (f'fill="#fff" stroke="{colour}" stroke-width="2"' if hollow
             else f'fill="{colour}" stroke="#fff" stroke-width="1"')
    cls = ' class="point"' if label else ' class="key"'
    tip = f"<title>{label}</title>" if label else ""
    if shape == "circle":
        return f'<circle{cls} cx="{_n(x)}" cy="{_n(y)}" r="4.5" {attrs}>{tip}</circle>'
    if shape == "square":
        return (f'<rect{cls} x="{_n(x - 4)}" y="{_n(y - 4)}" width="8" height="8" {attrs}>'
                f"{tip}</rect>")
    if shape == "triangle":
        corners = [(x, y - 5.5), (x - 5, y + 4), (x + 5, y + 4)]
    else:
        corners = [(x, y - 5.5), (x + 5.5, y), (x, y + 5.5), (x - 5.5, y)]
    pts = " ".join(f"{_n(a)},{_n(b)}" for a, b in corners)
    return f'<polygon{cls} points="{pts}" {attrs}>{tip}</polygon>'


def _n(value: float) -> str:
    """A coordinate with one decimal at most (no float noise such as 48.300000000000004)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
