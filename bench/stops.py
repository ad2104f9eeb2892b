"""Stopped runs: SIGTERM (or SIGINT) sent to ``export --jobs 2`` of a 100-file archive, many times.

    python bench/stops.py                       # 20 SIGTERMs of export to JSON
    python bench/stops.py --signal INT --format sqlite --runs 20

Each run starts the installed command on the archive (bench.py's generator, 100 sessions × 20
hands), waits until its two workers are up, waits a random moment more (so the signal falls
anywhere: while a worker settles, while it sends its answer, while the parent joins the pieces)
and sends the signal to the command alone, as ``kill`` does. A run passes when the command
ends within 30 s with 143 (SIGTERM) or 130 (SIGINT), says one line, leaves no worker running and
leaves nothing in its folder or in its temporary folder. A run that hangs is killed and
counted. Not a test: it lasts a minute and depends on timing; tests/test_hostile_process.py
holds the single cases. Exit status 1 when any run failed.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare import new_command  # noqa: E402

from bench import ROOT, write_records  # noqa: E402  (bench.py, beside this file)

sys.path.insert(0, str(ROOT / "tests"))
from processes import children, running  # noqa: E402  (tests/processes.py)

CODES = {"TERM": (signal.SIGTERM, 143, "terminated (SIGTERM): stopped"),
         "INT": (signal.SIGINT, 130, "interrupted (SIGINT): stopped")}


def one_run(command: Path, names: list[str], archive: Path, fmt: str, sig: str,
            rng: random.Random) -> tuple[str, float]:
    """One stopped run: what went wrong ('' when nothing did), and the seconds it took to stop."""
    signum, code, line = CODES[sig]
    with tempfile.TemporaryDirectory(prefix="reversis-stops-") as name:
        work, temp = Path(name) / "work", Path(name) / "tmp"
        work.mkdir()
        temp.mkdir()
        target = "out.db" if fmt == "sqlite" else "out.json"
        args = [str(command), "export", "--jobs", "2", "--format", fmt, "--to", target,
                *[str(archive / n) for n in names]]
        proc = subprocess.Popen(args, cwd=work, env={**os.environ, "TMPDIR": str(temp)},
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        kids: set[int] = set()
        deadline = time.monotonic() + 30
        while len(kids) < 2 and proc.poll() is None and time.monotonic() < deadline:
            kids |= children(proc.pid)
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.6))
        if proc.poll() is not None:
            return "finished before the signal", 0.0
        sent = time.monotonic()
        proc.send_signal(signum)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            for pid in [proc.pid, *kids]:
                if running(pid):
                    os.kill(pid, signal.SIGKILL)
            proc.communicate()
            return "HUNG (killed after 30 s)", 30.0
        took = time.monotonic() - sent
        problems = []
        if proc.returncode != code:
            problems.append(f"exit {proc.returncode}")
        if err.decode().splitlines() != [line]:
            problems.append(f"said {err.decode()!r}")
        time.sleep(0.5)
        if any(map(running, kids)):
            problems.append("a worker left running")
        left = [p.name for p in (*work.iterdir(), *temp.iterdir())]
        if left:
            problems.append(f"left {left}")
        return "; ".join(problems), took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--signal", choices=sorted(CODES), default="TERM")
    parser.add_argument("--format", choices=("json", "sqlite", "csv", "markdown"), default="json")
    options = parser.parse_args()
    command = new_command()
    rng = random.Random(44)
    with tempfile.TemporaryDirectory(prefix="reversis-stops-archive-") as name:
        archive = Path(name)
        written, _ = write_records(archive, 100, 10)
        names = [p.name for p in written]
        failed = early = 0
        times = []
        for n in range(options.runs):
            problem, took = one_run(command, names, archive, options.format, options.signal, rng)
            times.append(took)
            early += problem == "finished before the signal"
            failed += bool(problem) and problem != "finished before the signal"
            print(f"run {n + 1:2}: {problem or 'stopped cleanly'} ({took:.2f} s)", flush=True)
        shutil.rmtree(archive, ignore_errors=True)
    print(f"{options.runs - failed - early} of {options.runs} stopped cleanly with SIGTERM/SIGINT's code "
          f"({early} finished before the signal, {failed} failed); slowest stop {max(times):.2f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
