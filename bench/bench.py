"""Benchmark: speed, memory and start-up of the installed ``reversis-score``, against targets.

    python bench/bench.py            # about two minutes on a 2-core machine
    python bench/bench.py --quick    # 100 files and a 1,000-hand session: a smoke run

It writes generated records (tests/gen.py: legal random hands, every preset) to a temporary
folder: a club archive of 500 sessions × 20 hands, and one long session under pool rules
(500 and 5,000 hands). Every command runs as a child process of the installed
``reversis-score``, so that start-up and memory are real; peak RSS is that of the largest
process of the run (the command or one of its workers). Each speed is also given as a ratio
to a regex pass that only splits the same files into tokens, taken in the same run: on a
shared machine, ratios say more than seconds.

It prints one table and the machine it ran on, and exits 1 when a target is missed.
"""
from __future__ import annotations

import os
import platform
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import gen  # noqa: E402  (the generator of legal random hands, from tests/ put on the path above)

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
PRESETS = ("parlett", "regles-fr", "manuscrit", "dafydd", "denexa")
COMMAND = shutil.which("reversis-score") or "reversis-score"
# The targets of issue 15; each is checked in the same run as what it is compared with.
CHECK_HANDS_PER_S = 5_000
CHECK_TO_REGEX = 8.0
SQLITE_HANDS_PER_S = 3_000
ARCHIVE_RSS_RATIO = 1.5  # 500 files against 20
SESSION_RSS_RATIO = 2.0  # 5,000 hands against 500
CHECK_START_RATIO = 1.5  # a one-hand check against importing typer, lark and tabulate
HELP_START_RATIO = 1.2


@dataclass
class Row:
    """One line of the table: what ran, how fast, how big, and the target it answers to."""

    what: str
    seconds: float
    hands: int = 0
    rss_mib: float = 0.0
    note: str = ""
    ok: bool | None = None

    def cells(self, regex_rate: float) -> list[str]:
        """The row's cells; its speed is also a ratio: how many times slower than the regex pass."""
        rate = f"{self.hands / self.seconds:,.0f}" if self.hands else ""
        ratio = f"{regex_rate / (self.hands / self.seconds):.1f}×" if self.hands else ""
        verdict = {True: "met", False: "MISSED", None: ""}[self.ok]
        return [self.what, f"{self.seconds:.2f}", rate, ratio,
                f"{self.rss_mib:.0f}" if self.rss_mib else "", self.note, verdict]


def write_records(folder: Path, files: int, long_hands: int) -> tuple[list[Path], dict[int, Path]]:
    """The archive (``files`` sessions × 20 hands, every preset) and two long sessions."""
    archive = []
    for i in range(files):
        preset = PRESETS[i % len(PRESETS)]
        session = gen.random_session(random.Random(i), PLAYERS, 20, void_rate=0.02, title=f"Night {i}",
                                     rules=preset, stake=100, deck_size=52 if preset == "dafydd" else 48)
        path = folder / f"night-{i:03}.rvs"
        path.write_text(gen.to_rvs(session), "utf-8")
        archive.append(path)
    long = {}
    for hands in (long_hands // 10, long_hands):
        session = gen.random_session(random.Random(7), PLAYERS, hands, void_rate=0.02, title="Long night",
                                     rules="parlett")  # multiple pools: they grow with the session
        long[hands] = folder / f"long-{hands}.rvs"
        long[hands].write_text(gen.to_rvs(session), "utf-8")
    return archive, long


def measure(args: list[str], cwd: Path) -> tuple[float, float, int]:
    """Wall time, peak RSS (MiB) of the largest process, and exit status of one command.

    A fresh Python process runs the command and reads its own children's rusage: the
    command's workers are its children, waited for, so their peak counts too.
    """
    probe = ("import resource, subprocess, sys, time\n"
             "t = time.perf_counter()\n"
             "quiet = subprocess.DEVNULL\n"
             "code = subprocess.run(sys.argv[1:], stdout=quiet, stderr=quiet).returncode\n"
             "t = time.perf_counter() - t\n"
             "print(t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)")
    out = subprocess.run([sys.executable, "-c", probe, *args], cwd=cwd, capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[0]), int(out[1]) / 1024, int(out[2])


def regex_pass(files: list[Path]) -> tuple[float, int]:
    """The floor: split every line of the files into tokens with one regex."""
    token = re.compile(r"[^\s#]+|#[^\n]*")
    start = time.perf_counter()
    count = 0
    for path in files:
        for line in path.read_text("utf-8").splitlines():
            count += len(token.findall(line))
    return time.perf_counter() - start, count


def best_of(runs: int, args: list[str], cwd: Path) -> float:
    """The fastest of a few runs (start-up is noisy on a shared machine)."""
    return min(measure(args, cwd)[0] for _ in range(runs))


def archive_rows(folder: Path, archive: list[Path], hands_per_file: int) -> list[Row]:
    """check and export over the whole archive and over its first 20 files."""
    names = [p.name for p in archive]
    rows = []
    runs = [("check", ["check"]), ("check --jobs 1", ["check", "--jobs", "1"]), ("export json", ["export"]),
            ("export csv", ["export", "--format", "csv"]),
            ("export sqlite", ["export", "--format", "sqlite", "--to", "season.db"])]
    for label, args in runs:
        sizes = {}
        for subset in (names[:20], names):
            (folder / "season.db").unlink(missing_ok=True)
            seconds, rss, code = measure([COMMAND, *args, *subset], folder)
            if code not in (0, 1):
                raise SystemExit(f"{label} failed with exit status {code}")
            sizes[len(subset)] = rss
            rows.append(Row(f"{label}, {len(subset)} files", seconds, len(subset) * hands_per_file, rss))
        ratio = sizes[len(names)] / sizes[20]
        rows[-1].note = f"RSS {ratio:.2f}× 20 files (≤ {ARCHIVE_RSS_RATIO}×)"
        rows[-1].ok = ratio <= ARCHIVE_RSS_RATIO
    return rows


def session_rows(folder: Path, long: dict[int, Path]) -> list[Row]:
    """settle --format json and csv, and check, of the long session, short and long."""
    rows = []
    small, big = sorted(long)
    runs = [(f"settle --format {fmt}", ["settle", "--format", fmt]) for fmt in ("json", "csv")]
    runs.append(("check", ["check"]))  # hand by hand too: no hand is kept once its problems are noted
    for label, args in runs:
        rss = {}
        for hands in (small, big):
            seconds, rss[hands], _ = measure([COMMAND, args[0], long[hands].name, *args[1:]], folder)
            rows.append(Row(f"{label}, {hands:,} hands", seconds, hands, rss[hands]))
        ratio = rss[big] / rss[small]
        rows[-1].note = f"RSS {ratio:.2f}× {small:,} hands (≤ {SESSION_RSS_RATIO}×)"
        rows[-1].ok = ratio <= SESSION_RSS_RATIO
    return rows


def startup_rows(folder: Path, one_hand: Path) -> list[Row]:
    """A one-hand check and --help against importing typer, lark and tabulate."""
    base = best_of(9, [sys.executable, "-c", "import typer, lark, tabulate"], folder)
    check = best_of(9, [COMMAND, "check", one_hand.name], folder)
    helped = best_of(9, [COMMAND, "--help"], folder)
    return [Row("import typer, lark, tabulate", base),
            Row("check, one hand", check, note=f"{check / base:.2f}× the imports (≤ {CHECK_START_RATIO}×)",
                ok=check / base <= CHECK_START_RATIO),
            Row("--help", helped, note=f"{helped / base:.2f}× the imports (≤ {HELP_START_RATIO}×)",
                ok=helped / base <= HELP_START_RATIO)]


def machine() -> str:
    """What the figures were taken on, and how busy it was."""
    model = ""
    try:
        model = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{platform.node()}: {model or platform.processor()}, {os.cpu_count()} CPUs, "
            f"Python {platform.python_version()}, {platform.system()} {platform.release()}; "
            f"load average {load}")


def table(rows: list[Row], regex_rate: float) -> str:
    """The rows as a plain text table."""
    head = ["what", "seconds", "hands/s", "× regex", "peak RSS MiB", "target", ""]
    cells = [head] + [row.cells(regex_rate) for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells)


def main() -> int:
    quick = "--quick" in sys.argv
    files, long_hands = (100, 1_000) if quick else (500, 5_000)
    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory(prefix="reversis-bench-") as name:
        folder = Path(name)
        archive, long = write_records(folder, files, long_hands)
        one_hand = folder / "one-hand.rvs"
        one_hand.write_text(archive[0].read_text("utf-8").split("\nhand 2")[0], "utf-8")
        regex_s, tokens = regex_pass(archive)
        rows = [Row(f"regex token pass, {files} files ({tokens:,} tokens)", regex_s, files * 20)]
        rows += startup_rows(folder, one_hand)
        rows += archive_rows(folder, archive, 20)
        rows += session_rows(folder, long)
        check = next(r for r in rows if r.what == f"check, {files} files")
        rate = check.hands / check.seconds
        check.ok = rate >= CHECK_HANDS_PER_S and check.seconds / regex_s <= CHECK_TO_REGEX
        check.note = f"≥ {CHECK_HANDS_PER_S:,} hands/s, ≤ {CHECK_TO_REGEX:.0f}× regex; " + check.note
        sqlite = next(r for r in rows if r.what == f"export sqlite, {files} files")
        sqlite.ok = sqlite.ok and sqlite.hands / sqlite.seconds >= SQLITE_HANDS_PER_S
        sqlite.note = f"≥ {SQLITE_HANDS_PER_S:,} hands/s; " + sqlite.note
        print(table(rows, files * 20 / regex_s))
    print(f"load average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}; "
          f"bench's own peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    missed = [r.what for r in rows if r.ok is False]
    print("targets: " + ("all met" if not missed else "missed: " + "; ".join(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
