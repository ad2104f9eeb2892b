"""Fuzz at scale: mutated records through check, settle, format, audit and report.

    python bench/fuzz.py              # 10,000 records, ~10 minutes on two cores
    python bench/fuzz.py 500 --seed 3 # fewer records, another seed

Kept outside CI (tests/test_fuzz.py is the short version that CI runs). Each record is one
of the samples, the notation example or a generated session, with one to three mutations:
a line dropped, duplicated, swapped, cut short, or bytes inserted (random, or a piece of
notation: a card, a name, a keyword, a colon). One record in four is made hostile instead
(``hostile``): a number of thousands of digits (stake, hand, trick, table amount), a
house-rules file beside it that is nested 900 deep, has a knob of 5,000 digits, a base that
is a table or a list, 300,000 unknown keys or a 5 MB value; a header of thousands of
players or `rule` lines; terminal escapes (OSC 52, OSC 0, ESC[2J, C1) in the title and the
names; a `rules:` line naming /dev/zero, /etc/passwd, a folder or a file above the record;
a title of a megabyte. Every command runs in-process through Typer's CliRunner. A failure
is a traceback, an exception other than an exit, an internal error (exit 70, counted on its
own line), an exit status a command does not document, or a raw escape or BEL character in
what a command other than ``format`` prints; an error exit must say something on standard
error. Prints the tally and each failure with the seed and index that remake it; exits 1
when any failure was found.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

COMMANDS = {"check": (0, 1), "settle": (0, 1), "format": (0, 1), "audit": (0, 1, 3), "report": (0, 1)}
PIECES = [b"AS", b"10H", b"QH", b"J\xe2\x99\xa5", b"KQS", b"K", b"Q\xe2\x99\xa5S", b"10",  # cards of 3 and 1
          b"Anne", b"pool", b":", b"|", b",", b"->", b"#", b"\t",
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


ESCAPES = ["\x1b]52;c;aGFja2Vk\x07", "\x1b]0;owned\x07", "\x1b[2J", "\x9b31m", "\x07", "\x00", "\u202e"]
HOSTILE = ("stake", "hand", "trick", "amount", "toml-deep", "toml-digits", "toml-base-table",
           "toml-base-list", "toml-keys", "toml-value", "players", "rule-lines", "escapes",
           "rules-line", "title")


def hostile(rng: random.Random, data: bytes, kind: str | None = None,
            big: bool = True) -> tuple[bytes, dict[str, bytes]]:
    """A pathological record (and the house-rules file beside it, if any): one of HOSTILE,
    ``kind`` or chosen at random; ``big=False`` takes the smallest size of each (the tests)."""
    kind = kind or rng.choice(HOSTILE)

    def size(options: tuple[int, ...]) -> int:
        return rng.choice(options) if big else options[0]

    text = data.decode("utf-8", "replace")
    digits = "9" * size((4301, 5000, 20_000))
    if kind in ("stake", "hand", "trick", "amount"):
        pattern = {"stake": r"^stake: *\d+", "hand": r"^hand\b[^\n#]*", "trick": r"^  ?\d+\.",
                   "amount": r"-> *\S+ +\d+"}[kind]
        repl = {"stake": f"stake: {digits}", "hand": f"hand {digits}", "trick": f"  {digits}.",
                "amount": None}[kind]
        if repl is None:
            return re.sub(r"(-> *\S+ +)\d+", lambda m: m.group(1) + digits, text, count=1).encode(), {}
        found = re.sub(pattern, repl, text, count=1, flags=re.M)
        if found == text and kind == "trick":
            found = re.sub(r"^(tricks:\n  )", r"\g<1>" + digits + ". ", text, count=1, flags=re.M)
        return found.encode("utf-8"), {}
    if kind.startswith("toml"):
        toml = {"toml-deep": "x = " + "[" * 900 + "]" * 900 + "\n",
                "toml-digits": f"fine_revoke = {digits}\n",
                "toml-base-table": "base = {a=1}\n", "toml-base-list": "base = ['parlett']\n",
                "toml-keys": "".join(f"k{i} = 1\n" for i in range(size((1000, 30_000)))),
                "toml-value": 'talon_values = "' + "x" * size((100_000, 5_000_000)) + '"\n'}[kind]
        return _header_set(text, "rules", "house.toml").encode("utf-8"), {"house.toml": toml.encode()}
    if kind == "players":
        names = " ".join(f"P{i}" for i in range(size((5, 1000, 20_000))))
        return _header_set(text, "players", names).encode("utf-8"), {}
    if kind == "rule-lines":
        knob = rng.choice(("fine_revoke", "no_such_knob"))
        extra = f"rule {knob}: 5\n" * size((2, 1000, 20_000))
        return _header_set(text, "players", None, extra).encode("utf-8"), {}
    if kind == "escapes":
        escape = rng.choice(ESCAPES)
        text = _header_set(text, "session", f"Club {escape} night {escape}")
        return text.replace("Anne", f'"An{escape}ne"' if escape not in ("\x00",) else "Anne").encode(), {}
    if kind == "rules-line":
        target = rng.choice(("/dev/zero", "/etc/passwd", "/etc/hostname", "..", "../house.toml",
                             "/dev/stdin", "house.toml/", "postgresql://sec:s3cr3t@h/x.toml"))
        return _header_set(text, "rules", target).encode("utf-8"), {}
    return _header_set(text, "session", "T" * size((80, 100_000, 1_000_000))).encode("utf-8"), {}


def _header_set(text: str, key: str, value: str | None, extra: str = "") -> str:
    """The record with its ``key:`` header line set to ``value`` (added at the top when absent),
    and ``extra`` lines after the players."""
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith(f"{key}:")), None)
    if value is not None:
        if at is None:
            lines.insert(0, f"{key}: {value}")
        else:
            lines[at] = f"{key}: {value}"
    if extra:
        players = next((i for i, line in enumerate(lines) if line.startswith("players:")), 0)
        lines.insert(players + 1, extra.rstrip("\n"))
    return "\n".join(lines)


def make_record(rng: random.Random, texts: list[bytes]) -> tuple[bytes, dict[str, bytes]]:
    """A mutated record (three in four) or a hostile one, and the files to put beside it."""
    data = rng.choice(texts)
    if rng.random() < 0.25:
        return hostile(rng, data)
    return mutate(rng, data), {}


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
            record, beside = make_record(rng, texts)
            path.write_bytes(record)
            for name, content in beside.items():
                (Path(folder) / name).write_bytes(content)
            for command, allowed in COMMANDS.items():
                result = runner.invoke(app, [command, str(path)])
                problem = judge(result, allowed, command)
                tally[(command, result.exit_code)] += 1
                if problem:
                    failures.append(f"seed {seed} record {index} {command}: {problem}")
    return tally, failures


def judge(result, allowed: tuple[int, ...], command: str = "check") -> str | None:
    """What is wrong with one command's run, if anything."""
    output = result.output + (result.stderr if hasattr(result, "stderr") else "")
    if "Traceback" in output:
        return "a traceback"
    if result.exit_code == 70:
        return f"internal error (exit 70): {output.strip().splitlines()[-1:] or ''}"
    if command != "format" and ("\x1b" in output or "\x07" in output or "\x9b" in output):
        return "a raw control character in the output"
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
    print(f"{total:,} mutated or hostile records (seed {seed}) through {', '.join(COMMANDS)} "
          f"in {seconds:.0f} s")
    for command in COMMANDS:
        codes = ", ".join(f"exit {code}: {n:,}" for (c, code), n in sorted(tally.items()) if c == command)
        print(f"  {command:7} {codes}")
    print(f"internal errors (exit 70): {sum(n for (_, code), n in tally.items() if code == 70)}")
    for failure in failures[:50]:
        print("FAILURE " + failure)
    print(f"failures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
