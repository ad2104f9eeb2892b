"""``report``: one self-contained HTML page of a session — no network, no script.

The header, the per-hand table, the balances, the settle-up, and an inline SVG chart of each
player's running balance: one polyline per player, one marker per hand. Players differ by
marker shape, dash pattern and a name label at the end of the line, not by colour alone, so
the chart reads in black and white; the SVG has a viewBox and the page is fluid, so it reads
on a phone.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from reversis_score.ledger.build import Ledger, settle_up
from reversis_score.render.tables import (
    MINUS,
    human_number,
    outcome_words,
    pools_text,
    rules_line,
    session_title,
    signed,
)
from reversis_score.scrub import printable

WIDTH, HEIGHT, FONT, LINE = 640, 300, 12, 15  # the SVG at its narrowest; its text; a label's height
LEFT, RIGHT, TOP, BOTTOM = 52, 96, 30, 40  # the least room for the axis labels and the names
TICK_GAP, LABEL_X, PAD, MIN_PLOT = 6, 20, 6, 400  # label offsets, slack, the narrowest plot
SHAPES = ("circle", "square", "triangle", "diamond")
DASHES = ("", "8 4", "2 3", "10 3 2 3")
COLOURS = ("#1b4f9c", "#b3261e", "#2e7d32", "#6a1b9a")  # distinct in colour and, below, in form

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:60rem;
padding:1rem;line-height:1.4;color:#111;background:#fff}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.15rem;margin-top:1.6rem}
.meta{color:#444;margin:.2rem 0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right}
svg{max-width:100%;height:auto;display:block}
@media print{body{max-width:none}}
"""


def report_html(ledger: Ledger) -> str:
    """The whole page as one string (UTF-8 when written)."""
    title = escape(session_title(ledger))
    parts = [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        _header(ledger), "<h2>Running balances</h2>", chart_svg(ledger),
        "<h2>Hands</h2>", _hands_table(ledger), "<h2>Balances</h2>", _balances_table(ledger),
        "<h2>Settle up</h2>", _settle_up(ledger), _warnings(ledger), "</body>", "</html>", "",
    ]
    # No control character from a title or a name reaches the page (or a terminal it is shown on).
    return printable("\n".join(p for p in parts if p))


def _header(ledger: Ledger) -> str:
    header = ledger.session.header
    lines = [f"<h1>{bdi(header.title or ledger.session.file)}</h1>"]
    facts = []
    if header.date:
        facts.append(f"<time datetime=\"{header.date.isoformat()}\">{header.date.isoformat()}</time>")
    facts.append("players " + ", ".join(map(bdi, ledger.players)) + " (in order of play)")
    facts.append(f"stake {ledger.stake}")
    lines.append(f'<p class="meta">{" · ".join(facts)}</p>')
    lines.append(f'<p class="meta">{escape(rules_line(ledger))} · record {bdi(ledger.session.file)}</p>')
    return "\n".join(lines)


def bdi(text: str) -> str:
    """A name or a title from a record, escaped and isolated: a right-to-left override in it
    turns round only itself, never the text around it."""
    return f"<bdi>{escape(text)}</bdi>"


def _table(headers: list[str], rows: list[list], numeric: set[int],
           names: frozenset[str] | set[str] = frozenset()) -> str:
    def cell(tag: str, i: int, value) -> str:
        cls = ' class="n"' if i in numeric else ""
        text = str(value)
        return f"<{tag}{cls}>{bdi(text) if text in names else escape(text)}</{tag}>"
    head = "<tr>" + "".join(cell("th", i, h) for i, h in enumerate(headers)) + "</tr>"
    body = "\n".join("<tr>" + "".join(cell("td", i, v) for i, v in enumerate(r)) + "</tr>" for r in rows)
    return f'<div class="scroll"><table>\n<thead>{head}</thead>\n<tbody>\n{body}\n</tbody>\n</table></div>'


def _hands_table(ledger: Ledger) -> str:
    players = list(ledger.players)
    rows = []
    for hand in ledger.settled:
        s = hand.settlement
        rows.append([hand.number, hand.dealer, outcome_words(s.outcome, s)]
                    + [signed(s.net[p]) for p in players] + [pools_text(s.pools_after)])
    numeric = {0} | set(range(3, 4 + len(players)))
    return _table(["hand", "dealer", "outcome", *players, "pools after"], rows, numeric, set(players))


def _balances_table(ledger: Ledger) -> str:
    between, into, balances = ledger.between_players(), ledger.into_pools(), ledger.balances
    rows = [[p, ledger.stake, signed(ledger.totals[p]), human_number(balances[p]),
             signed(between[p]), human_number(into[p])] for p in ledger.players]
    return _table(["player", "stake", "session", "balance", "from players", "into pools"], rows,
                  {1, 2, 3, 4, 5}, set(ledger.players))


def _settle_up(ledger: Ledger) -> str:
    transfers = settle_up(ledger.between_players())
    items = [f"<li>{bdi(a)} pays {bdi(b)} {n}</li>" for a, b, n in transfers] or [
        "<li>nobody owes anybody anything</li>"]
    items.append(f"<li>pools left on the table: {escape(pools_text(ledger.pools))}</li>")
    return "<ul>\n" + "\n".join(items) + "\n</ul>"


def _warnings(ledger: Ledger) -> str:
    if not ledger.warnings:
        return ""
    items = "\n".join(f"<li>{f'hand {w.hand}: ' if w.hand else ''}{escape(w.message)}</li>"
                      for w in ledger.warnings)
    return f"<h2>Warnings</h2>\n<ul>\n{items}\n</ul>"


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


def chart_svg(ledger: Ledger) -> str:
    """The running balances as inline SVG: one polyline and one marker per hand per player."""
    numbers, series = balance_series(ledger)
    if not numbers:
        return "<p>No settled hand: nothing to chart.</p>"
    values = [v for vs in series.values() for v in vs] + [ledger.stake]
    low, high, step = _bounds(min(values) - (max(values) == min(values)), max(values))
    ticks = range(low, high + 1, step)
    labels = [f"{player} {human_number(vs[-1])}" for player, vs in series.items()]
    frame = _frame([human_number(t) for t in ticks] + ["fish"], labels)
    x = _scale(0, max(len(numbers) - 1, 1), frame.left, frame.right)
    y = _scale(low, high, HEIGHT - BOTTOM, TOP)
    xs = [x(i) if len(numbers) > 1 else (frame.left + frame.right) / 2 for i in range(len(numbers))]
    names = ", ".join(ledger.players)
    width = _n(frame.width)
    out = [f'<svg class="chart" viewBox="0 0 {width} {HEIGHT}" width="{width}" height="{HEIGHT}" '
           f'role="img" aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg" '
           f'font-family="sans-serif" font-size="{FONT}">',
           f'<title id="chart-title">Running balance after each hand: {escape(names)}</title>']
    out += _axes(frame, numbers, xs, ticks, y, ledger.stake)
    ends = label_positions([y(vs[-1]) for vs in series.values()])
    for index, (player, balances) in enumerate(series.items()):
        out.append(_player_group(frame, index, player, numbers, xs, [y(v) for v in balances],
                                 balances, ends[index], labels[index]))
    out.append("</svg>")
    return "\n".join(out)


def _frame(left_labels: list[str], end_labels: list[str]) -> Frame:
    """Margins wide enough for the labels; the plot keeps at least MIN_PLOT, else the SVG grows."""
    left = max(LEFT, TICK_GAP + PAD + max(text_width(t) for t in left_labels))
    right_margin = max(RIGHT, LABEL_X + PAD + max(text_width(t) for t in end_labels))
    width = max(WIDTH, left + MIN_PLOT + right_margin)
    return Frame(round(left, 1), round(width - right_margin, 1), round(width, 1))


def _scale(lo: float, hi: float, out_lo: float, out_hi: float) -> Callable[[float], float]:
    span = (hi - lo) or 1
    return lambda v: round(out_lo + (v - lo) * (out_hi - out_lo) / span, 1)


def _bounds(low: int, high: int, count: int = 5) -> tuple[int, int, int]:
    """The value range widened to round ticks, and the tick step (1, 2, 5, 10, 20, 25, 50...)."""
    raw = (high - low) / count
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10**9)
                if s >= raw)
    return (low // step) * step, -(-high // step) * step, step


def _axes(frame: Frame, numbers: list[int], xs: list[float], ticks: range,
          y: Callable[[float], float], stake: int) -> list[str]:
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
    out.append(f'<text x="{text_x}" y="{TOP - 16}" text-anchor="end">fish</text>')
    every = max(1, -(-len(numbers) // 12))  # at most about 12 hand labels, however long the night
    for i, (number, px) in enumerate(zip(numbers, xs, strict=True)):
        if i % every == 0 or i == len(numbers) - 1:
            out.append(f'<text x="{_n(px)}" y="{HEIGHT - BOTTOM + 20}" text-anchor="middle">{number}</text>')
    out.append(f'<text x="{_n((frame.left + frame.right) / 2)}" y="{HEIGHT - 4}" '
               'text-anchor="middle">hand</text>')
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
                  ys: list[float], balances: list[int], label_y: float, label: str) -> str:
    shape, colour = SHAPES[index % 4], COLOURS[index % 4]
    dash = f' stroke-dasharray="{DASHES[index % 4]}"' if DASHES[index % 4] else ""
    name = escape(player)
    points = " ".join(f"{_n(px)},{_n(py)}" for px, py in zip(xs, ys, strict=True))
    out = [f'<g class="player" data-player="{name}" data-marker="{shape}">',
           f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>']
    for number, px, py, balance in zip(numbers, xs, ys, balances, strict=True):
        out.append(_marker(shape, px, py, colour,
                           f"{name}, after hand {number}: {human_number(balance)}"))
    out.append(_marker(shape, frame.right + LABEL_X - 8, label_y, colour, None))
    out.append(f'<text x="{_n(frame.right + LABEL_X)}" y="{_n(label_y + 4)}" '
               f'unicode-bidi="isolate">{escape(label)}</text>')
    out.append("</g>")
    return "\n".join(out)


def _marker(shape: str, x: float, y: float, colour: str, label: str | None) -> str:
    """A marker of the player's shape; ``label`` makes it a data point (with its title)."""
    attrs = f'fill="{colour}" stroke="#fff" stroke-width="1"'
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
