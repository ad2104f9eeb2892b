"""The repository stands on its own: its docs are present, linked, current, and name nothing outside.

- no tracked file names the team's working folder beside the checkout;
- every relative link in README.md and docs/ resolves, ``#anchors`` included;
- docs/rules.md's presets table is what presets.py says (``pytest --update-golden`` rewrites it);
- the edited ledger the docs show is settle's ledger with exactly one amount changed.
"""
import copy
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import DATA, ROOT
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.report.rules import presets_markdown

OUTSIDE = ("../" + "shared", "shared/" + "tools")  # spelled apart so that this file does not name them
PAGES = [ROOT / "README.md", ROOT / "samples" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
BEGIN = "<!-- presets table: generated from reversis_score/rules/presets.py -->"
END = "<!-- end of the presets table -->"
EDITED = DATA / "ledgers" / "one-fish-changed.json"


def tracked_files() -> list[Path]:
    """The files git tracks; without git (an unpacked archive), every file of the tree."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        return [ROOT / name for name in out.stdout.decode("utf-8").split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        skip = (".git", "__pycache__", ".pytest_cache", ".hypothesis", "build", "dist")
        return [Path(d) / f for d, dirs, files in os.walk(ROOT)
                for f in files if not any(part in skip or part.endswith(".egg-info")
                                          for part in Path(d).relative_to(ROOT).parts)]


def test_no_tracked_file_names_the_folder_beside_the_checkout():
    files = tracked_files()
    assert ROOT / "README.md" in files
    named = [str(f.relative_to(ROOT)) for f in files if f.is_file()
             and any(word.encode() in f.read_bytes() for word in OUTSIDE)]
    assert named == []


def slug(heading: str) -> str:
    """The anchor a Markdown heading gets (GitHub's way: lowercase, punctuation dropped)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text("utf-8"), flags=re.S)
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, flags=re.M):
        base = slug(heading)
        found.add(base if base not in seen else f"{base}-{seen[base]}")
        seen[base] = seen.get(base, 0) + 1
    return found


def links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text("utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page):
    broken = []
    for target in links(page):
        name, _, anchor = target.partition("#")
        path = (page.parent / name).resolve() if name else page
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}: no heading with that anchor in {path.name}")
    assert broken == []


def test_the_docs_are_linked_from_the_readme():
    readme = set(links(ROOT / "README.md"))
    for page in ("docs/notation.md", "docs/rules.md", "docs/ledger.md", "docs/ledger.schema.json"):
        assert any(link.split("#")[0] == page for link in readme), page


def test_slug_and_anchors():
    assert slug("`verify` — is the ledger sound?") == "verify--is-the-ledger-sound"
    assert slug("4. Pools (the *panier*, the *remise*)") == "4-pools-the-panier-the-remise"


def test_the_presets_table_is_generated_from_presets_py(update_golden):
    path = ROOT / "docs" / "rules.md"
    text = path.read_text("utf-8")
    before, _, rest = text.partition(BEGIN + "\n")
    _, _, after = rest.partition(END)
    fresh = before + BEGIN + "\n" + presets_markdown() + END + after
    assert BEGIN in text and END in text
    if update_golden:
        path.write_text(fresh, "utf-8")
        return
    assert text == fresh, "docs/rules.md's presets table is stale: run pytest --update-golden"


def test_the_edited_ledger_differs_from_the_real_one_by_one_amount(update_golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["settle", "tests/data/notation-example.rvs", "--format", "json"])
    real = json.loads(result.stdout)
    edited = copy.deepcopy(real)
    edited["hands"][0]["items"][7]["amount"] += 1
    if update_golden:
        EDITED.write_text(json.dumps(edited, ensure_ascii=False, indent=2) + "\n", "utf-8")
        return
    assert json.loads(EDITED.read_text("utf-8")) == edited
