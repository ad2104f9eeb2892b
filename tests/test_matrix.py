"""The matrix in CI: every form of a record through every face (tests/matrix.py says what
they are and what must hold). CI walks a covering sample, so that it stays cheap: one seed
per preset, every page of every form (the hand pages of long sessions
sampled, each form in one language, by turns), and an eighth of the pairs of a command face
and a form, in one language or the other, chosen so that every face meets forms of every kind
and every form meets several faces.
``python bench/matrix.py`` runs the whole of it: every face on every form in both
languages, every hand page, and 100 generated sessions per preset through ``format --events``.
"""
from __future__ import annotations

from pathlib import Path

import matrix as M
import pytest

STRIDE = 24  # a form meets a command face when (form + face) % STRIDE is one of SHARES
SHARES = (0, 8, 16)  # an eighth of all pairs in CI; bench/matrix.py runs them all, in both languages
SEEDS = range(1)  # one generated session a preset
HANDS = 8


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> tuple[Path, list[M.Form], list[M.Face]]:
    folder = tmp_path_factory.mktemp("matrix")
    forms = M.all_forms(folder, SEEDS, HANDS)
    for form in forms:
        M.write(form, folder)
        form.checks(folder)
    faces, _usage = M.usable(M.command_faces(), folder)
    return folder, forms, faces


def test_the_matrix_is_read_from_the_code(world):
    folder, forms, faces = world
    kinds = {f.kind for f in forms}
    assert kinds == {"sample", "bad", "events", "fr", "en", "generated", "in-progress", "hostile"}
    commands = {f.command for f in faces}
    assert {"check", "settle", "why", "audit", "export", "season", "report", "format", "verify"} <= commands
    assert {("--format", value) for value in ("table", "json", "csv", "markdown")} <= {
        f.options for f in faces if f.command == "settle"}
    routes = M.page_routes()
    for page in ("/", "/session/{name}", "/session/{name}/why", "/entry", "/entry/{name}/events"):
        assert page in routes
    assert any("hand/{number" in r for r in routes)
    print(f"\nmatrix: {len(forms)} forms x {len(faces)} command faces x 2 languages, "
          f"{len(routes)} page routes x 2 languages")


@pytest.mark.parametrize("share", SHARES)
def test_every_command_face_on_a_covering_sample_of_the_forms(world, share):
    """Faces [i] meet forms [j] where (i + j) % STRIDE == share, in English or French by
    turns: every face meets forms of every kind, and every form several faces."""
    folder, forms, faces = world
    for j, form in enumerate(forms):
        chosen = [face for i, face in enumerate(faces) if (i + j) % STRIDE == share
                  and (face.command != "record" or len(form.text) < 3000)]  # record: an entry a line
        if chosen:
            M.run_faces(form, folder, chosen, ("en",) if (j + share) % 2 else ("fr",))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_of_every_form_answers(world, lang):
    """Every page of every other form in ``lang`` (the others in the other language): three
    hand pages of a long session, every page of the rest."""
    from starlette.testclient import TestClient

    from reversis_score.serve.app import create_app
    folder, forms, _faces = world
    client = TestClient(create_app(folder), base_url="http://127.0.0.1", follow_redirects=False)
    mine = forms[lang == "fr"::2]
    assert M.walk_pages(client, mine, M.page_routes(), lang, every_hand=False) > 500


def test_every_form_of_one_night_settles_alike(world):
    folder, forms, _faces = world
    nights = M.nights(forms)
    assert len(nights) >= 20
    for group in nights.values():
        M.assert_one_night(group, folder)


def test_format_events_of_every_record_that_checks_checks_and_settles_item_for_item(world):
    folder, forms, _faces = world
    events = {f.night: f for f in forms if f.kind == "events"}
    originals = [f for f in forms if f.night in events and f.kind in ("sample", "generated", "hostile")]
    assert len(originals) >= 20
    for form in originals:
        assert events[form.night].checks(folder), form.name
        assert M.items(events[form.night], folder) == M.items(form, folder), form.name


def test_every_form_exports_to_postgresql_and_its_season_is_the_sqlite_one(world, pg_url, tmp_path):
    """Every form that checks, in one export: each is added, or found to be a night already
    there (the same hands in another language, as its events, or a sample's twin) and refused
    as documented; the season read back is the SQLite one's, in both languages."""
    folder, forms, _faces = world
    clean = [f for f in forms if f.clean and f.kind != "in-progress"]
    files = [str(folder / f"{f.name}.rvs") for f in clean]
    sqlite = tmp_path / "all.db"
    for target in (pg_url, str(sqlite)):
        done = M.invoke(["export", *files, "--to", target])
        M.assert_sound(done, f"export to {target}", {0, 1})
        added, same = done.output.count(": added to "), done.output.count(": not exported: the same ")
        assert added + same == len(files) and added >= len({f.night for f in clean}) // 2, done.output[-600:]
    for lang in ("en", "fr"):
        ours = M.invoke(["--lang", lang, "season", pg_url, "--format", "json"])
        M.assert_sound(ours, "season of PostgreSQL", {0})
        assert ours.stdout == M.invoke(["--lang", lang, "season", str(sqlite), "--format", "json"]).stdout
