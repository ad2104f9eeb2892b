"""Benchmark of ``serve`` under weight: a folder holding one 20 MiB record (about 40,000
hands). Targets: the server under 300 MB at its peak, every page under 2 MB and under 1 s
once warm.

    python bench/serve_big.py                          # writes a 20 MiB record first (~1 min)
    python bench/serve_big.py --record big.rvs         # or times a record you have
    python bench/serve_big.py --mib 5

It starts ``reversis-score serve`` on the folder as a child process, waits until it says
the season page is ready (the record read, checked and settled once, as a stream), then asks
for each page twice and times the second answer (warm): the season page, the session page
(first, middle and last page of hands), hand pages (first, middle, last), the why page (first
and last page). The server's peak memory is its VmHWM (/proc). The same pages of a record of
1,000 hands are the baseline of the same run. It prints one table and exits 1 when a target
is missed. A benchmark, not a test: nothing here runs under pytest.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

import gen  # noqa: E402  (tests/ put on the path above)
from serve_poll import free_port  # noqa: E402

RSS_TARGET_MB, PAGE_TARGET_MB, PAGE_TARGET_S = 300, 2.0, 1.0
BYTES_PER_HAND = 527  # what tests/gen.py writes, about


def write_record(path: Path, mib: float, rules: str = "regles-fr") -> int:
    hands = int(mib * 1024 * 1024 / BYTES_PER_HAND)
    session = gen.random_session(random.Random(7), ("Anne", "Bruno", "Claire", "Denis"), hands,
                                 void_rate=0.02, title="Long night", date="2026-01-03", rules=rules,
                                 stake=200)
    path.write_text(gen.to_rvs(session), "utf-8")
    return hands


def start(folder: Path):
    import subprocess
    port = free_port()
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", "from reversis_score.cli import main; main()",
                              "serve", str(folder), "--port", str(port), "--read-only"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None
    for line in child.stdout:
        if "the season page is ready" in line:
            return child, port, time.perf_counter() - began
    raise RuntimeError("serve stopped before it was ready")


def peak_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmHWM:")[1].split()[0]) / 1024


def fetch(url: str) -> tuple[float, int]:
    began = time.perf_counter()
    with urllib.request.urlopen(url, timeout=600) as answer:
        body = answer.read()
        assert answer.status == 200, url
    return time.perf_counter() - began, len(body)


def pages(base: str, name: str, hands: int) -> list[tuple[str, str]]:
    last_page = max(1, -(-hands // 50))
    return [("season", "/"), ("session, page 1", f"/session/{name}"),
            ("session, middle page", f"/session/{name}?page={last_page // 2}"),
            ("session, last page", f"/session/{name}?page={last_page}"),
            ("hand 1", f"/session/{name}/hand/1"), ("hand, middle", f"/session/{name}/hand/{hands // 2}"),
            ("hand, last", f"/session/{name}/hand/{hands - 1}"),
            ("why, first page", f"/session/{name}/why?a=Anne&b=Bruno"),
            ("why, last page", f"/session/{name}/why?a=Anne&b=Bruno&page={last_page}")]


def measure(record: Path) -> dict:
    hands = record.read_text("utf-8").count("\nhand ")
    with tempfile.TemporaryDirectory(prefix="reversis-big-bench-") as tmp:
        folder = Path(tmp)
        (folder / "long.rvs").write_bytes(record.read_bytes())
        child, port, ready = start(folder)
        base = f"http://127.0.0.1:{port}"
        try:
            out = {}
            for what, path in pages(base, "long", hands):
                cold = fetch(base + path)
                warm = fetch(base + path)
                out[what] = (cold[0], warm[0], warm[1])
            peak = peak_mb(child.pid)
        finally:
            child.terminate()
            child.wait(timeout=30)
    return {"hands": hands, "mib": record.stat().st_size / 2**20, "ready": ready, "pages": out, "peak": peak}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--record", type=Path, help="a record to time (else one is written)")
    parser.add_argument("--mib", type=float, default=20)
    parser.add_argument("--rules", default="regles-fr",
                        help="the preset of the records written (regles-fr: one basket; under parlett "
                             "pools pile up by the thousand over 40,000 hands, and reading the record "
                             "takes minutes, though the memory stays bounded)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="reversis-big-record-") as tmp:
        small = Path(tmp) / "small.rvs"
        write_record(small, 1000 * BYTES_PER_HAND / 2**20, args.rules)
        record = args.record
        if record is None:
            record = Path(tmp) / "big.rvs"
            began = time.perf_counter()
            write_record(record, args.mib, args.rules)
            print(f"wrote {record.stat().st_size / 2**20:.1f} MiB in {time.perf_counter() - began:.0f} s")
        base, big = measure(small), measure(record)
    print(f"\none record of {big['hands']:,} hands ({big['mib']:.1f} MiB) against one of "
          f"{base['hands']:,} ({base['mib']:.2f} MiB)")
    print(f"  {'page':<24}{'cold s':>9}{'warm s':>9}{'KB':>9}   {'baseline warm s':>16}{'KB':>8}")
    worst_s = worst_mb = 0.0
    for what, (cold, warm, size) in big["pages"].items():
        b = base["pages"][what]
        worst_s, worst_mb = max(worst_s, warm), max(worst_mb, size / 2**20)
        print(f"  {what:<24}{cold:>9.3f}{warm:>9.3f}{size / 1024:>9.0f}   {b[1]:>16.3f}{b[2] / 1024:>8.0f}")
    print(f"  {'start-up to ready (s)':<24}{big['ready']:>9.1f}{'':>18}   {base['ready']:>16.1f}")
    print(f"  {'server peak (MB)':<24}{big['peak']:>9.0f}{'':>18}   {base['peak']:>16.0f}"
          f"   ratio {big['peak'] / base['peak']:.2f}")
    ok = big["peak"] < RSS_TARGET_MB and worst_mb < PAGE_TARGET_MB and worst_s < PAGE_TARGET_S
    print(f"\ntargets: peak under {RSS_TARGET_MB} MB ({big['peak']:.0f}), every page under "
          f"{PAGE_TARGET_MB:.0f} MB ({worst_mb:.2f}) and {PAGE_TARGET_S:.0f} s warm ({worst_s:.3f}): "
          f"{'met' if ok else 'MISSED'}")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
