"""The season page's weight over a long season: its bytes with 2,000 sessions and 24 players.

The page must stay under 2 MB (issue 28): its charts show each player's season downsampled
(render/season_chart.py), not every point of every session. The sessions are made up (their
figures drawn at random, as the page needs them); the page is the one ``serve`` and
``report`` draw. Figures are printed as ratios against the page of 20 sessions of the same
run, with the absolute sizes beside them.

    PYTHONPATH=. python bench/season_page.py [SESSIONS]
"""
from __future__ import annotations

import random
import sys
import time

from reversis_score.render.schema import STATS
from reversis_score.report.season import SessionFigures
from reversis_score.serve.offline import season_page

NAMES = [f"Player {chr(65 + i)}{'é' * (i % 3)}" for i in range(24)]
LIMIT = 2 * 1024 * 1024


def sessions(count: int, seed: int = 1) -> list[SessionFigures]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        players = tuple(rng.sample(NAMES, 4))
        between = [rng.randint(-300, 300) for _ in range(3)]
        between.append(-sum(between))
        totals = [b - rng.randint(0, 40) for b in between]
        stats = {p: {s: rng.randint(0, 3) for s in STATS} | {"hands": 12} for p in players}
        pay = {(a, b): rng.randint(1, 60) for a in players for b in players if a != b}
        date = f"20{20 + i // 336}-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}"
        out.append(SessionFigures(f"night-{i:04d}", f"Club night {i}", date, players, 12,
                                  dict(zip(players, totals, strict=True)),
                                  dict(zip(players, between, strict=True)), 0, stats, pay))
    return out


def measure(count: int) -> tuple[int, float]:
    made = sessions(count)
    start = time.perf_counter()
    page = season_page(made)
    return len(page.encode("utf-8")), time.perf_counter() - start


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    base_bytes, base_time = measure(20)
    size, took = measure(count)
    print(f"season page, 20 sessions: {base_bytes:,} bytes (the baseline)")
    print(f"season page, {count:,} sessions, 24 players: {size:,} bytes = {size / base_bytes:.1f} × the "
          f"baseline ({size / LIMIT:.0%} of the 2 MB limit); drawn in {took / base_time:.1f} × the "
          "baseline's time")
    if size >= LIMIT:
        sys.exit(1)


if __name__ == "__main__":
    main()
