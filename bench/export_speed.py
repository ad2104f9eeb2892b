"""Benchmark: ``export --format json`` of one long session takes time linear in its hands.

    python bench/export_speed.py            # 1,000 and 10,000 hands; several minutes
    python bench/export_speed.py --quick    # 200 and 2,000 hands

One session under pool rules (``parlett``: the pools grow with the session, hundreds stand by
the end) is generated with tests/gen.py at two lengths, N and 10 N hands (the same first
hands), and exported to JSON by the installed ``reversis-score`` in a child process. The target
(issue 31): the long export takes at most ``TIME_RATIO`` times as long as the short one, in the
same run. The size of each document is shown beside: every hand lists every open pool
(``pools_before``/``pools_after``, keys other tools read), so the bytes grow faster than the
hands; the time must not.

It prints one table and the machine it ran on, and exits 1 when the target is missed.
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import COMMAND, PLAYERS, gen, machine, measure  # noqa: E402  (bench.py, beside this file)

TIME_RATIO = 12.0  # the long session's export time against the short one's


def main() -> int:
    short = 200 if "--quick" in sys.argv else 1_000
    print(f"machine: {machine()}")
    seconds, sizes = {}, {}
    with tempfile.TemporaryDirectory(prefix="reversis-bench-") as name:
        folder = Path(name)
        for hands in (short, 10 * short):
            session = gen.random_session(random.Random(7), PLAYERS, hands, void_rate=0.02,
                                         title="Long night", rules="parlett")
            path = folder / f"long-{hands}.rvs"
            path.write_text(gen.to_rvs(session), "utf-8")
            out = f"out-{hands}.json"
            seconds[hands], _, code = measure([COMMAND, "export", path.name, "--format", "json", "--to", out],
                                              folder)
            if code != 0:
                raise SystemExit(f"export of {hands} hands failed with exit status {code}")
            sizes[hands] = (folder / out).stat().st_size
            (folder / out).unlink()
    long = 10 * short
    ratio = seconds[long] / seconds[short]
    verdict = "met" if ratio <= TIME_RATIO else "MISSED"
    print(f"{'hands':>8}  {'seconds':>8}  {'MB':>8}")
    for hands in (short, long):
        print(f"{hands:>8,}  {seconds[hands]:>8.1f}  {sizes[hands] / 1e6:>8.1f}")
    print(f"time ratio {ratio:.1f}× (target ≤ {TIME_RATIO:.0f}×): {verdict}; "
          f"size ratio {sizes[long] / sizes[short]:.1f}×")
    return 0 if verdict == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
