"""Benchmark: a tap's round trip in entry at the table (issue 28: p99 under 50 ms, in a
360-hand session: a tap costs what the hand costs, not what the session costs).

    python bench/entry.py              # a 20-hand night: two sessions, 44 taps each
    python bench/entry.py --hands 360  # the issue's long session (taking it up takes a while)

It starts the installed ``reversis-score serve`` on a free port of 127.0.0.1, as a club
would, with a record of N-1 finished hands (tests/gen.py: legal random hands, deal,
exchange and table payments) and the N-th dealt and exchanged; then it taps that hand's 44
cards one by one over HTTP (keep-alive, as a browser does), each tap the POST the entry
page sends, and times each round trip: the request, the file taken up, record's checks, the
file written and fsync'd, the view drawn and the JSON back. A second run does the same
without the deal (the live cards are not computed). It prints the median, the 90th and
99th percentiles and the slowest tap, for the night asked and for a 1-hand night as the
baseline of the same run (their ratio says what the session's length costs a tap), and
exits 1 when a p99 misses the target.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import httpx
except ImportError:  # the same client under its other name (as installed here)
    import httpx2 as httpx  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import gen  # noqa: E402  (the generator of legal random hands, from tests/)

from reversis_score.notation.parse import read_text  # noqa: E402

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
TARGET_MS = 50.0
COMMAND = shutil.which("reversis-score") or "reversis-score"


def write_night(folder: Path, name: str, hands: int, with_deal: bool, seed: int) -> list[str]:
    """The record up to the last hand's tricks; the last hand's 44 cards in order of play."""
    session = gen.random_session(random.Random(seed), PLAYERS, hands, title="Bench night",
                                 rules="parlett", stake=100)
    text = gen.to_rvs(session, with_deal=with_deal, with_exchange=with_deal)
    parsed = read_text(text, name)
    last = parsed.hands[-1].record
    assert last is not None and len(last.tricks) == 11, "the generated hand is void: change the seed"
    cards = [str(c.card) for trick in last.tricks for c in trick.cards]
    start = text.rindex("\nhand ")
    cut = text.index("tricks:", start) if "tricks:" in text[start:] else len(text)
    (folder / f"{name}.rvs").write_text(text[:cut], "utf-8")
    return cards


def start_server(folder: Path) -> tuple[subprocess.Popen, str]:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([COMMAND, "serve", str(folder), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/entry", timeout=1).status_code == 200:
                return server, base
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("reversis-score serve did not start")


def tap_hand(client: httpx.Client, name: str, cards: list[str]) -> list[float]:
    """Each card tapped as the page taps it; the round trips in milliseconds."""
    page = client.get(f"/entry/{name}")
    csrf = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
    assert page.status_code == 200 and csrf, page.text[:300]
    view = client.get(f"/entry/{name}/view").json()["view"]
    times = []
    for card in cards:
        start = time.perf_counter()
        answer = client.post(f"/entry/{name}/tap", headers={"X-CSRF-Token": csrf.group(1)},
                             json={"seen": view["seen"], "pending": view["pending"], "entries": [card]})
        times.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200, answer.text[:300]
        view = answer.json()["view"]
    assert view["whole"], "the hand did not end"
    return times


def measure(client: httpx.Client, folder: Path, hands: int) -> dict[str, list[float]]:
    """The taps of the last hand of a ``hands``-hand night, with and without its deal."""
    out = {}
    for what, with_deal in (("with the deal known", True), ("without the deal", False)):
        name = f"{'dealt' if with_deal else 'bare'}-{hands}"
        cards = write_night(folder, name, hands, with_deal, 11)
        client.get(f"/entry/{name}")  # the page opened: the record taken up once
        out[what] = tap_hand(client, name, cards)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20, help="hands in the night (default 20)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-entry-"))
    server, base = start_server(folder)
    ok = True
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            print(f"entry: a tap's round trip, the last hand of a {args.hands}-hand night against a "
                  "1-hand night (reversis-score serve, HTTP keep-alive, 44 taps each)")
            baseline = measure(client, folder, 1)
            night = measure(client, folder, args.hands)
            for what, times in night.items():
                base_p99 = percentile(baseline[what], 99)
                p99 = percentile(times, 99)
                met = p99 < TARGET_MS
                ok &= met
                print(f"  {what:<20} median {statistics.median(times):5.1f} ms   p90 "
                      f"{percentile(times, 90):5.1f} ms   p99 {p99:5.1f} ms   slowest {max(times):5.1f} ms")
                print(f"  {'':<20} 1-hand night: median {statistics.median(baseline[what]):5.1f} ms   p99 "
                      f"{base_p99:5.1f} ms   ratio of the p99s {p99 / base_p99:4.2f}   target p99 < "
                      f"{TARGET_MS:.0f} ms: {'met' if met else 'MISSED'}")
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load {load:.1f}, "
          f"Python {platform.python_version()}")
    return 0 if ok else 1


def percentile(times: list[float], p: int) -> float:
    """The ``p``-th percentile, by nearest rank (of 44 taps, the 99th is the slowest)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, -(-p * len(ordered) // 100) - 1))]


if __name__ == "__main__":
    sys.exit(main())
