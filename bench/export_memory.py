"""Benchmark: ``export`` of one long session holds one hand at a time, in every format.

    python bench/export_memory.py            # 1,000 and 10,000 hands; a few minutes
    python bench/export_memory.py --quick    # 200 and 2,000 hands
    python bench/export_memory.py sqlite     # only the formats named (json, csv, csv-hands,
                                             # markdown, sqlite)

One session under pool rules (the pools grow with it) is generated with tests/gen.py at two
lengths, N and 10 N hands, and exported by the installed ``reversis-score`` to JSON, CSV
(items and hands), Markdown and SQLite. The target (issue 23): the peak RSS of the long
export is at most ``RSS_RATIO`` times that of the short one, for JSON and SQLite, in the same
run; the other formats are shown against the same bound. Ratios within one run say more than
megabytes on a shared machine.

It prints one table and the machine it ran on, and exits 1 when a target is missed.
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import COMMAND, PLAYERS, gen, machine, measure  # noqa: E402  (bench.py, beside this file)

RSS_RATIO = 2.0  # the long session's peak RSS against the short one's
TARGETS = ("json", "sqlite")  # the formats the target is set for; the others are shown
RUNS = [("json", ["--format", "json", "--to", "out.json"]),
        ("csv", ["--format", "csv", "--to", "out.csv"]),
        ("csv-hands", ["--format", "csv", "--what", "hands", "--to", "hands.csv"]),
        ("markdown", ["--format", "markdown", "--to", "out.md"]),
        ("sqlite", ["--format", "sqlite", "--to", "season.db"])]


def write_sessions(folder: Path, short: int) -> dict[int, Path]:
    """One session of ``short`` hands and one of ten times as many (the same first hands)."""
    paths = {}
    for hands in (short, 10 * short):
        session = gen.random_session(random.Random(7), PLAYERS, hands, void_rate=0.02, title="Long night",
                                     rules="parlett")
        paths[hands] = folder / f"long-{hands}.rvs"
        paths[hands].write_text(gen.to_rvs(session), "utf-8")
    return paths


def main() -> int:
    short = 200 if "--quick" in sys.argv else 1_000
    print(f"machine: {machine()}")
    rows, missed = [], []
    with tempfile.TemporaryDirectory(prefix="reversis-bench-") as name:
        folder = Path(name)
        paths = write_sessions(folder, short)
        named = [a for a in sys.argv[1:] if not a.startswith("--")]
        for label, args in [(label, args) for label, args in RUNS if not named or label in named]:
            rss, seconds = {}, {}
            for hands, path in paths.items():
                (folder / "season.db").unlink(missing_ok=True)
                seconds[hands], rss[hands], code = measure([COMMAND, "export", path.name, *args], folder)
                if code != 0:
                    raise SystemExit(f"export {label} of {hands} hands failed with exit status {code}")
            ratio = rss[10 * short] / rss[short]
            target = label in TARGETS
            verdict = ("met" if ratio <= RSS_RATIO else "MISSED") if target else ""
            if verdict == "MISSED":
                missed.append(label)
            long = 10 * short
            rows.append([label, f"{seconds[short]:.1f}", f"{rss[short]:.0f}", f"{seconds[long]:.1f}",
                         f"{rss[long]:.0f}", f"{ratio:.2f}×", f"≤ {RSS_RATIO}×" if target else "", verdict])
    head = ["export", f"s, {short:,} hands", "peak RSS MiB", f"s, {10 * short:,} hands", "peak RSS MiB",
            "RSS ratio", "target", ""]
    cells = [head, *rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    print("\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells))
    print("targets: " + ("all met" if not missed else "missed: " + "; ".join(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
