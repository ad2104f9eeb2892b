"""Benchmark of ``serve`` in French beside English: what a page costs in each language.

    python bench/serve_language.py             # 50 sessions × 20 hands
    python bench/serve_language.py --sessions 20

The same generated season as bench/serve.py, under uvicorn (tests/webserver.py). For each page
(season, session, hand, why), each language asked by ``Accept-Language``:

- cold: the first request in that language (English first, then French: the French one reads
  and settles the record again, since what the server keeps holds words and is kept per
  language);
- warm: the median of 15 requests.

It prints the times and the ratio French / English of each (the baseline is English, in the
same run). A benchmark, not a test: nothing here runs under pytest.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from serve import write_season  # noqa: E402  (bench/ put on the path above)
from webserver import running  # noqa: E402

PAGES = {"season": "/", "session": "/session/night-001", "hand": "/session/night-001/hand/7",
         "why": "/session/night-001/why"}
LANGUAGES = {"en": "en-GB,en;q=0.9", "fr": "fr-FR,fr;q=0.9"}


def timed(url: str, accept: str) -> float:
    request = urllib.request.Request(url, headers={"Accept-Language": accept})
    began = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        body = response.read()
        assert response.status == 200 and body
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_season(folder, args.sessions, args.hands)
        with running(folder) as base:
            rows = []
            for name, path in PAGES.items():
                cold = {lang: timed(base + path, accept) for lang, accept in LANGUAGES.items()}
                warm = {lang: statistics.median(timed(base + path, accept) for _ in range(15))
                        for lang, accept in LANGUAGES.items()}
                rows.append((name, cold, warm))
    print(f"{args.sessions} sessions × {args.hands} hands; {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}")
    print(f"{'page':8} {'cold en':>9} {'cold fr':>9} {'fr/en':>6} {'warm en':>9} {'warm fr':>9} {'fr/en':>6}")
    for name, cold, warm in rows:
        cells = []
        for times in (cold, warm):
            cells += [f"{times['en'] * 1000:8.1f}ms", f"{times['fr'] * 1000:8.1f}ms",
                      f"{times['fr'] / times['en']:6.2f}"]
        print(f"{name:8} " + " ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
