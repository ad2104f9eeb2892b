"""Mutation testing of the settlement, the replay and the rules with mutmut (a script, not in CI).

    nice -n 15 python bench/mutate.py                       # settle/ under the settle-focused tests
    nice -n 15 python bench/mutate.py --only replay rules   # the replay and the rules
    python bench/mutate.py --report                         # the last run's results again

mutmut changes one thing at a time in the code (a ``<`` into ``<=``, a ``9`` into ``10``, a
``and`` into ``or``, ...) and runs the tests that reach the changed function: a mutant no test
notices "survives". The script copies the checkout into ``build/mutation/`` (git-ignored; the
checkout itself is never changed), adds mutmut's settings to that copy's pyproject.toml, runs
``mutmut run`` there and writes ``bench/mutants.md``: the score per package and every surviving
mutant as a diff, to be killed by a new test or explained.

Hypothesis is held to fixed examples (``--hypothesis-seed=0``, the ``mutation`` profile of
tests/conftest.py: derandomized, no example database), so a mutant is caught or not the same
way on every run. Only the settle-focused test files run (``TESTS``): the whole suite takes
minutes a mutant. mutmut needs a fork-capable POSIX system; expect tens of minutes for settle/
on two cores.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutation"
REPORT = ROOT / "bench" / "mutants.md"
MUTMUT = Path(sys.executable).with_name("mutmut")
COPIED = ["reversis_score", "grammar", "tests", "samples", "docs", "pyproject.toml", "LICENSE", "README.md"]
# The tests that hand-work settlements: the sources' sentences, the edges, the oracle, the goldens.
TESTS = ["tests/test_sources.py", "tests/test_edges.py", "tests/test_oracle.py",
         "tests/test_against_oracle.py", "tests/test_worked_hand.py", "tests/test_reversis.py",
         "tests/test_espagnolette.py", "tests/test_items.py", "tests/test_engine.py",
         "tests/test_presets.py", "tests/test_samples.py", "tests/test_rules_doc.py",
         "tests/test_properties.py", "tests/test_replay.py", "tests/test_edge_cases.py"]


def settings(only: list[str], tests: list[str]) -> str:
    """The [tool.mutmut] table for the copy's pyproject.toml."""
    patterns = ", ".join(f'"reversis_score/{name}/*"' for name in only)
    selection = ", ".join(f'"{t}"' for t in tests)
    return f"""
[tool.mutmut]
source_paths = ["reversis_score"]
only_mutate = [{patterns}]
also_copy = ["grammar", "samples", "docs", "LICENSE", "README.md"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "--hypothesis-seed=0",
                       "--hypothesis-profile=mutation", "-o", "addopts=-q"]
pytest_add_cli_args_test_selection = [{selection}]
use_git_change_detection = false
"""


def prepare(only: list[str], tests: list[str]) -> None:
    """A fresh copy of the checkout in build/mutation/, with mutmut's settings."""
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, WORK / name, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(source, WORK / name)
    pyproject = WORK / "pyproject.toml"
    pyproject.write_text(pyproject.read_text("utf-8") + settings(only, tests), "utf-8")


def run(children: int) -> int:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # mutmut puts mutants/ first
    return subprocess.run([str(MUTMUT), "run", "--max-children", str(children)], cwd=WORK, env=env,
                          check=False).returncode


def results() -> dict[str, str]:
    """Each mutant's name and status, from ``mutmut results --all true``."""
    out = subprocess.run([str(MUTMUT), "results", "--all", "true"], cwd=WORK, capture_output=True,
                         text=True, check=False).stdout
    found = {}
    for line in out.splitlines():
        match = re.match(r"\s*(\S+): (.+)$", line)
        if match:
            found[match.group(1)] = match.group(2).strip()
    return found


def package(name: str) -> str:
    """'reversis_score.settle.party.x_value__mutmut_3' -> 'settle'."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else parts[0]


def write_report(found: dict[str, str]) -> None:
    by = Counter((package(n), s) for n, s in found.items())
    packages = sorted({package(n) for n in found})
    lines = ["# Mutants that survived the settle-focused tests", "",
             "Written by `bench/mutate.py` (mutmut; hypothesis held to fixed examples). A mutant is",
             "*killed* when a test fails on it; *survived* when every test still passes.", "",
             "| package | mutants | killed | survived | timeout | other | score |",
             "|---|---|---|---|---|---|---|"]
    for p in packages:
        total = sum(c for (q, _), c in by.items() if q == p)
        killed = by[(p, "killed")]
        timeout = by[(p, "timeout")]
        survived = by[(p, "survived")]
        other = total - killed - timeout - survived
        caught = killed + timeout
        lines.append(f"| {p} | {total} | {killed} | {survived} | {timeout} | {other} | "
                     f"{100 * caught / max(1, total - other):.1f}% |")
    lines += ["", "(score: killed and timed-out mutants over those that ran; *other* counts mutants "
              "no selected test reaches, and those mutmut could not run.)", ""]
    for name, status in sorted(found.items()):
        if status in ("killed", "timeout"):
            continue
        diff = subprocess.run([str(MUTMUT), "show", name], cwd=WORK, capture_output=True, text=True,
                              check=False).stdout
        lines += [f"## {name}: {status}", "", "```diff", diff.strip(), "```", ""]
    REPORT.write_text("\n".join(lines) + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", default=["settle"], help="packages of reversis_score to mutate")
    parser.add_argument("--tests", nargs="+", default=TESTS, help="the test files to run on each mutant")
    parser.add_argument("--children", type=int, default=2, help="mutants run at once")
    parser.add_argument("--report", action="store_true", help="only write bench/mutants.md again")
    args = parser.parse_args()
    if not args.report:
        prepare(args.only, [t for t in args.tests if (ROOT / t).exists()])
        run(args.children)
    found = results()
    write_report(found)
    print(REPORT.read_text("utf-8").split("\n## ")[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
