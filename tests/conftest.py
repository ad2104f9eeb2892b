"""Shared fixtures: paths, the golden-file flag, and small record helpers."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
BAD = SAMPLES / "bad"
DATA = Path(__file__).resolve().parent / "data"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite the golden files from the current output (never done silently).")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


def verified(*args, input: str | None = None):
    """``reversis-score verify ARGS``, run in process: every check a JSON ledger must pass."""
    from typer.testing import CliRunner
    from reversis_score.cli import app
    return CliRunner().invoke(app, ["verify", *map(str, args)], input=input)


@pytest.fixture
def example_text() -> str:
    """The whole example record of docs/notation.md (settled fish by fish in docs/rules.md)."""
    return (DATA / "notation-example.rvs").read_text("utf-8")
