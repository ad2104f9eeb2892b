"""Benchmark: large headers are read in linear time (issue 23).

    python bench/headers.py           # 10,000 and 100,000 (300,000 TOML keys): a minute or two
    python bench/headers.py --quick   # a tenth of that: a smoke run

Three headers a record from anyone may carry: a ``players:`` line of N names, N ``rule``
lines (each the same knob: every one after the first is an error), and a house-rules file of
N unknown keys. Each is checked by the installed ``reversis-score`` (a child process) at a
small and a ten-times larger N; the ratio of the two times is what is judged, so that a
shared machine's speed does not matter: linear work gives about 10 (a little less, as the
start-up is paid once), quadratic work about 100. Exits 1 when a ratio exceeds the target.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = shutil.which("reversis-score") or "reversis-score"
MAX_RATIO = 20  # ten times the input in at most twenty times the time: linear, with slack


def players(n: int, folder: Path) -> list[str]:
    path = folder / f"players-{n}.rvs"
    path.write_text("players: " + " ".join(f"P{i}" for i in range(n)) + "\n")
    return ["check", str(path)]


def rule_lines(n: int, folder: Path) -> list[str]:
    path = folder / f"rules-{n}.rvs"
    path.write_text("players: A B C D\n" + "rule fine_revoke: 5\n" * n)
    return ["check", str(path)]


def toml_keys(n: int, folder: Path) -> list[str]:
    (folder / f"keys-{n}.toml").write_text("".join(f"k{i} = 1\n" for i in range(n)))
    path = folder / f"keys-{n}.rvs"
    path.write_text(f"players: A B C D\nrules: keys-{n}.toml\n")
    return ["--max-rules-mib", "64", "check", str(path)]


CASES = [("players: N names", players, 10_000), ("N rule lines", rule_lines, 10_000),
         ("N unknown TOML keys", toml_keys, 30_000)]


def seconds(args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([COMMAND, *args], capture_output=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}: {done.stderr[-300:]!r}")
    return elapsed


def main() -> int:
    quick = "--quick" in sys.argv
    failed = False
    print(f"{'header':22} {'N':>9} {'10 N':>9} {'time N':>8} {'time 10 N':>10} {'ratio':>6}")
    with tempfile.TemporaryDirectory(prefix="reversis-headers-") as name:
        folder = Path(name)
        for label, make, n in CASES:
            n = n // 10 if quick else n
            small, large = seconds(make(n, folder)), seconds(make(10 * n, folder))
            ratio = large / small
            failed |= ratio > MAX_RATIO
            verdict = "ok" if ratio <= MAX_RATIO else f"MISSED (target ≤ {MAX_RATIO})"
            print(f"{label:22} {n:>9,} {10 * n:>9,} {small:>7.2f}s {large:>9.2f}s {ratio:>6.1f} {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
