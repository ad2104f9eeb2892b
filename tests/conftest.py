"""Shared fixtures: paths, the golden-file flag, and small record helpers."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# bench/mutate.py runs the tests on each mutant with --hypothesis-profile=mutation: the same
# examples every run (no randomness, no example database), so a mutant is caught or not alike.
settings.register_profile("mutation", derandomize=True, database=None, deadline=None)

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
BAD = SAMPLES / "bad"
DATA = Path(__file__).resolve().parent / "data"


def pytest_configure(config):
    # The parser's table cache goes to a fresh folder, never the user's ~/.cache (children inherit it).
    os.environ["REVERSIS_SCORE_CACHE"] = tempfile.mkdtemp(prefix="reversis-score-cache-")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite the golden files from the current output (never done silently).")


@pytest.fixture(autouse=True)
def _language_of_the_environment_again():
    """A test that chose French (``--lang fr`` in process) leaves the next test, in the same
    worker, to the environment's language: serve's pages and the Recorder never pass through
    the CLI that would reset it."""
    yield
    import sys
    i18n = sys.modules.get("reversis_score.i18n")
    if i18n is not None and i18n._chosen:
        i18n.set_language(None)


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


# ------------------------------------------------------------------ a throwaway PostgreSQL
def unavailable(reason: str) -> None:
    """A part the tests need is missing: a skip that says why, except where it must be there.

    .ci/run sets ``CI=true`` and installs PostgreSQL and the driver, so there a missing part
    fails the run: the PostgreSQL tests fail, never skip, in CI."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the PostgreSQL tests, but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def need_psycopg():
    """The psycopg module, or ``unavailable``."""
    try:
        import psycopg
    except ImportError:
        unavailable("psycopg is not installed (pip install -e '.[dev]' brings it)")
    return psycopg


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL server on a Unix socket for the whole run (tests/pgserver.py), or
    ``unavailable`` with the reason there is none. Each pytest-xdist worker is a process of its
    own with its own session, so each starts its own server in a folder of its own, reached
    by a socket in that folder (no TCP port): workers never share a server or a database."""
    import pgserver
    need_psycopg()
    found = pgserver.find_server()
    if isinstance(found, str):
        unavailable(found)
        return
    server = pgserver.Server(found)
    try:
        try:
            server.start()
        except RuntimeError as exc:  # e.g. a temporary folder the server's user cannot reach
            unavailable(f"the PostgreSQL test server did not start: {exc}")
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server, request):
    """A URL of a new, empty database of its own for one test."""
    import re
    name = "t_" + re.sub(r"\W", "_", request.node.name.lower())[:50]
    with pg_server.admin() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return pg_server.url(name)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium under Playwright, one per test module (tests/webserver.py's flags);
    a module that needs other launch options defines its own."""
    from playwright.sync_api import sync_playwright
    from webserver import chromium
    with sync_playwright() as pw:
        launched = chromium(pw)
        yield launched
        launched.close()
