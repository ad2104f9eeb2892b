"""Benchmark of ``serve``'s live poll: 50 clients asking ``/stamp`` every second (target: p99
under 50 ms over 2,000 records), against the same poll over 7 records in the same run.

    python bench/serve_poll.py                     # 2,000 records, 50 clients, 20 s
    python bench/serve_poll.py --records 500 --clients 20 --seconds 10

It writes the records (a one-hand record, 2,000 copies with their own titles) to a temporary
folder, starts ``reversis-score serve`` on a free port as a child process, waits until it
says the season page is ready (every record read), then runs the clients: each a thread with
one kept-alive connection, as a browser's page has, asking ``/stamp`` once a second, and
times every answer. Then it appends to one record, as a tap does, and times how long the
stamp takes to change. It prints one table and exits 1 when the p99 misses its target.
A benchmark, not a test: nothing here runs under pytest.
"""
from __future__ import annotations

import argparse
import http.client
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "notation-example.rvs"
P99_TARGET_MS = 50.0


def write_folder(folder: Path, records: int) -> None:
    text = RECORD.read_text("utf-8")
    title = next(line for line in text.splitlines() if line.startswith("session:"))
    for i in range(records):
        (folder / f"night-{i + 1:04}.rvs").write_text(text.replace(title, f"session: Night {i + 1}"),
                                                      "utf-8")


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(folder: Path) -> tuple[subprocess.Popen, int, float]:
    """``serve FOLDER`` on a free port; returns once it has read every record."""
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


def poll(port: int, clients: int, seconds: float) -> list[float]:
    """``clients`` threads asking /stamp once a second; every answer's time in ms."""
    times: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(offset: float) -> None:
        time.sleep(offset)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        while time.monotonic() < stop:
            began = time.perf_counter()
            conn.request("GET", "/stamp")
            answer = conn.getresponse()
            answer.read()
            assert answer.status == 200
            took = time.perf_counter() - began
            mine.append(took * 1000)
            time.sleep(max(0.0, 1.0 - took))
        conn.close()
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=client, args=(i / clients,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def change_seen(folder: Path, port: int) -> float:
    """Seconds from a write to a record until /stamp says so."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def stamp() -> str:
        conn.request("GET", "/stamp")
        return conn.getresponse().read().decode()
    before = stamp()
    began = time.perf_counter()
    with (folder / "night-0001.rvs").open("a", encoding="utf-8") as out:
        out.write("# a comment\n")
    while stamp() == before:
        time.sleep(0.005)
    return time.perf_counter() - began


def run(records: int, clients: int, seconds: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="reversis-poll-bench-") as tmp:
        folder = Path(tmp)
        write_folder(folder, records)
        child, port, ready = start(folder)
        try:
            times = poll(port, clients, seconds)
            seen = change_seen(folder, port)
        finally:
            child.terminate()
            child.wait(timeout=30)
    return {"ready_s": ready, "answers": len(times), "p50": statistics.median(times),
            "p99": p(times, 0.99), "max": max(times), "seen_ms": seen * 1000}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    small = run(7, args.clients, args.seconds)
    large = run(args.records, args.clients, args.seconds)
    print(f"\n{args.clients} clients polling /stamp every second for {args.seconds:.0f} s")
    print(f"  {'':<28}{'7 records':>14}{f'{args.records:,} records':>16}{'ratio':>8}")
    rows = (("p50", "answer, median (ms)"), ("p99", "answer, p99 (ms)"), ("max", "answer, slowest (ms)"),
            ("seen_ms", "a write seen by /stamp (ms)"), ("ready_s", "start-up to ready (s)"))
    for key, what in rows:
        ratio = large[key] / small[key] if small[key] else float("nan")
        print(f"  {what:<28}{small[key]:>14.1f}{large[key]:>16.1f}{ratio:>8.2f}")
    print(f"  {'answers':<28}{small['answers']:>14.0f}{large['answers']:>16.0f}")
    ok = large["p99"] < P99_TARGET_MS
    print(f"\ntarget: p99 under {P99_TARGET_MS:.0f} ms over {args.records:,} records: "
          f"{'met' if ok else 'MISSED'}")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
