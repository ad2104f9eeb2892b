"""The installed wheel carries the grammar; the command is installed and answers."""
import subprocess
import sys
import zipfile
from pathlib import Path

from typer.testing import CliRunner

from reversis_score import __version__
from reversis_score.cli import app
from reversis_score.notation.lalr import grammar_text

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contains_the_grammar(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("reversis_score-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "reversis_score/grammar/reversis.lark" in names
    assert "reversis_score/cli/app.py" in names
    assert not any(n.startswith(("tests/", "samples/")) for n in names)


def test_grammar_loads_through_importlib_resources():
    assert grammar_text() == (ROOT / "grammar" / "reversis.lark").read_text("utf-8")


def test_version_and_help_with_examples():
    runner = CliRunner()
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "Examples:" in result.output and "reversis-score check" in result.output
