"""Start-up: --help and check import neither the settlement nor the modules only some
commands need (sqlite3, csv, html, json renderers)."""
import subprocess
import sys

import pytest
from conftest import SAMPLES

HEAVY = ("sqlite3", "csv", "html", "reversis_score.settle", "reversis_score.ledger",
         "reversis_score.render.tables", "reversis_score.render.sqlite", "tabulate", "rich")


TYPER_ALONE = """
import sys
import typer
app = typer.Typer()
@app.command()
def one(name: str, flag: bool = False, count: int = 0) -> None:
    pass
@app.command()
def two() -> None:
    pass
try:
    app()
except SystemExit:
    pass
print("\\n".join(sorted(sys.modules)), file=sys.stderr)
"""


def typer_alone() -> set[str]:
    """What Typer itself loads to run a command (this Typer coerces parameters with pydantic,
    which brings csv and more): the floor the command's own imports are measured from."""
    out = subprocess.run([sys.executable, "-c", TYPER_ALONE, "one", "x"], capture_output=True, text=True,
                         timeout=60, check=False)
    return set(out.stderr.splitlines())


def imported_by(*args: str) -> set[str]:
    """The modules loaded by one run of the command with ``args``."""
    code = ("import sys\nfrom reversis_score.cli import main\ntry:\n    main()\nexcept SystemExit:\n"
            "    pass\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60,
                         check=False)
    return set(out.stderr.splitlines())


@pytest.mark.parametrize("args", [["--help"], ["check", str(SAMPLES / "club-night.rvs")],
                                  ["check", "--help"]], ids=" ".join)
def test_help_and_check_stay_light(args):
    modules = imported_by(*args) - typer_alone()
    loaded = [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert loaded == []


def test_help_does_not_even_load_the_parser():
    assert "lark" not in imported_by("--help")


def test_importing_the_cli_is_light():
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import reversis_score.cli"],
                         capture_output=True, text=True, timeout=60, check=False)
    names = {line.split("|")[-1].strip() for line in out.stderr.splitlines() if "|" in line}
    assert "reversis_score.cli" in names
    assert not names & {"lark", "sqlite3", "csv", "reversis_score.pipeline", "reversis_score.settle"}


def test_a_clean_check_does_not_load_lark(tmp_path):
    # The quick readers read a plain header and plain hands: Lark is loaded only for a chunk
    # they leave to it (~25 ms of a worker's start-up).
    import random

    import gen
    session = gen.random_session(random.Random(7), ("Anne", "Bruno", "Claire", "Denis"), 6,
                                 void_rate=0.2, rules="parlett", stake=100)
    clean = tmp_path / "clean.rvs"
    clean.write_text(gen.to_rvs(session), encoding="utf-8")
    assert "lark" not in imported_by("check", str(clean))
    bare = tmp_path / "bare.rvs"  # a bare 'hand' with a comment: the quick reader leaves it to Lark
    bare.write_text(gen.to_rvs(session).replace("hand 1\n", "hand  # the first\n"), encoding="utf-8")
    assert "lark" in imported_by("check", str(bare))  # the test can see Lark loaded


BOTH_WAYS = """
import contextlib, io, sys
import typer.main
from reversis_score.cli import app, main
built = []
build = typer.main.get_command_from_info
typer.main.get_command_from_info = lambda **kw: built.append(1) or build(**kw)
for args in ([{check}], ["check", "--bogus"], ["check", "-h"], ["chek", "x"], ["--help"],
             ["--lang", "fr", "check"]):
    said = []
    for run in (main, lambda: app(prog_name="reversis-score")):
        sys.argv = ["reversis-score", *args]
        out, err = io.StringIO(), io.StringIO()
        built.clear()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                run()
            except SystemExit as exc:
                code = exc.code
        said.append((out.getvalue(), err.getvalue(), code, len(built)))
    assert said[0][:3] == said[1][:3], (args, said)
    print(args[0], said[0][3], said[1][3])
"""


def test_a_named_command_is_built_alone_and_says_the_same():
    # main() builds only the command named first (cli/__init__.py); what any run says is what
    # the app with every command built says.
    code = BOTH_WAYS.replace("{check}", repr(["check", str(SAMPLES / "club-night.rvs")])[1:-1])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         check=False)
    assert out.returncode == 0, out.stderr
    built = [line.split() for line in out.stdout.splitlines()]
    every = built[0][2]
    assert int(every) > 5
    assert built == [["check", "1", every], ["check", "1", every], ["check", "1", every],
                     ["chek", every, every], ["--help", every, every], ["--lang", every, every]]
