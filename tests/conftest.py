"""Shared fixtures: paths, the golden-file flag, and small record helpers."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
BAD = SAMPLES / "bad"
DATA = Path(__file__).resolve().parent / "data"
SHARED = ROOT.parent / "shared"


def pytest_configure(config):
    # The parser's table cache goes to a fresh folder, never the user's ~/.cache (children inherit it).
    os.environ["REVERSIS_SCORE_CACHE"] = tempfile.mkdtemp(prefix="reversis-score-cache-")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite the golden files from the current output (never done silently).")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


@pytest.fixture
def example_text() -> str:
    """The whole example record of NOTATION.md (settled fish by fish in RULES.md §13)."""
    return (DATA / "notation-example.rvs").read_text("utf-8")
