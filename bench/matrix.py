"""The whole matrix (tests/matrix.py): every form through every face, in both languages.

    python bench/matrix.py                    # the whole set: ~25 minutes on the shared machine
    python bench/matrix.py --seeds 1 --events 10   # a quicker look

tests/test_matrix.py runs a covering sample of it in CI. Here, with nothing sampled:

1. every command face on every form (samples, bad records, their ``format --events`` /
   ``--lang fr`` / ``--lang en`` forms, generated sessions of ``--seeds`` seeds per preset,
   records in progress, hostile names), in English and in French;
2. every page of every form (every hand page), in English and in French;
3. every form of one night settles to the same nets;
4. ``--events`` generated sessions per preset (25 hands each, the laws where the preset has
   them, an espagnolette annulled by its own reversis among the hands): ``format --events``
   of each checks, and settles item for item as the tricks do.

Prints what was run and every failure; exits 1 when any failed.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import matrix as M  # noqa: E402

from reversis_score.render.rvs import as_events  # noqa: E402
from reversis_score.rules.knobs import PRESETS  # noqa: E402


def faces_on_forms(folder: Path, forms: list[M.Form], faces: list[M.Face], failures: list[str]) -> int:
    runs = 0
    for form in forms:
        try:
            runs += M.run_faces(form, folder, faces)
        except AssertionError as exc:
            failures.append(f"faces of {form.name}: {str(exc)[:400]}")
    return runs


def pages(folder: Path, forms: list[M.Form], failures: list[str]) -> int:
    from starlette.testclient import TestClient

    from reversis_score.serve.app import create_app
    client = TestClient(create_app(folder), base_url="http://127.0.0.1", follow_redirects=False)
    fetched = 0
    for lang in ("en", "fr"):
        for form in forms:
            try:
                fetched += M.walk_pages(client, [form], M.page_routes(), lang)
            except AssertionError as exc:
                failures.append(f"pages of {form.name} ({lang}): {str(exc)[:400]}")
    return fetched


def events_sessions(count: int, failures: list[str], presets=tuple(PRESETS)) -> int:
    """``count`` generated sessions per preset through format --events, item for item."""
    folder = Path(tempfile.mkdtemp())
    done = 0
    for preset in presets:
        for seed in range(count):
            form = M.Form(f"ev-{preset}-{seed}", M.generated_text(preset, 1000 + seed, 25), "", "generated")
            try:
                text, session = as_events(form.text, "t.rvs")
                assert text is not None, [d.message for d in session.errors][:3]
                events = M.Form(form.name + ".events", text, "", "events")
                assert events.checks(folder), form.name
                assert M.items(events, folder) == M.items(form, folder), form.name
                done += 1
            except AssertionError as exc:
                failures.append(f"format --events of {preset} seed {1000 + seed}: {str(exc)[:300]}")
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="generated sessions per preset, every face")
    parser.add_argument("--events", type=int, default=100, help="generated sessions per preset, --events")
    parser.add_argument("--only-events", metavar="PRESET", nargs="*",
                        help="only part 4, for these presets (all when none is named)")
    args = parser.parse_args()
    if args.only_events is not None:
        failures: list[str] = []
        presets = args.only_events or list(PRESETS)
        start = time.perf_counter()
        done = events_sessions(args.events, failures, presets)
        print(f"format --events: {done} of {args.events * len(presets)} generated sessions "
              f"({', '.join(presets)}; 25 hands) check and settle item for item alike "
              f"in {time.perf_counter() - start:.0f} s")
        for failure in failures:
            print("FAIL", failure)
        return 1 if failures else 0
    folder = Path(tempfile.mkdtemp(prefix="matrix-"))
    failures = []
    start = time.perf_counter()
    done = events_sessions(args.events, failures)
    print(f"format --events: {done} of {args.events * len(PRESETS)} generated sessions (25 hands, "
          f"{args.events} per preset) check and settle item for item alike "
          f"in {time.perf_counter() - start:.0f} s", flush=True)
    forms = M.all_forms(folder, range(args.seeds), 12)
    for form in forms:
        M.write(form, folder)
        form.checks(folder)
    faces, usage = M.usable(M.command_faces(), folder)
    made = time.perf_counter()  # (the --events sessions above included)
    print(f"{len(forms)} forms, {len(faces)} command faces ({len(usage)} option pairs refused as usage: "
          f"{', '.join(map(str, usage))}), {len(M.page_routes())} page routes; made in {made - start:.0f} s")
    runs = faces_on_forms(folder, forms, faces, failures)
    ran = time.perf_counter()
    print(f"command faces: {runs} runs (forms x faces x 2 languages) in {ran - made:.0f} s")
    fetched = pages(folder, forms, failures)
    walked = time.perf_counter()
    print(f"pages: {fetched} answers (every page of every form, 2 languages) in {walked - ran:.0f} s")
    nights = M.nights(forms)
    for group in nights.values():
        try:
            M.assert_one_night(group, folder)
        except AssertionError as exc:
            failures.append(f"night {group[0].night}: {str(exc)[:300]}")
    compared = time.perf_counter()
    print(f"nights: {len(nights)} nights of {sum(map(len, nights.values()))} forms settle alike "
          f"in {compared - walked:.0f} s")
    print(f"total {time.perf_counter() - start:.0f} s; failures: {len(failures)}")
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
