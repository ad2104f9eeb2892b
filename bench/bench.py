"""Benchmark: check and settle a long generated session; speed and memory targets live here.

    python bench/bench.py [HANDS]      # default 2,000 hands

It writes a random legal session (tests/gen.py) to a temporary file, then times
``check`` (parse + replay) and ``settle`` (parse + replay + settlement + ledger) and reports
hands per second and peak memory. Exit status 1 when a target is missed.
"""
from __future__ import annotations

import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import gen  # noqa: E402

from reversis_score.ledger.build import build_ledger  # noqa: E402
from reversis_score.pipeline import check_text  # noqa: E402

TARGET_CHECK_HANDS_PER_S = 500
TARGET_SETTLE_HANDS_PER_S = 400
TARGET_PEAK_MIB = 400


def make_session(hands: int) -> str:
    rng = random.Random(7)
    players = ("Anne", "Bruno", "Claire", "Denis")
    session = gen.random_session(rng, players, hands, void_rate=0.02, title="Benchmark", rules="parlett")
    return gen.to_rvs(session)


def timed(label: str, hands: int, action) -> float:
    start = time.perf_counter()
    action()
    seconds = time.perf_counter() - start
    rate = hands / seconds
    print(f"{label:8} {hands} hands in {seconds:.2f} s: {rate:,.0f} hands/s")
    return rate


def main() -> int:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    text = make_session(hands)
    with tempfile.NamedTemporaryFile("w", suffix=".rvs", delete=False, encoding="utf-8") as f:
        f.write(text)
    print(f"session: {hands} hands, {len(text.splitlines()):,} lines, {len(text) / 1e6:.1f} MB ({f.name})")
    check_rate = timed("check", hands, lambda: check_text(text, f.name))
    settle_rate = timed("settle", hands, lambda: build_ledger(check_text(text, f.name)))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MiB")
    missed = [name for name, ok in (("check speed", check_rate >= TARGET_CHECK_HANDS_PER_S),
                                    ("settle speed", settle_rate >= TARGET_SETTLE_HANDS_PER_S),
                                    ("peak memory", peak <= TARGET_PEAK_MIB)) if not ok]
    print("targets: " + ("all met" if not missed else "missed " + ", ".join(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
