"""Fuzz at scale: mutated records through check, settle, format, audit and report.

    python bench/fuzz.py              # 10,000 records, ~10 minutes on two cores
    python bench/fuzz.py 500 --seed 3 # fewer records, another seed

Kept outside CI (tests/test_fuzz.py is the short version that CI runs). Each record is one
of the samples, the notation example or a generated session, with one to three mutations:
a line dropped, duplicated, swapped, cut short, or bytes inserted (random, or a piece of
notation: a card, a name, a keyword, a colon). Every command runs in-process through Typer's
CliRunner. A failure is a traceback, an exception other than an exit, an internal error
(exit 70) or an exit status a command does not document; an error exit must say something
on standard error. Prints the tally and each failure with the seed and index that remake
it; exits 1 when any failure was found.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

COMMANDS = {"check": (0, 1), "settle": (0, 1), "format": (0, 1), "audit": (0, 1, 3), "report": (0, 1)}
PIECES = [b"AS", b"10H", b"QH", b"J\xe2\x99\xa5", b"Anne", b"pool", b":", b"|", b",", b"->", b"#", b"\t",
          b"hand", b"dealer:", b"tricks:", b"void: misdeal", b"irregular: revoke Anne", b"keeps",
          b"\"Jo Jo\"", b"999999999999", b"\xff", b"\x00", b"\r"]


def sources() -> list[bytes]:
    """The records mutations start from: every sample, the notation example, generated sessions."""
    import gen
    texts = [p.read_bytes() for p in sorted((ROOT / "samples").glob("*.rvs"))]
    texts.append((ROOT / "tests" / "data" / "notation-example.rvs").read_bytes())
    for i, preset in enumerate(("parlett", "regles-fr", "denexa")):
        session = gen.random_session(random.Random(i), ("Anne", "Bruno", "Claire", "Denis"), 6,
                                     void_rate=0.1, rules=preset, stake=100)
        text = gen.to_rvs(session, trick_form="mixed", numbered="mixed", symbols="mixed", comments=True,
                          mix_seed=i)
        texts.append(text.encode("utf-8"))
    return texts


def mutate(rng: random.Random, data: bytes) -> bytes:
    """One mutation (half the time), two or three, of whole lines or bytes."""
    lines = data.split(b"\n")
    for _ in range(rng.choice((1, 1, 2, 3))):
        if not lines:
            break
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        kind = rng.choice(("drop", "duplicate", "swap", "truncate", "bytes", "piece"))
        if kind == "drop":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[j])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "truncate":
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        else:
            noise = rng.choice(PIECES) if kind == "piece" else rng.randbytes(rng.randint(1, 6))
            k = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:k] + noise + lines[i][k:]
    return b"\n".join(lines)


def run_batch(seed: int, first: int, count: int) -> tuple[Counter, list[str]]:
    """Records ``first`` to ``first + count`` of the run with ``seed``: the tally and failures."""
    from typer.testing import CliRunner

    from reversis_score.cli import app
    texts = sources()
    runner = CliRunner()
    tally: Counter = Counter()
    failures = []
    with tempfile.TemporaryDirectory(prefix="reversis-fuzz-") as folder:
        path = Path(folder) / "fuzz.rvs"
        for index in range(first, first + count):
            rng = random.Random(f"{seed}:{index}")
            path.write_bytes(mutate(rng, rng.choice(texts)))
            for command, allowed in COMMANDS.items():
                result = runner.invoke(app, [command, str(path)])
                problem = judge(result, allowed)
                tally[(command, result.exit_code)] += 1
                if problem:
                    failures.append(f"seed {seed} record {index} {command}: {problem}")
    return tally, failures


def judge(result, allowed: tuple[int, ...]) -> str | None:
    """What is wrong with one command's run, if anything."""
    output = result.output + (result.stderr if hasattr(result, "stderr") else "")
    if "Traceback" in output:
        return "a traceback"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"{type(result.exception).__name__}: {result.exception}"
    if result.exit_code not in allowed:
        return f"exit status {result.exit_code}: {output.strip().splitlines()[-1:] or ''}"
    if result.exit_code and not output.strip():
        return f"exit status {result.exit_code} without a word"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description="Mutated records through the commands.")
    parser.add_argument("total", nargs="?", type=int, default=10_000, help="how many records")
    parser.add_argument("--seed", type=int, default=15, help="the mutations' random seed")
    options = parser.parse_args()
    total, seed = options.total, options.seed
    workers = max(1, len(os.sched_getaffinity(0)))
    step = 250
    start = time.perf_counter()
    tally: Counter = Counter()
    failures: list[str] = []
    with ProcessPoolExecutor(workers) as pool:
        jobs = [pool.submit(run_batch, seed, first, min(step, total - first))
                for first in range(0, total, step)]
        for job in jobs:
            counts, found = job.result()
            tally.update(counts)
            failures.extend(found)
    seconds = time.perf_counter() - start
    print(f"{total:,} mutated records (seed {seed}) through {', '.join(COMMANDS)} in {seconds:.0f} s")
    for command in COMMANDS:
        codes = ", ".join(f"exit {code}: {n:,}" for (c, code), n in sorted(tally.items()) if c == command)
        print(f"  {command:7} {codes}")
    for failure in failures[:50]:
        print("FAILURE " + failure)
    print(f"failures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
