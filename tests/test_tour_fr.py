"""The README's tour, in French: every command the tour shows, run once with ``--lang fr`` and
once with ``LANG=fr_FR.UTF-8`` (no option), each run in a fresh folder in the tour's order (a
file one command writes, the next reads). Both runs say the same thing; what they say is kept
in a golden file (tests/golden/tour-fr.txt, ``pytest --update-golden`` writes it again: read
the diff), and holds no English word for a person: the record's own lines, card codes, file
names, knob names and quoted words aside. The pages ``report`` writes are read the same way.

The tour's first steps, `record` at the terminal, are run in French in a real terminal by
tests/test_record_fr.py.
"""
import html
import re
import shlex

import pytest
from conftest import ROOT
from test_readme import console_entries, set_up_commands
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
GOLDEN = ROOT / "tests" / "golden" / "tour-fr.txt"
# English words a French reader must not meet. Words French shares with English (total, net,
# quinola, reversis, ok, on, a, note, solde...) are not in the list.
ENGLISH = re.compile(
    r"\b(?:the|of|and|is|are|was|not|with|from|to|by|for|in|at|this|that|these|what|which|who|"
    r"whom|why|how|every|each|no|yes|pays|paid|pay|owes|owe|player|players|hand|hands|trick|tricks|"
    r"error|errors|warning|warnings|found|expected|unknown|did|you|mean|balance|balances|pool|pools|"
    r"party|ace|aces|forced|placed|led|made|broken|lost|won|wins|session|sessions|settle-up|"
    r"written|wrote|rules|dealer|deal|discard|exchange|basket|fine|fines|ante|antes|points|"
    r"standings|average|per|running|item|items|amount|payee|kind|rule|season|"
    r"saved|replaced|added|changed|open|opened|checked|records|record|ledger|valid|invalid)\b",
    re.I)
SKIP_LINE = re.compile(r"^\s*\d+ \||^\s*\|")  # a record's own line, quoted under a message; a caret


def tour() -> list[str]:
    """The commands of the tour: the first set-up command's settle, then every command the
    README shows (the `record` steps aside: they need a terminal)."""
    first = set_up_commands()[0].split(" && ")[-1].removeprefix(".venv/bin/")
    return [first, *(command for command, _out, _status in console_entries(ROOT / "README.md"))]


def run_tour(folder, monkeypatch, *, option: bool) -> tuple[str, dict[str, str]]:
    """Each command's output, as one text, and the text of each page written, by name."""
    for name in ("samples", "tests", "docs"):
        (folder / name).symlink_to(ROOT / name)
    monkeypatch.chdir(folder)
    env = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"} if not option \
        else {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"}
    said, pages = [], {}
    for command in tour():
        args = shlex.split(command)[1:]
        result = runner.invoke(app, ["--lang", "fr", *args] if option else args, env=env)
        said.append(f"$ {command}\n{result.output.rstrip()}\n(exit {result.exit_code})\n")
        for before, name in zip(args, args[1:], strict=False):
            if before in ("-o", "--to") and name.endswith(".html"):
                pages[name] = (folder / name).read_text("utf-8")
    return "\n".join(said), pages


def page_text(page: str) -> str:
    """What a reader of a page sees: its text, scripts, styles and tags aside."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def session_names() -> list[str]:
    """The sessions' own names (a record's ``session:`` line): the scorer's words, not ours."""
    names = set()
    for record in [*ROOT.glob("samples/*.rvs"), *ROOT.glob("tests/data/ledgers/*.rvs")]:
        names.update(re.findall(r"^session:[ \t]*(.+?)[ \t]*$", record.read_text("utf-8"), flags=re.M))
    return sorted(names, key=len, reverse=True)


def english_words(text: str) -> list[str]:
    """The English words of ``text`` outside what a record, a file or a quotation says."""
    found = []
    for name in session_names():
        text = text.replace(name, " ")
    for line in text.splitlines():
        if SKIP_LINE.match(line) or line.startswith("$ "):
            continue
        said = re.sub(r"'[^']*'|`[^`]*`|“[^”]*”|«[^»]*»|\"[^\"]*\"|\S+\.(?:rvs|json|db|html|csv|md)\b"
                      r"|\b\w+_\w+\b|\bpool:\d+\b", " ", line)
        found += [f"{word!r} in {line.strip()!r}" for word in ENGLISH.findall(said)]
    return found


@pytest.fixture(scope="module")
def tours(tmp_path_factory):
    monkeypatch = pytest.MonkeyPatch()
    try:
        by_option = run_tour(tmp_path_factory.mktemp("option"), monkeypatch, option=True)
        by_locale = run_tour(tmp_path_factory.mktemp("locale"), monkeypatch, option=False)
    finally:
        monkeypatch.undo()
    return by_option, by_locale


def test_the_tour_says_the_same_in_french_by_the_option_and_by_the_locale(tours):
    (said, pages), (said_too, pages_too) = tours
    assert said == said_too
    assert pages.keys() == pages_too.keys() and pages


def test_the_tour_in_french_is_as_written_in_its_golden_file(tours, update_golden):
    said = tours[0][0]
    if update_golden:
        GOLDEN.write_text(said, "utf-8")
    assert said == GOLDEN.read_text("utf-8")


def test_the_tour_in_french_holds_no_english_word_for_a_person(tours):
    said, _pages = tours[0]
    found = english_words(said)
    assert not found, "\n".join(found[:40])


def test_the_pages_report_writes_in_the_tour_are_french(tours):
    _said, pages = tours[0]
    for name, page in pages.items():
        assert re.search(r"<html[^>]*\blang=\"fr\"", page), name
        found = english_words(page_text(page))
        assert not found, name + ":\n" + "\n".join(found[:40])
