"""Benchmark: this checkout against an older commit, side by side, in one run.

    python bench/compare.py                  # against 799ff98 (before the events and French work)
    python bench/compare.py --old abc1234    # against another commit
    python bench/compare.py --runs 7 --quick # more rounds; a 1,000-hand session instead of 5,000

The older commit is built once in a git worktree under ``build/old-<commit>/`` with a virtual
environment of its own (``pip install -e``); later runs reuse it. Both sides read the same
records, written by bench.py's generator: an archive of 100 sessions × 20 hands (every
preset) and one pool session of 5,000 hands. Each command runs as a child process of each
side's installed ``reversis-score``, the two sides alternating (old then new, then new then
old) for several rounds, so that a busy moment of a shared machine falls on both. It prints
the median and the fastest time of each side and their ratios (new / old: under 1.0 is
faster), and the check of the archive as a ratio to the regex token pass of the same run (the
"floor"). It exits 1 when a median ratio is above ``--limit`` (1.0 by default).

Both sides' modules are compiled to bytecode first, as an installed package's are: with
PYTHONDONTWRITEBYTECODE set (as on the team's machine) every run would otherwise compile every
module it imports again, and the side with more source would pay that at each start.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, machine, regex_pass, write_records  # noqa: E402  (bench.py, beside this file)

# A fresh Python runs the command and prints its wall time, the CPU time (user + system) of
# the command and its workers, and its exit status: on a busy machine the CPU time moves less.
PROBE = ("import resource, subprocess, sys, time\n"
         "t = time.perf_counter()\n"
         "quiet = subprocess.DEVNULL\n"
         "code = subprocess.run(sys.argv[1:], stdout=quiet, stderr=quiet).returncode\n"
         "t = time.perf_counter() - t\n"
         "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
         "print(t, r.ru_utime + r.ru_stime, code)")
# The floor as a command: a Python process that splits the archive into tokens (bench.py's regex
# pass), start-up included, as the commands pay theirs.
FLOOR = ("import re, sys\n"
         "token = re.compile(r'[^\\s#]+|#[^\\n]*')\n"
         "print(sum(len(token.findall(line)) for name in sys.argv[1:]\n"
         "          for line in open(name, encoding='utf-8').read().splitlines()))")


def old_command(commit: str) -> Path:
    """The ``reversis-score`` of ``commit``, built in a worktree under build/ when not there yet."""
    sha = subprocess.run(["git", "rev-parse", "--short", commit], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    tree = ROOT / "build" / f"old-{sha}"
    command = tree / ".venv" / "bin" / "reversis-score"
    if command.exists():
        return command
    if not tree.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), sha], cwd=ROOT, check=True)
    subprocess.run([sys.executable, "-m", "venv", str(tree / ".venv")], check=True)
    subprocess.run([str(tree / ".venv" / "bin" / "pip"), "install", "-q", "-e", str(tree)], check=True)
    return command


def compile_side(command: Path, package: Path) -> None:
    """``package``'s bytecode written by the Python of ``command``'s virtual environment (it
    writes whatever PYTHONDONTWRITEBYTECODE says; a fresh file is left as it is)."""
    subprocess.run([str(command.parent / "python"), "-m", "compileall", "-q", str(package)], check=True,
                   stdout=subprocess.DEVNULL)


def new_command() -> Path:
    """This checkout's ``reversis-score``: the one beside the Python running the bench, else the PATH's."""
    beside = Path(sys.executable).parent / "reversis-score"
    return beside if beside.exists() else Path(shutil.which("reversis-score") or "reversis-score")


def cases(archive: list[str], long: str, one_hand: str) -> list[tuple[str, list[str], str]]:
    """What runs: a label, the arguments, and the file it writes (removed before each run)."""
    return [
        ("check, one hand", ["check", one_hand], ""),
        ("check, archive", ["check", *archive], ""),
        ("check --jobs 1, archive", ["check", "--jobs", "1", *archive], ""),
        ("export sqlite, archive", ["export", "--format", "sqlite", "--to", "out.db", *archive], "out.db"),
        ("export json, archive", ["export", "--to", "out.json", *archive], "out.json"),
        ("check, 5,000 hands", ["check", long], ""),
        ("export sqlite, 5,000 hands", ["export", "--format", "sqlite", "--to", "out.db", long], "out.db"),
    ]


def timed(command: list[str], folder: Path, output: str = "") -> tuple[float, float]:
    """Wall and CPU time of one run; a failure (exit status other than 0 or 1) stops the bench."""
    if output:
        (folder / output).unlink(missing_ok=True)
    out = subprocess.run([sys.executable, "-c", PROBE, *command], cwd=folder, capture_output=True, text=True,
                         check=True).stdout.split()
    if int(out[2]) not in (0, 1):
        raise SystemExit(f"{' '.join(command[:4])}… failed with exit status {out[2]}")
    return float(out[0]), float(out[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="799ff98", help="the commit to compare with (default 799ff98)")
    parser.add_argument("--runs", type=int, default=5, help="rounds of each command on each side (default 5)")
    parser.add_argument("--quick", action="store_true", help="a 1,000-hand session instead of 5,000")
    parser.add_argument("--only", default="", help="run only the cases whose label contains this")
    parser.add_argument("--limit", type=float, default=1.0, help="the highest median ratio new/old allowed")
    options = parser.parse_args()
    old, new = old_command(options.old), new_command()
    compile_side(old, old.parent.parent.parent / "reversis_score")
    compile_side(new, ROOT / "reversis_score")
    print(f"machine: {machine()}")
    print(f"old: {options.old} ({old}); new: {new}")
    with tempfile.TemporaryDirectory(prefix="reversis-compare-") as name:
        folder = Path(name)
        sides = {"old": folder / "old", "new": folder / "new"}
        for side in sides.values():
            side.mkdir()
        archive, long = write_records(sides["old"], 100, 1_000 if options.quick else 5_000)
        for path in sides["old"].iterdir():
            shutil.copy(path, sides["new"] / path.name)
        one_hand = "one-hand.rvs"
        for side in sides.values():
            (side / one_hand).write_text(archive[0].read_text("utf-8").split("\nhand 2")[0], "utf-8")
        big = long[max(long)].name
        runs = [c for c in cases([p.name for p in archive], big, one_hand) if options.only in c[0]]
        times: dict[str, dict[str, list[tuple[float, float]]]] = {label: {"old": [], "new": []}
                                                                  for label, _, _ in runs}
        floors: dict[str, list[float]] = {"in process": [], "as a command": []}
        names = [p.name for p in archive]
        for round_ in range(options.runs):
            floors["in process"].append(regex_pass(archive)[0])
            floors["as a command"].append(timed([sys.executable, "-c", FLOOR, *names], sides["new"])[0])
            order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
            for label, args, output in runs:
                for side in order:
                    command = old if side == "old" else new
                    times[label][side].append(timed([str(command), *args], sides[side], output))
            print(f"round {round_ + 1} of {options.runs} done", file=sys.stderr, flush=True)
    print(table(times, {k: min(v) for k, v in floors.items()}, options.runs))
    print(f"load average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    worse = [label for label, t in times.items() if ratio(t, 0, statistics.median) > options.limit]
    print(f"median wall-time ratio ≤ {options.limit:.2f}: "
          + ("all met" if not worse else "missed: " + "; ".join(worse)))
    return 1 if worse else 0


def ratio(t: dict[str, list[tuple[float, float]]], which: int, how: Callable[[list[float]], float]) -> float:
    """new / old of the wall (0) or CPU (1) times, by their median or their min."""
    return how([x[which] for x in t["new"]]) / how([x[which] for x in t["old"]])


def table(times: dict[str, dict[str, list[tuple[float, float]]]], floors: dict[str, float], runs: int) -> str:
    """Median and fastest wall times, median CPU times, their ratios new/old; the archive's
    checks also as a multiple of the regex floor (the fastest new run against each floor)."""
    head = ["what", "old s", "new s", "new/old", "min new/old", "CPU old s", "CPU new s", "CPU new/old",
            "new × floor"]
    rows = [head]
    for label, t in times.items():
        walls = [statistics.median(x[0] for x in t[side]) for side in ("old", "new")]
        cpus = [statistics.median(x[1] for x in t[side]) for side in ("old", "new")]
        fastest = min(x[0] for x in t["new"])
        floor_cell = " / ".join(f"{fastest / f:.1f}×" for f in floors.values()) if "check" in label else ""
        rows.append([label, f"{walls[0]:.2f}", f"{walls[1]:.2f}", f"×{walls[1] / walls[0]:.2f}",
                     f"×{ratio(t, 0, min):.2f}", f"{cpus[0]:.2f}", f"{cpus[1]:.2f}",
                     f"×{cpus[1] / cpus[0]:.2f}", floor_cell])
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.append(f"{runs} rounds, old and new alternating; medians. The regex floor of the archive (fastest "
                 f"of the rounds), in process / as a command: "
                 + " / ".join(f"{f:.3f} s" for f in floors.values()))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
