"""Every form a record takes, through every face of the program (issue 38): the matrix.

Nothing here is a hand-kept list of cases. The **forms** are made from what the repository
holds and what the generator deals:

- every record of ``samples/`` and of its sub-folders (``samples/fr/``, ``samples/bad/``);
- each record that checks, again through ``format --events``, ``format --lang fr`` and
  ``format --lang en`` (themselves runs of the CLI);
- sessions dealt by tests/gen.py under every preset, with the laws where the preset has them,
  and every kind of hand the oracle's tests deal (tests/test_events_property.py), an
  espagnolette annulled by its own reversis among them: a fixed seed set;
- records in progress (a record cut in the middle of its last hand);
- records whose players carry hostile names (quotes, names like a pool or a keyword, 40
  characters, right-to-left, accents).

The **faces** are read from the code: every command of the Typer app whose arguments name a
record (or a ledger, or a database made from one), with each value of each of its choice
options and each of its harmless flags; every GET route of ``serve`` with its path filled in
for each record, in English and in French. A command or a page added later joins by itself.

What must hold everywhere: no exception, no exit 70, no "internal error", no traceback, no
500; a record that checks exits 0 from every face (``audit`` may say 3: the table differs)
and every page of it answers 200; a record with errors exits with a documented status and its
pages answer 200 or 404. Every form of one night settles to the same nets, and ``format
--events`` of any record that checks also checks and settles item for item alike.
"""
from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import gen
from conftest import SAMPLES
from typer.main import get_command
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.pipeline import check_text
from reversis_score.rules.knobs import PRESETS

runner = CliRunner()
_COMMAND: list = []  # the app's Click command, built once (Typer builds it again at each invoke: 0.3 s)


def command():
    if not _COMMAND:
        _COMMAND.append(get_command(app))
    return _COMMAND[0]


def invoke(args: list[str], input: str | None = None):
    """``reversis-score ARGS`` in process, with the Click command built once."""
    import typer.testing as testing
    built = command()
    saved = testing._get_command
    testing._get_command = lambda _app: built
    try:
        return runner.invoke(app, args, input=input)
    finally:
        testing._get_command = saved


PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
EXAMPLE = Path(__file__).parent / "data" / "notation-example.rvs"

# Names a player may carry that once broke a face, or might: quoted (a space, an apostrophe),
# named like a pool or a keyword (English or French), 40 characters, right to left, accented.
HOSTILE_NAMES = (
    ('"Marie Claire"', "d'Artagnan", "Zoë", "Élodie-Ñ"),
    ('"pool:1"', "Bruno", "Claire", "Denis"),  # refused: a pool's name
    ('"hand"', "Bruno", '"panier:2"', "Denis"),  # refused: a keyword, a French pool
    ("main", "donneur", "nul", "levées"),  # the French keywords: names in an English record
    ("A" * 40, "مريم", "עדי", '"Ωmega ω"'),
    ("poolside", "pools", "Table", "Party"),
)
# Flags a face is not run with: they write into the record, wait for a keyboard, or only
# change how many processes do the same work.
UNSAFE_FLAGS = {"in_place", "jobs_force", "yes", "repair", "read_only", "help"}
# The exit statuses each command documents (docs/commands.md); 70 is an internal error.
EXITS = {"audit": {0, 1, 3}, "settle": {0, 1, 2}}


@dataclass
class Form:
    """One record as one form: its file name (without .rvs), text, night, and what it is."""

    name: str
    text: str
    night: str
    kind: str
    files: dict[str, bytes] = field(default_factory=dict)  # files beside it (house rules)
    clean: bool | None = None  # whether it checks (``checks`` fills it in)
    # Faces that refuse this record though it checks, with exit 1 and a reason (derived_forms
    # finds them): 'format --lang fr' of a player named like a French keyword, unquoted.
    refused: set[tuple[str, str]] = field(default_factory=set)  # (command, an option and its value)

    def refuses(self, face: Face) -> bool:
        options = " ".join(face.options)
        return any(face.command == command and option in options for command, option in self.refused)

    def checks(self, folder: Path | None = None) -> bool:
        if self.clean is None:
            self.clean = not check_text(self.text, f"{self.name}.rvs", folder or SAMPLES).errors
        return self.clean


# ------------------------------------------------------------------ the forms
def sample_forms() -> list[Form]:
    """Every record under samples/, the bad ones too, with the files beside each."""
    forms = []
    for path in sorted(SAMPLES.rglob("*.rvs")):
        folder = path.relative_to(SAMPLES).parent
        name = "-".join([*folder.parts, path.stem])
        files = {p.name: p.read_bytes() for p in path.parent.iterdir() if p.suffix == ".toml"}
        kind = "bad" if "bad" in folder.parts else "sample"
        forms.append(Form(name, path.read_text("utf-8", "replace"), name, kind, files))
    return forms


def derived_forms(form: Form, folder: Path) -> list[Form]:
    """``form`` through ``format --events``, ``format --lang fr`` and ``format --lang en``:
    each a run of the CLI, and each a new form of the same night."""
    path = write(form, folder)
    out = []
    for label, args in (("events", ["--events"]), ("fr", ["--lang", "fr"]), ("en", ["--lang", "en"])):
        result = invoke(["format", *args, str(path)])
        assert_sound(result, f"format {' '.join(args)} {form.name}")
        if result.exit_code == 0:
            out.append(Form(f"{form.name}.{label}", result.stdout, form.night, label, form.files))
        elif label == "fr" and "write it in quotes to write the record in French" in result.stderr:
            form.refused.add(("format", "--lang fr"))
    for each in out:  # the same players: the same refusals
        each.refused |= form.refused
    return out


def annulled_espagnolette_hand(rng: random.Random, players, dealer: str) -> gen.Hand:
    """The espagnolette announced, then its player takes the first nine tricks: his
    reversis, made or broken, annuls it."""
    def make(r: random.Random) -> gen.Hand:
        holder = r.choice(list(players))
        cards, _void = gen._espagnolette_cards(r, r.random() < 0.5)
        return gen.random_hand(r, players, dealer, fixed={holder: cards},
                               strategies={holder: gen.highest_card}, announce_rate=1.0)

    def wanted(hand: gen.Hand) -> bool:
        return hand.espagnolette is not None and gen.has_reversis(hand, player=hand.espagnolette)
    return gen.find_hand(rng, players, dealer, wanted, attempts=4000, make=make)


def generated_text(preset: str, seed: int, hands: int) -> str:
    """A session of ``hands`` hands under ``preset``: every kind of hand the oracle's tests
    deal (the laws' too, where the preset has them), an annulled espagnolette among them."""
    from test_events_property import session_text
    knobs = PRESETS[preset]
    annulled = knobs.deck == 48 and not knobs.pairwise
    more = [lambda r, d: annulled_espagnolette_hand(r, PLAYERS, d)] if annulled else []
    return session_text(preset, seed, hands, more, stake=100)


def generated_forms(seeds: range, hands: int) -> list[Form]:
    return [Form(f"gen-{preset}-{seed}", generated_text(preset, seed, hands), f"gen-{preset}-{seed}",
                 "generated") for preset in PRESETS for seed in seeds]


def in_progress(form: Form) -> Form | None:
    """``form`` cut in the middle of its last hand's tricks: a game being entered."""
    lines = form.text.split("\n")
    tricks = [i for i, line in enumerate(lines) if re.match(r"\s*(tricks|levées)\s*:", line)]
    if not tricks:
        return None
    cut = lines[:tricks[-1] + 6]
    name = f"{form.name}.playing"
    return Form(name, "\n".join(cut) + "\n", name, "in-progress", form.files)


def hostile_forms(base: Form) -> list[Form]:
    """``base`` with its four players renamed, once per set of HOSTILE_NAMES."""
    header = re.search(r"^(?:players|joueurs):(.*)$", base.text, re.M)
    assert header is not None
    old = [m.group() for m in re.finditer(r'"[^"\n]*"|[^\s#"]+', header.group(1).split("#")[0])]
    out = []
    for i, names in enumerate(HOSTILE_NAMES):
        text = base.text
        marks = [f"\x00{k}\x00" for k in range(4)]
        for before, mark in zip(old, marks, strict=True):
            bare = before.strip('"')
            text = re.sub(rf'"{re.escape(bare)}"|(?<![\w"\'\-]){re.escape(bare)}(?![\w\'\-])', mark, text)
        for mark, name in zip(marks, names, strict=True):
            text = text.replace(mark, name)
        out.append(Form(f"{base.name}.names{i}", text, f"{base.name}.names{i}", "hostile", base.files))
    return out


def all_forms(folder: Path, seeds: range, hands: int, derive_generated: bool = True) -> list[Form]:
    """Every form (see the module): the samples, their derived forms, the generated sessions,
    records in progress and hostile names; ``folder`` is where the derivations run."""
    base = sample_forms()
    forms = list(base)
    example = Form("notation-example", EXAMPLE.read_text("utf-8"), "notation-example", "sample")
    forms.append(example)
    club = next(f for f in base if f.name == "club-night")
    for form in (example, club):
        forms += hostile_forms(form)
    generated = generated_forms(seeds, hands)
    forms += generated
    for form in [f for f in forms if f.kind in ("sample", "hostile") or (derive_generated and f in generated)
                 ]:
        if form.checks():
            forms += derived_forms(form, folder)
    forms += [p for p in (in_progress(f) for f in base if f.kind == "sample") if p is not None]
    names = [f.name for f in forms]
    assert len(names) == len(set(names)), "two forms share a name"
    return forms


def write(form: Form, folder: Path) -> Path:
    """The form as ``folder/NAME.rvs``, its house-rules files beside it."""
    for name, data in form.files.items():
        if not (folder / name).exists():
            (folder / name).write_bytes(data)
    path = folder / f"{form.name}.rvs"
    path.write_text(form.text, "utf-8")
    return path


# ------------------------------------------------------------------ the faces: commands
@dataclass(frozen=True)
class Face:
    """A command with its options: ``settle --format csv``."""

    command: str
    options: tuple[str, ...] = ()
    without: tuple[str, ...] = ()  # optional arguments left out: ``why FILE A`` (one player's night)

    def __str__(self) -> str:
        return " ".join((self.command, *self.options, *(f"(no {name})" for name in self.without)))


RECORD_ARGUMENTS = {"file", "files", "db"}  # a command taking one of these is a face of a record


def command_faces() -> list[Face]:
    """Every command of the app that reads a record (or what is made of one): plain, with each
    value of each choice option, with each pair of values of two choice options, and with
    each harmless flag. (``usable`` then drops the pairs the command refuses as usage.)"""
    from itertools import combinations
    faces = []
    for name, cmd in sorted(command().commands.items()):
        arguments = {p.name for p in cmd.params if p.param_type_name == "argument"}
        if not arguments & RECORD_ARGUMENTS or name in ("serve", "rules"):
            continue  # serve is walked page by page; rules reads a preset, not a record
        faces.append(Face(name))
        faces += [Face(name, without=(p.name,)) for p in cmd.params
                  if p.param_type_name == "argument" and not p.required and p.name not in RECORD_ARGUMENTS]
        choices = []
        for param in cmd.params:
            if param.param_type_name != "option" or param.name in UNSAFE_FLAGS:
                continue
            values = getattr(param.type, "choices", None)  # Typer's own Click: read, not isinstance
            if values:
                choices.append([(param.opts[0], str(value)) for value in values])
            elif getattr(param, "is_flag", False) and not param.secondary_opts:
                faces.append(Face(name, (param.opts[0],)))
        faces += [Face(name, pair) for option in choices for pair in option]
        for one, other in combinations(choices, 2):
            faces += [Face(name, (*a, *b)) for a in one for b in other]
    return faces


def usable(faces: list[Face], folder: Path) -> tuple[list[Face], list[Face]]:
    """The faces that a record that checks (the notation example) does not refuse as usage
    (exit 2: ``--what hands is for --format csv``), and those it does."""
    example = Form("usage-probe", EXAMPLE.read_text("utf-8"), "usage-probe", "sample")
    ready = prepare(example, folder)
    kept, refused = [], []
    for face in faces:
        made = face_arguments(face, ready, folder)
        assert made is not None, face
        result = invoke(made[0], input=made[1])
        assert_sound(result, str(face), {0, 2, 3})
        (refused if result.exit_code == 2 else kept).append(face)
    return kept, refused


@dataclass
class Prepared:
    """What a form's faces read besides the record: its ledger as JSON and its database."""

    path: Path
    players: tuple[str, ...]
    ledgers: dict[tuple[str, ...], Path | None] = field(default_factory=dict)  # by settle's options
    db: Path | None = None

    def ledger(self, options: tuple[str, ...]) -> Path | None:
        """The record's JSON ledger, settled with ``options`` (verify's own, which settle takes)."""
        if options not in self.ledgers:
            result = invoke(["settle", "--format", "json", *options, str(self.path)])
            path = self.path.with_name(f"{self.path.stem}{''.join(options)}.json")
            if result.exit_code == 0:
                path.write_text(result.stdout, "utf-8")
            self.ledgers[options] = path if result.exit_code == 0 else None
        return self.ledgers[options]


def prepare(form: Form, folder: Path) -> Prepared:
    path = write(form, folder)
    session = check_text(form.text, path.name, folder)
    ready = Prepared(path, session.header.player_names or PLAYERS)
    db = folder / f"{form.name}.db"
    if invoke(["export", "--format", "sqlite", "--to", str(db), str(path)]).exit_code == 0:
        ready.db = db
    return ready


def face_arguments(face: Face, ready: Prepared, folder: Path) -> tuple[list[str], str | None] | None:
    """The command line of ``face`` on a prepared form, and its input; None when the form has
    nothing this face reads (no ledger, no database)."""
    args: list[str] = [face.command]
    given: str | None = None
    for param in command().commands[face.command].params:
        if param.param_type_name != "argument" or param.name in face.without:
            continue
        if param.name == "db":
            if ready.db is None:
                return None
            copy = folder / f"{ready.path.stem}.{face.command}.db"  # forget removes from its copy
            shutil.copyfile(ready.db, copy)
            args.append(str(copy))
        elif param.name in ("file", "files") and face.command == "verify":
            ledger = ready.ledger(tuple(o for o in face.options if o == "--split-pools"))
            if ledger is None:
                return None
            args += [str(ledger), "--record", str(ready.path)]
        elif param.name in ("file", "files") and face.command == "record":
            args.append(str(folder / f"{ready.path.stem}.recorded.rvs"))
            (folder / f"{ready.path.stem}.recorded.rvs").unlink(missing_ok=True)
        elif param.name in ("file", "files"):
            args.append(str(ready.path))
        elif param.name == "a":
            args.append(ready.players[0])
        elif param.name == "b":
            args.append(ready.players[-1])
        elif param.name == "sessions":
            args.append(ready.path.stem)
        elif param.name == "entries":
            args.append("-")
            given = ready.path.read_text("utf-8")
    if face.command == "export" and "sqlite" in face.options:
        args += ["--to", str(folder / f"{ready.path.stem}.export.db")]
    if face.command == "report":
        args += ["-o", str(folder / f"{ready.path.stem}.report")]
    if face.command == "forget":
        args.append("--yes")
    return args + list(face.options), given


def assert_sound(result, what: str, allowed: set[int] | None = None) -> None:
    """No exception, no internal error (exit 70), no traceback; the exit status documented."""
    said = (what, result.output[-600:])
    raised = result.exception
    assert raised is None or isinstance(raised, SystemExit), (what, repr(raised))
    assert result.exit_code != 70, said
    assert "Traceback" not in result.output and "internal error" not in result.output, said
    if allowed is not None:
        assert result.exit_code in allowed, (what, result.exit_code, result.output[-600:])


def run_faces(form: Form, folder: Path, faces: list[Face], languages=("en", "fr"),
              took: dict[str, float] | None = None) -> int:
    """Every face on ``form``, in each language; the runs made (``took``: seconds per face)."""
    import time
    ready = prepare(form, folder)
    clean = form.checks(folder)
    runs = 0
    for face in faces:
        for lang in languages:
            made = face_arguments(face, ready, folder)  # afresh: forget removes from its copy
            if made is None:
                break
            args, given = made
            start = time.perf_counter()
            result = invoke(["--lang", lang, *args], input=given)
            if took is not None:
                took[str(face)] = took.get(str(face), 0.0) + time.perf_counter() - start
            expected = {0, 3} if face.command == "audit" else {0}
            if face.command in ("record", "forget") or form.refuses(face):
                expected = {0, 1}
            assert_sound(result, f"{lang} {' '.join(args)}", expected if clean else {0, 1, 2, 3})
            runs += 1
    return runs


# ------------------------------------------------------------------ one night, every form
def nets(form: Form, folder: Path) -> dict[str, object]:
    """The night's nets and the pools left, as ``settle --format json`` gives them."""
    result = invoke(["settle", "--format", "json", str(write(form, folder))])
    assert result.exit_code == 0, (form.name, result.output[-600:])
    document = json.loads(result.stdout)
    return {**document["totals"], "pools": document["pools"]}


def items(form: Form, folder: Path) -> list:
    """Each hand's items as the ledger lists them, all but the why."""
    from reversis_score.ledger.build import build_ledger
    session = check_text(form.text, f"{form.name}.rvs", folder)
    assert not session.errors, (form.name, [d.message for d in session.errors][:3])
    return [[(i.kind, i.payer, i.payee, i.amount, i.trick, i.card, i.cancelled_by)
             for i in h.settlement.items] if h.settlement else None for h in build_ledger(session).hands]


def nights(forms: list[Form]) -> dict[str, list[Form]]:
    """The forms that checks, by night: each night with more than one form."""
    by: dict[str, list[Form]] = {}
    for form in forms:
        if form.kind != "in-progress" and form.checks():
            by.setdefault(form.night, []).append(form)
    return {night: group for night, group in by.items() if len(group) > 1}


def assert_one_night(group: list[Form], folder: Path) -> None:
    """Every form of one night: the same nets; its events form, the same items."""
    first = group[0]
    expected = nets(first, folder)
    for form in group[1:]:
        assert form.checks(folder), form.name
        assert nets(form, folder) == expected, (first.name, form.name)
    events = [f for f in group if f.kind == "events"]
    if events:
        assert items(events[0], folder) == items(first, folder), first.name


# ------------------------------------------------------------------ the faces: serve's pages
def page_routes() -> list[str]:
    """The paths of every GET route of serve, read from the app (``/session/{name}``...)."""
    import tempfile

    from starlette.routing import Route

    from reversis_score.serve.app import create_app
    paths = []
    for route in create_app(Path(tempfile.mkdtemp())).routes:
        if isinstance(route, Route) and "GET" in (route.methods or ()):
            paths.append(route.path)
    return paths


def page_urls(routes: list[str], form: Form, hands: list[int], players: tuple[str, ...]) -> Iterator[str]:
    """Every page of one record: each route with ``{name}`` and each hand number filled in;
    the why page of the first player against each other one, and of his whole night."""
    from urllib.parse import quote, urlencode
    for route in routes:
        if "{name}" not in route:
            continue
        path = route.replace("{name}", quote(form.name))
        if "{number" in path:
            for n in hands:
                yield re.sub(r"\{number[^}]*\}", str(n), path)
        elif path.endswith("/why"):
            for other in (*players[1:], ""):  # "": the first player's whole night
                yield f"{path}?{urlencode({'a': players[0], 'b': other})}"
        else:
            yield path


def site_pages(routes: list[str]) -> list[str]:
    """The pages that name no record (the season, the entry page)."""
    return [r for r in routes if "{" not in r]


def hand_numbers(page: str, name: str) -> list[int]:
    """The hands a session page links to."""
    from urllib.parse import quote
    return sorted({int(n) for n in re.findall(rf"/session/{re.escape(quote(name))}/hand/(\d+)", page)})


def walk_pages(client, forms: list[Form], routes: list[str], lang: str, every_hand: bool = True) -> int:
    """Every page of every form in ``lang``: 200 for a record that checks, 200 or 404 for one
    with errors; never a 500. The pages fetched."""
    headers = {"Accept-Language": lang}
    fetched = 0
    for url in site_pages(routes):
        answer = client.get(url, headers=headers)
        assert answer.status_code == 200, (url, lang, answer.status_code)
        fetched += 1
    for form in forms:
        session = client.get(f"/session/{form.name}", headers=headers)
        hands = hand_numbers(session.text, form.name)
        if not every_hand and len(hands) > 3:
            hands = [hands[0], hands[len(hands) // 2], hands[-1]]
        players = check_text(form.text, "x.rvs").header.player_names or PLAYERS
        for url in page_urls(routes, form, hands, players):
            answer = client.get(url, headers=headers)
            fetched += 1
            # a record with errors: its hands not settled are 404, its entry 409 (serve/entry.py:
            # it cannot be continued), a why page of no players 400 (docs/serve.md)
            allowed = {200} if form.clean and form.kind != "in-progress" else {200, 400, 404, 409}
            assert answer.status_code in allowed, (form.name, url, lang, answer.status_code)
            assert f'<html lang="{lang}"' in answer.text or not answer.headers.get(
                "content-type", "").startswith("text/html"), (url, lang)
    return fetched
