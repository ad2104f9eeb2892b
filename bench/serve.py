"""Benchmark of ``serve``: the season page over 200 sessions of 20 hands (target: under 1 s).

    python bench/serve.py             # 200 sessions × 20 hands
    python bench/serve.py --sessions 50

It writes generated records (tests/gen.py: legal random hands; six players, four a night;
one date a week) to a temporary folder, runs the app under uvicorn on a free port
(tests/webserver.py), and times plain HTTP requests from this process:

- the season page, cold: every record read, checked and settled for the first time (the app
  run in this process, without the start-up of the ``serve`` command: the baseline);
- the season page, first asked of ``reversis-score serve`` (a child process) once it says the
  season page is ready: the command reads the records and makes the page at start-up, so the
  first visitor finds it made (target: under 1 s; issue 31);
- the season page, warm: the records unchanged (each file is only stat'ed), best and median of 10;
- the season page after one record changed (the one record read again);
- a session page and a hand page, warm.

It prints one table and the machine it ran on, and exits 1 when the warm season page misses
its target. A benchmark, not a test: nothing here runs under pytest.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import gen  # noqa: E402  (tests/ put on the path above)
from webserver import running  # noqa: E402

PLAYERS = ("Anne", "Bruno", "Claire", "Denis", "Élise", "Fabrice")
SEASON_TARGET_S = 1.0
FIRST_TARGET_S = 1.0


def write_season(folder: Path, sessions: int, hands: int) -> None:
    """``sessions`` records of ``hands`` hands, four of the six players each, a week apart."""
    start = date(2026, 1, 3)
    for i in range(sessions):
        rng = random.Random(i)
        players = tuple(rng.sample(PLAYERS, 4))
        session = gen.random_session(rng, players, hands, void_rate=0.02, title=f"Night {i + 1}",
                                     date=(start + timedelta(weeks=i)).isoformat(), rules="parlett",
                                     stake=200)
        (folder / f"night-{i + 1:03}.rvs").write_text(gen.to_rvs(session), "utf-8")


def timed(url: str) -> float:
    began = time.perf_counter()
    with urllib.request.urlopen(url) as response:
        response.read()
        assert response.status == 200
    return time.perf_counter() - began


def first_after_start_up(folder: Path) -> tuple[float, float]:
    """The first season page asked of ``reversis-score serve`` once it says it is ready, and
    how long it took to be ready."""
    sys.path.insert(0, str(ROOT / "bench"))
    from serve_poll import start
    child, port, ready = start(folder)
    try:
        return timed(f"http://127.0.0.1:{port}/"), ready
    finally:
        child.terminate()
        child.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="reversis-serve-bench-") as tmp:
        folder = Path(tmp)
        began = time.perf_counter()
        write_season(folder, args.sessions, args.hands)
        print(f"wrote {args.sessions} records of {args.hands} hands in {time.perf_counter() - began:.1f} s")
        with running(folder) as base:
            cold = timed(base + "/")
            warm = [timed(base + "/") for _ in range(10)]
            one = folder / "night-001.rvs"
            one.write_text(one.read_text("utf-8").replace("Night 1", "Night one"), "utf-8")
            changed = timed(base + "/")
            timed(base + "/session/night-002")
            session = [timed(base + "/session/night-002") for _ in range(10)]
            timed(base + "/session/night-002/hand/3")
            hand = [timed(base + "/session/night-002/hand/3") for _ in range(10)]
        first, ready = first_after_start_up(folder)
    rows = [("season page, cold (every record read)", cold),
            ("serve: start-up until ready", ready),
            ("serve: first season page once ready", first),
            ("season page, warm: best", min(warm)), ("season page, warm: median", statistics.median(warm)),
            ("season page, one record changed", changed),
            ("session page (20 hands), warm: median", statistics.median(session)),
            ("hand page, warm: median", statistics.median(hand))]
    print(f"\n{args.sessions} sessions × {args.hands} hands")
    for what, seconds in rows:
        print(f"  {what:<42} {seconds * 1000:8.0f} ms")
    ok = statistics.median(warm) < SEASON_TARGET_S and first < FIRST_TARGET_S
    verdict = "met" if ok else "MISSED"
    print(f"\ntargets: the season page under {SEASON_TARGET_S:.0f} s (warm median), the first season "
          f"page of `serve` under {FIRST_TARGET_S:.0f} s ({first / cold:.3f} of the cold one): {verdict}")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
