"""check of a record whose header gives one key 50,000 times (issue 38): target under 1 s.

    python bench/repeats.py

The record is the notation example with ``rule pool_ante: 5`` written 50,000 times after its
``rules:`` line (and its French twin, ``règle pool_ante: 5`` in samples/fr/regles-fr-salon.rvs).
Each is checked by the installed command as a child process, five times; the figure is the
child's CPU time (user + system, so that a busy shared machine does not count), beside a
one-hand check's in the same run. The errors are said three times, then summed up in one
line ("'rule pool_ante' is given 50,000 times, first on line 6").
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = shutil.which("reversis-score", path=str(Path(sys.executable).parent)) or "reversis-score"
RUNS = 5
TIMES = 50_000


def repeated(source: Path, key: str, line: str, folder: Path) -> Path:
    lines = source.read_text("utf-8").split("\n")
    at = next(i for i, text in enumerate(lines) if text.startswith(key)) + 1
    path = folder / f"repeated-{source.stem}.rvs"
    path.write_text("\n".join(lines[:at] + [line] * TIMES + lines[at:]), "utf-8")
    return path


def cpu_seconds(*args: str) -> tuple[float, str]:
    """The median CPU time of RUNS children running ``reversis-score ARGS``, and the last's stderr."""
    times, said = [], ""
    for _ in range(RUNS):
        before = os.times()
        done = subprocess.run([COMMAND, *args], capture_output=True, text=True, check=False)
        after = os.times()
        user = after.children_user - before.children_user
        times.append(user + after.children_system - before.children_system)
        said = done.stderr
    return statistics.median(times), said


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    example = ROOT / "tests" / "data" / "notation-example.rvs"
    english = repeated(example, "rules:", "rule pool_ante: 5", folder)
    salon = ROOT / "samples" / "fr" / "regles-fr-salon.rvs"
    french = repeated(salon, "règles:", "règle pool_ante: 5", folder)
    base, _ = cpu_seconds("check", str(example))
    print(f"{'what':46} {'CPU s':>6} {'× one hand':>10}  errors said")
    print(f"{'check, the notation example (one hand)':46} {base:6.2f} {1:10.1f}×")
    for label, path, lang in (("check, a key given 50,000 times", english, "en"),
                              ("check --lang fr, its French twin", french, "fr")):
        took, said = cpu_seconds("--lang", lang, "check", str(path))
        errors = sum(1 for line in said.splitlines() if ": error: " in line or ": erreur\u202f: " in line
                     or ": erreur: " in line)
        verdict = "met" if took < 1 else "NOT met"
        print(f"{label:46} {took:6.2f} {took / base:10.1f}×  {errors} (target < 1 s: {verdict})")
    print(f"load average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
