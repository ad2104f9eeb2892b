"""Benchmark of ``serve DB``, a league's site: 200 clients over 2 ``serve --workers 2`` processes
on one PostgreSQL holding 2,000 sessions (target: p99 under 100 ms for a session page and for
the season page), and the database's connections meanwhile.

    PYTHONPATH=tests python bench/league_site.py
    PYTHONPATH=tests python bench/league_site.py --clients 50 --seconds 10 --sessions 500

It starts a throwaway PostgreSQL (tests/pgserver.py), exports 20 nights of the league
(tests/data/ledgers/autumn-1.rvs, its four players renamed from 24 names: 20 sessions of their
own), then copies them inside the database to ``--sessions`` (each copy its own name and
hash). It starts two ``reversis-score serve URL --workers 2`` on two ports, waits until each
process says its pages are made, and measures first the baseline: one client alone, the same
pages one after another. Then the clients, 25 threads to a process (so that a reader's time is
not its own wait for its interpreter): each a thread with one kept-alive connection to one of
the two servers (half each, as a proxy would share them), taking gzip as browsers do, arriving
at a moment of its own in the first 3 s (``--together``: all at the same instant, a burst of
200 first pages that queue behind each other), reading a page, then keeping it open 1 to 3 s,
asking for its stamp each second as the page's script does: the season page one time in five,
else a session page among the latest 100 nights (after the last night of the season, that is
what people open). Every answer is timed; every 0.5 s the connections of ``application_name =
'reversis-score serve'`` are counted in pg_stat_activity. It prints one table (medians, p90s
and p99s, ratios against the baseline) and exits 1 when a page's p99 misses its target. A
benchmark, not a test: nothing here runs under pytest."""
from __future__ import annotations

import argparse
import http.client
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
NIGHT = ROOT / "tests" / "data" / "ledgers" / "autumn-1.rvs"
NAMES = [f"P{chr(65 + i)}{'é' * (i % 3)}x" for i in range(24)]
P99_TARGET_MS = 100.0
RUN = "import sys; from reversis_score.cli import main; sys.argv[0] = 'reversis-score'; main()"
TABLES = ("players", "hands", "items", "payments", "records")


def nights(folder: Path, count: int) -> list[Path]:
    """``count`` nights of their own: the four players renamed from NAMES."""
    text = NIGHT.read_text("utf-8")
    rng = random.Random(7)
    out = []
    for i in range(count):
        four = rng.sample(NAMES, 4)
        night = text
        for old, new in zip(("Anne", "Bruno", "Claire", "Denis"), four, strict=True):
            night = night.replace(old, new)
        night = night.replace("date: 2026-10-04", f"date: 2026-{1 + i % 12:02d}-{1 + i % 28:02d}")
        path = folder / f"night-{i:04d}.rvs"
        path.write_text(night, "utf-8")
        out.append(path)
    return out


def copy_sessions(admin, base: int, total: int) -> None:
    """The ``base`` sessions copied inside the database until there are ``total``."""
    conn = admin
    step = 10 ** len(str(total))
    for k in range(1, -(-total // base)):
        shift = k * step
        conn.execute("INSERT INTO sessions (id, sha256, file, title, date, stake, rules_preset, "
                     "rules_source, rules_changed, rules_knobs, pools_left, name, hands_sha256, club, "
                     "pools_carried, pools_close) "
                     "SELECT id + %s, sha256 || %s, file, title, date, stake, rules_preset, rules_source, "
                     "rules_changed, rules_knobs, pools_left, name || %s, hands_sha256 || %s, club, "
                     "pools_carried, pools_close "
                     f"FROM sessions WHERE id <= {base}", (shift, f"-{k}", f"-{k}", f"-{k}"))
        for table in TABLES:
            conn.execute(f"INSERT INTO {table} SELECT session_id + %s, "
                         + ", ".join(c for c in _columns(conn, table) if c != "session_id")
                         + f" FROM {table} WHERE session_id <= {base}", (shift,))
    conn.execute("INSERT INTO season_changes (at) VALUES ('bench')")
    conn.execute("ANALYZE")


def _columns(conn, table: str) -> list[str]:
    found = conn.execute("SELECT column_name FROM information_schema.columns WHERE table_name = %s "
                         "ORDER BY ordinal_position", (table,))
    return [r[0] for r in found.fetchall()]


class Client(threading.Thread):
    """One reader: a kept-alive connection, a page, a pause, until ``stop``."""

    def __init__(self, port: int, names: list[str], stop: threading.Event, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.names, self.stop = port, names, stop
        self.rng = random.Random(seed)
        self.times: dict[str, list[float]] = {"season": [], "session": [], "stamp": []}
        self.failed = 0

    def run(self) -> None:
        # Readers come in over the first seconds, each at a moment of his own, as people open a
        # link; with --together all come at the same instant (a burst that queues behind itself).
        if not TOGETHER and self.stop.wait(self.rng.uniform(0.0, ARRIVAL_SECONDS)):
            return
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        while not self.stop.is_set():
            kind = "season" if self.rng.random() < 0.2 else "session"
            path = "/" if kind == "season" else f"/session/{self.rng.choice(self.names)}"
            self._timed(kind, path)
            # The page stays open 1 to 3 s, asking for its stamp each second as live.js does.
            for _poll in range(self.rng.randint(1, 3)):
                if self.stop.wait(1.0):
                    break
                self._timed("stamp", "/stamp" if kind == "season" else path + "/stamp")
        self.conn.close()

    def _timed(self, kind: str, path: str) -> None:
        took = fetch(self.conn, path)
        if took is None:
            self.failed += 1
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        else:
            self.times[kind].append(took)


def fetch(conn: http.client.HTTPConnection, path: str) -> float | None:
    """The seconds a page took (None when it failed)."""
    start = time.perf_counter()
    try:
        conn.request("GET", path, headers={"Accept-Language": "en", "Accept-Encoding": "gzip"})
        answer = conn.getresponse()
        answer.read()
    except OSError:
        return None
    return time.perf_counter() - start if answer.status == 200 else None


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else float("nan")


def main() -> None:
    ask = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ask.add_argument("--clients", type=int, default=200)
    ask.add_argument("--seconds", type=float, default=30.0)
    ask.add_argument("--sessions", type=int, default=2000)
    ask.add_argument("--workers", type=int, default=2)
    ask.add_argument("--together", action="store_true",
                     help="every reader's first page at the same instant (the old model: a burst)")
    args = ask.parse_args()
    global TOGETHER
    TOGETHER = args.together
    import pgserver
    from webserver import free_port
    found = pgserver.find_server()
    if isinstance(found, str):
        sys.exit(f"no PostgreSQL server: {found}")
    server = pgserver.Server(found)
    servers: list[subprocess.Popen] = []
    try:
        server.start()
        with server.admin() as admin:
            admin.execute("CREATE DATABASE league")
        url = server.url("league")
        with tempfile.TemporaryDirectory(prefix="rvs-league-") as folder:
            base = nights(Path(folder), 20)
            export = [sys.executable, "-c", RUN, "export", *map(str, base), "--to", url, "--quiet"]
            done = subprocess.run(export, capture_output=True, text=True, check=False)
            if done.returncode:
                sys.exit(done.stderr)
        with server.admin("league") as admin:
            copy_sessions(admin, 20, args.sessions)
            names = [r[0] for r in admin.execute("SELECT name FROM sessions ORDER BY id DESC LIMIT 100")]
            count = admin.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
        ports = [free_port() for _ in range(2)]
        for port in ports:
            servers.append(subprocess.Popen([sys.executable, "-c", RUN, "serve", url, "--port", str(port),
                                             "--workers", str(args.workers)],
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True))
        for port, process in zip(ports, servers, strict=True):
            _wait(port)
            _made(process, args.workers)
        baseline = _baseline(ports[0], names)
        groups = _groups(ports, names, args.clients, args.seconds)
        most, load = _watch(server, args.seconds)
        times, failed = _gathered(groups)
        _report(count, args, baseline, times, failed, most, load)
    finally:
        for process in servers:
            process.terminate()
            process.wait(timeout=30)
        server.stop()


def _made(process: subprocess.Popen, workers: int) -> None:
    """Wait until each process of a server says its pages are made (it warms them at start)."""
    said = 0
    assert process.stdout is not None
    for line in process.stdout:
        said += "pages are made" in line
        if said == workers:
            return
    sys.exit("serve stopped before its pages were made")


def _wait(port: int) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        if fetch(conn, "/stamp") is not None:
            conn.close()
            return
        conn.close()
        time.sleep(0.2)
    sys.exit(f"serve on port {port} did not answer")


def _baseline(port: int, names: list[str]) -> dict[str, list[float]]:
    """One client alone: the season page, then each session page and its stamp, warm (each
    asked twice)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times: dict[str, list[float]] = {"season": [], "session": [], "stamp": []}
    asked = [("season", "/")] * 10 + [(kind, f"/session/{name}" + tail) for name in names
                                      for kind, tail in (("session", ""), ("stamp", "/stamp"))]
    for _ in range(2):
        for kind, path in asked:
            took = fetch(conn, path)
            if took is not None:
                times[kind].append(took)
    conn.close()
    return times


ARRIVAL_SECONDS = 3.0  # readers arrive spread over this time (see Client.run)
TOGETHER = False  # --together: every reader's first page at the same instant
CLIENTS_PER_PROCESS = 25  # the readers' threads share a process's GIL: a few each, so that a
# reader's time is the server's answer, not its own wait for the interpreter


def _groups(ports: list[int], names: list[str], clients: int, seconds: float) -> list:
    """The readers, ``CLIENTS_PER_PROCESS`` threads to a process, started now."""
    import multiprocessing
    context = multiprocessing.get_context("fork")
    groups = []
    for first in range(0, clients, CLIENTS_PER_PROCESS):
        receiving, sending = context.Pipe(duplex=False)
        count = min(CLIENTS_PER_PROCESS, clients - first)
        process = context.Process(target=_group, args=(ports, names, first, count, seconds, sending))
        process.start()
        groups.append((process, receiving))
    return groups


def _group(ports: list[int], names: list[str], first: int, count: int, seconds: float, out) -> None:
    stop = threading.Event()
    clients = [Client(ports[i % 2], names, stop, i) for i in range(first, first + count)]
    for client in clients:
        client.start()
    time.sleep(seconds)
    stop.set()
    for client in clients:
        client.join(timeout=60)
    out.send(({k: [t for c in clients for t in c.times[k]] for k in ("season", "session", "stamp")},
              sum(c.failed for c in clients)))


def _gathered(groups: list) -> tuple[dict[str, list[float]], int]:
    times: dict[str, list[float]] = {"season": [], "session": [], "stamp": []}
    failed = 0
    for process, receiving in groups:
        found, lost = receiving.recv()
        process.join()
        for kind in times:
            times[kind] += found[kind]
        failed += lost
    return times, failed


def _watch(server, seconds: float) -> tuple[int, list[float]]:
    """While the readers read: the most connections the servers held, and the load."""
    most = 0
    loads = []
    with server.admin("league") as admin:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            held = admin.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = "
                                 "'reversis-score serve'").fetchone()[0]
            most = max(most, held)
            loads.append(os.getloadavg()[0])
            time.sleep(0.5)
    return most, loads


def _report(count: int, args, baseline: dict[str, list[float]], times: dict[str, list[float]], failed: int,
            most: int, loads: list[float]) -> None:
    missed = False
    arrival = "all arriving at once" if args.together else f"arriving over {ARRIVAL_SECONDS:g} s"
    print(f"{count:,} sessions in PostgreSQL; 2 serve processes × --workers {args.workers}; "
          f"{args.clients} clients for {args.seconds:g} s, "
          f"{arrival}; load average {min(loads):.1f}–{max(loads):.1f} "
          f"on {os.cpu_count()} cores")
    print(f"{'page':<10}{'answers':>9}{'median ms':>11}{'p90 ms':>9}{'p99 ms':>9}{'baseline median':>17}"
          f"{'baseline p99':>14}{'p99 ratio':>11}")
    for kind in ("session", "season", "stamp"):
        alone = baseline[kind]
        ours, theirs = p99(times[kind]) * 1000, p99(alone) * 1000
        tenth = sorted(times[kind])[int(len(times[kind]) * 0.9)] * 1000
        print(f"{kind:<10}{len(times[kind]):>9}{statistics.median(times[kind]) * 1000:>11.1f}{tenth:>9.1f}"
              f"{ours:>9.1f}{statistics.median(alone) * 1000:>17.1f}{theirs:>14.1f}{ours / theirs:>11.1f}")
        missed = missed or (ours >= P99_TARGET_MS and kind != "stamp")
    print(f"failed answers: {failed}; the database's connections from the site: at most {most} "
          f"(2 processes × {args.workers} workers, pools of at most 4)")
    if missed:
        print(f"a p99 missed its target of {P99_TARGET_MS:g} ms")
        sys.exit(1)


def _terminated(signum: int, _frame: object) -> None:
    raise SystemExit(1)  # the servers and the database are stopped on the way out


if __name__ == "__main__":
    import signal
    signal.signal(signal.SIGTERM, _terminated)
    main()
