"""Benchmark: a night recorded by its events against the same night card by card (issue 33).

    python bench/events.py            # a generated night of 200 hands, parlett
    python bench/events.py --hands N

The night is generated (tests/gen.py), then written as its events by ``format --events``.
Printed, each as a ratio to the card-by-card record (the baseline of the same run):

- the text: bytes and lines a scorer writes;
- the work of reading, checking and settling it (best of three): an events hand is read by
  Lark (the quick reader knows only card lines), and is not replayed;
- that both ledgers agree item for item (it exits 1 if not).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import gen  # noqa: E402  (the generator of legal random hands, from tests/ put on the path above)

from reversis_score.ledger.build import build_ledger  # noqa: E402
from reversis_score.pipeline import check_text  # noqa: E402
from reversis_score.render.events import as_events  # noqa: E402

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")


def settle(text: str):
    start = time.perf_counter()
    ledger = build_ledger(check_text(text, "bench.rvs"))
    return time.perf_counter() - start, ledger


def rows(ledger) -> list:
    return [[(i.kind, i.payer, i.payee, i.amount, i.trick, i.cancelled_by) for i in h.settlement.items]
            for h in ledger.hands]


def main() -> int:
    hands = int(sys.argv[sys.argv.index("--hands") + 1]) if "--hands" in sys.argv else 200
    session = gen.random_session(random.Random(33), PLAYERS, hands, rules="parlett")
    cards = gen.to_rvs(session, with_table=False, with_deal=False, with_exchange=False)
    events, _ = as_events(cards, "bench.rvs")
    assert events is not None
    times = {"cards": [], "events": []}
    ledgers = {}
    for _ in range(3):
        for name, text in (("cards", cards), ("events", events)):
            took, ledgers[name] = settle(text)
            times[name].append(took)
    same = rows(ledgers["cards"]) == rows(ledgers["events"])
    print(f"{hands} hands, parlett; card by card is the baseline (1.00)")
    print(f"  bytes      {len(cards):>9,}  {len(events):>9,}  ratio {len(events) / len(cards):.2f}")
    lines = [sum(1 for line in t.splitlines() if line.strip()) for t in (cards, events)]
    print(f"  lines      {lines[0]:>9,}  {lines[1]:>9,}  ratio {lines[1] / lines[0]:.2f}")
    best = {k: min(v) for k, v in times.items()}
    print(f"  check+settle (best of 3)  ratio {best['events'] / best['cards']:.2f}")
    print(f"  ledgers agree item for item: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
