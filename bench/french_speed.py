"""Benchmark: the tables in French take about as long as in English.

    python bench/french_speed.py            # a 1,000-hand session; a few minutes
    python bench/french_speed.py --quick    # 200 hands

One long session under pool rules (``parlett``: hundreds of pools stand by the end, and every
hand's row lists them) is generated with tests/gen.py, then ``settle --itemised`` and ``export
--format markdown`` run in English and in French (``--lang``), each the best of three runs of
the installed ``reversis-score`` in a child process. French writes each number for a person
the French way (« 1 250 ») and each word through the catalogue; the target: no command takes
more than ``RATIO`` times as long in French as in English, in the same run.

It prints one table and the machine it ran on, and exits 1 when the target is missed.
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import COMMAND, PLAYERS, best_of, gen, machine  # noqa: E402  (bench.py, beside this file)

RATIO = 1.5  # French against English, for one command on one session
COMMANDS = {"settle --itemised": ["settle", "long.rvs", "--itemised"],
            "export --format markdown": ["export", "long.rvs", "--format", "markdown"]}


def main() -> int:
    hands = 200 if "--quick" in sys.argv else 1_000
    print(f"machine: {machine()}")
    missed = False
    with tempfile.TemporaryDirectory(prefix="reversis-bench-") as name:
        folder = Path(name)
        session = gen.random_session(random.Random(7), PLAYERS, hands, void_rate=0.02, title="Long night",
                                     rules="parlett")
        (folder / "long.rvs").write_text(gen.to_rvs(session), "utf-8")
        print(f"{'command':<26}  {'English s':>9}  {'French s':>9}  {'ratio':>6}  target ≤ {RATIO}×")
        for what, args in COMMANDS.items():
            english, french = (best_of(3, [COMMAND, "--lang", lang, *args], folder) for lang in ("en", "fr"))
            ratio = french / english
            missed = missed or ratio > RATIO
            print(f"{what:<26}  {english:>9.2f}  {french:>9.2f}  {ratio:>5.2f}×  "
                  f"{'met' if ratio <= RATIO else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
