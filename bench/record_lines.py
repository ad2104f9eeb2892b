"""Benchmark: ``record``'s time per entry as the record grows (issue 23: it must stay flat).

    python bench/record_lines.py               # files of 50, 200 and 600 hands; a few minutes
    python bench/record_lines.py --quick       # 20 and 100 hands
    python bench/record_lines.py --code DIR    # the reversis_score package under DIR instead

For each size N, a generated session (tests/gen.py, parlett: pools that carry over) is cut
after hand N; ``record`` takes up that file and is piped the next hands' lines. Two figures
per size:

- *in-process*: the Recorder alone (each entry checked, committed, the record's text made),
  no disk: the part that would grow if anything were quadratic;
- *whole command*: ``record`` run as a child process, less the same command piped nothing
  (start-up and the resume): the entry's check plus its write (temporary file, fsync, rename,
  fsync of the folder), as a scorer sees it.

Each is the best of a few runs, given per entry and as a ratio to the smallest file's: on a
shared machine, ratios say more than milliseconds. It exits 1 when the in-process ratio of
the largest file passes FLAT (the whole command's figure is printed, not judged: fsync time
is the disk's).
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import gen  # noqa: E402  (the generator of legal random hands, from tests/ put on the path above)

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
FED_HANDS = 6  # the hands piped in after the cut
FLAT = 1.5  # the in-process time per entry at the largest file, against the smallest
RUNS = 3


def records(sizes: list[int]) -> tuple[str, list[tuple[int, str, list[str]]]]:
    """The whole session's text, and per size: the text up to hand N and the lines after it."""
    session = gen.random_session(random.Random(23), PLAYERS, max(sizes) + FED_HANDS + 1, void_rate=0.02,
                                 title="Long night", rules="parlett", stake=500)
    text = gen.to_rvs(session)
    starts = [i for i, line in enumerate(text.split("\n")) if line.startswith("hand ")]
    lines = text.split("\n")
    cuts = []
    for size in sizes:
        head = "\n".join(lines[:starts[size]]).rstrip("\n") + "\n"
        fed = [line for line in lines[starts[size]:starts[size + FED_HANDS]] if line.strip()]
        cuts.append((size, head, fed))
    return text, cuts


def in_process(code: Path, folder: Path, head: str, fed: list[str]) -> float:
    """Seconds per entry for the Recorder alone, after a resume of ``head``."""
    probe = (
        "import sys, time\n"
        f"sys.path.insert(0, {str(code)!r})\n"
        "from pathlib import Path\n"
        "from reversis_score.record import store\n"
        "resume = getattr(store, 'resume', None)\n"
        "if resume is None:\n"
        "    from reversis_score.record.resume import resume\n"
        "head = Path(sys.argv[1]).read_text('utf-8')\n"
        "fed = Path(sys.argv[2]).read_text('utf-8').split('\\n')\n"
        "recorder, problems = resume(head, 'bench.rvs', Path(sys.argv[1]).parent, False, head)\n"
        "import gc; gc.freeze()  # as the record command does once the file is taken up\n"
        "assert recorder is not None, problems\n"
        "start = time.perf_counter()\n"
        "for line in fed:\n"
        "    reply = recorder.enter(line)\n"
        "    assert not reply.refused, (line, reply.refused)\n"
        "    getattr(recorder, 'document_parts', recorder.document)()  # what the store is given\n"
        "print((time.perf_counter() - start) / len(fed))\n")
    (folder / "head.rvs").write_text(head, "utf-8")
    (folder / "fed.txt").write_text("\n".join(fed), "utf-8")
    out = subprocess.run([sys.executable, "-c", probe, str(folder / "head.rvs"), str(folder / "fed.txt")],
                         capture_output=True, text=True, check=True).stdout
    return float(out)


def command(code: Path, folder: Path, head: str, fed: list[str]) -> float:
    """Seconds per entry for the whole ``record`` command (less the same run fed nothing)."""
    runner = f"import sys; sys.path.insert(0, {str(code)!r}); from reversis_score.cli import main; main()"
    seconds = []
    for entries in ([], fed):
        target = folder / "bench.rvs"
        target.write_text(head, "utf-8")
        start = time.perf_counter()
        result = subprocess.run([sys.executable, "-c", runner, "record", str(target)],
                                input="\n".join(entries), capture_output=True, text=True)
        seconds.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"record failed: {result.stderr[:2000]}")
    return (seconds[1] - seconds[0]) / len(fed)


def main() -> int:
    args = sys.argv[1:]
    sizes = [20, 100] if "--quick" in args else [50, 200, 600]
    code = Path(args[args.index("--code") + 1]).resolve() if "--code" in args else ROOT
    print(f"code: {code}; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    _, cuts = records(sizes)
    rows = []
    with tempfile.TemporaryDirectory(prefix="reversis-record-bench-") as name:
        folder = Path(name)
        for size, head, fed in cuts:
            # the best of a few runs: on a shared machine, the others measure the neighbours
            rows.append((size, len(head.encode()), len(fed), min(in_process(code, folder, head, fed)
                                                                  for _ in range(RUNS)),
                         min(command(code, folder, head, fed) for _ in range(2))))
    base_in, base_cmd = rows[0][3], rows[0][4]
    print(f"{'hands in the file':>17}  {'bytes':>9}  {'entries':>7}  {'in-process ms':>13}  {'ratio':>5}  "
          f"{'command ms':>10}  {'ratio':>5}")
    for size, size_bytes, entries, inside, whole in rows:
        print(f"{size:>17}  {size_bytes:>9,}  {entries:>7}  {inside * 1000:>13.1f}  "
              f"{inside / base_in:>5.2f}  {whole * 1000:>10.1f}  {whole / base_cmd:>5.2f}")
    ratio = rows[-1][3] / base_in
    print(f"in-process time per entry, {rows[-1][0]} hands against {rows[0][0]}: {ratio:.2f}× "
          f"(target ≤ {FLAT}×): {'met' if ratio <= FLAT else 'MISSED'}")
    return 0 if ratio <= FLAT else 1


if __name__ == "__main__":
    sys.exit(main())
