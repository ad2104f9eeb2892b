"""The wheel carries the grammar, the ledger schema, the licence and the metadata; the command answers."""
import subprocess
import sys
import zipfile
from pathlib import Path

from typer.testing import CliRunner

from reversis_score import __version__
from reversis_score.cli import app
from reversis_score.notation.lalr import grammar_text

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contains_the_grammar_the_schema_the_licence_and_the_metadata(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("reversis_score-*.whl")
    archive = zipfile.ZipFile(wheel)
    names = archive.namelist()
    assert "reversis_score/grammar/reversis.lark" in names
    assert "reversis_score/cli/app.py" in names
    for asset in ("templates/base.html", "templates/season.html", "templates/session.html",
                  "templates/hand.html", "templates/why.html", "static/app.css", "static/live.js",
                  "static/hand.js"):  # serve's pages work without the internet
        assert f"reversis_score/serve/{asset}" in names
    assert "reversis_score/locale/fr/LC_MESSAGES/reversis-score.mo" in names  # French (i18n.py)
    assert "reversis_score/locale/fr/LC_MESSAGES/click.mo" in names
    assert not any(n.startswith(("tests/", "samples/", "docs/")) for n in names)
    schema = archive.read("reversis_score/ledger/ledger.schema.json")
    assert schema == (ROOT / "docs" / "ledger.schema.json").read_bytes()
    info = f"reversis_score-{__version__}.dist-info"
    assert archive.read(f"{info}/licenses/LICENSE" if f"{info}/licenses/LICENSE" in names
                        else f"{info}/LICENSE") == (ROOT / "LICENSE").read_bytes()
    metadata = archive.read(f"{info}/METADATA").decode("utf-8")
    assert f"\nVersion: {__version__}\n" in metadata
    assert "\nLicense-Expression: MIT\n" in metadata and "License-File: LICENSE" in metadata
    assert "Keywords:" in metadata and "Project-URL: Documentation," in metadata


def test_the_licence_is_the_one_pyproject_names():
    assert (ROOT / "LICENSE").read_text("utf-8").startswith("MIT License\n")
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert 'license = "MIT"' in pyproject and 'license-files = ["LICENSE"]' in pyproject


def test_the_version_is_written_in_one_place():
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject.split("[tool.")[0]
    assert 'version = {attr = "reversis_score.__version__"}' in pyproject


def test_grammar_loads_through_importlib_resources():
    assert grammar_text() == (ROOT / "grammar" / "reversis.lark").read_text("utf-8")


def test_version_and_help_with_examples():
    runner = CliRunner()
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"reversis-score {__version__}\n"
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "Examples:" in result.output and "reversis-score check" in result.output
