"""Streaming: settle --format json/csv and export write hand by hand, byte for byte what the
whole-ledger writers give, on every sample and on generated sessions."""
import json
import random

import gen
import pytest
from conftest import BAD, DATA, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rvs_texts
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger, stream_ledger
from reversis_score.pipeline import check_text, stream_text, summarise
from reversis_score.render import csv_rows, tables
from reversis_score.render.document import ledger_document, one_line_pools, to_json, write_json
from reversis_score.report.export import session_file, text_export


def utf8(path) -> bool:
    try:
        path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


RECORDS = sorted(SAMPLES.glob("*.rvs")) + sorted(BAD.glob("*.rvs")) + [DATA / "notation-example.rvs"]
TEXTS = [p for p in RECORDS if utf8(p)]  # the others are settled by nobody (test_bad_records)
runner = CliRunner()


def text_of(path) -> str:
    return path.read_bytes().decode("utf-8", "replace")


def whole_json(text: str, name: str, split: bool) -> str:
    ledger = build_ledger(check_text(text, name), split)
    return one_line_pools(json.dumps(ledger_document(ledger), ensure_ascii=False, indent=2)) + "\n"


def streamed_json(text: str, name: str, split: bool) -> str:
    parts: list[str] = []
    write_json(stream_ledger(stream_text(text, name), split), parts.append)
    return "".join(parts)


def streamed_csv(text: str, name: str, split: bool) -> str:
    rows = csv_rows.item_csv_rows(stream_ledger(stream_text(text, name), split))
    return csv_rows.csv_header(csv_rows.ITEMS_HEADER) + "".join(csv_rows.csv_header(row) for row in rows)


@pytest.mark.parametrize("split", [False, True], ids=["", "split-pools"])
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_streamed_writers_equal_the_whole_document(path, split):
    text = text_of(path)
    assert streamed_json(text, str(path), split) == whole_json(text, str(path), split)
    assert to_json(build_ledger(check_text(text, str(path)), split)) == whole_json(text, str(path), split)
    whole = build_ledger(check_text(text, str(path)), split)
    assert streamed_csv(text, str(path), split) == csv_rows.items_csv([whole])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rvs_texts())
def test_streamed_json_equals_the_whole_document_on_generated_sessions(text):
    assert streamed_json(text, "gen.rvs", False) == whole_json(text, "gen.rvs", False)
    assert streamed_json(text, "gen.rvs", True) == whole_json(text, "gen.rvs", True)


def test_a_long_pool_session_streams_the_same():
    session = gen.random_session(random.Random(3), ("Anne", "Bruno", "Claire", "Denis"), 120,
                                 void_rate=0.05, rules="regles-fr")
    text = gen.to_rvs(session)
    assert streamed_json(text, "long.rvs", False) == whole_json(text, "long.rvs", False)


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_settle_command_streams_what_the_ledger_says(path, fmt, monkeypatch):
    monkeypatch.chdir(path.parent)
    result = runner.invoke(app, ["settle", path.name, "--format", fmt])
    if not text_of(path).strip():  # an empty file: its error, and nothing after it
        assert (result.stdout_bytes, result.exit_code) == (b"", 1)
        return
    ledger = build_ledger(check_text(text_of(path), path.name))
    expected = to_json(ledger) if fmt == "json" else csv_rows.items_csv([ledger])
    assert result.stdout_bytes.decode("utf-8") == expected
    assert result.exit_code == (0 if check_text(text_of(path), path.name).ok else 1)


def test_export_pieces_join_as_the_whole_json_list():
    paths = [p for p in sorted(SAMPLES.glob("*.rvs")) if check_text(text_of(p), str(p)).ok]
    files = [session_file(str(p), p.read_bytes(), check_text(text_of(p), str(p))) for p in paths]
    from reversis_score.report.audit import audit_ledger
    from reversis_score.report.audit_json import audited_document
    docs = []
    for f in files:
        doc = audited_document(audit_ledger(f.ledger))
        doc["session"]["sha256"] = f.sha256
        docs.append(doc)
    assert text_export(files, "json") == one_line_pools(json.dumps(docs, ensure_ascii=False, indent=2)) + "\n"
    assert text_export(files[:1], "json") == one_line_pools(json.dumps(docs[0], ensure_ascii=False,
                                                                        indent=2)) + "\n"
    assert text_export(files, "csv", "hands") == csv_rows.hands_csv([f.ledger for f in files])


@pytest.mark.parametrize("batch", [1, 2, 500])
def test_export_pieces_join_as_the_whole_csv_and_markdown(batch, monkeypatch):
    # Written hand by hand (the Markdown hands table a batch of rows at a time, padded to the
    # whole table's widths), the pieces give what the whole ledgers gave.
    monkeypatch.setattr(tables, "STREAM_BATCH", batch)
    paths = [p for p in sorted(SAMPLES.glob("*.rvs")) if check_text(text_of(p), str(p)).ok]
    files = [session_file(str(p), p.read_bytes(), check_text(text_of(p), str(p))) for p in paths]
    ledgers = [f.ledger for f in files]
    assert text_export(files, "csv") == csv_rows.items_csv(ledgers)
    whole = "\n---\n\n".join(tables.write_blocks(tables.summary_blocks(ledger), "markdown")
                              for ledger in ledgers)
    assert text_export(files, "markdown") == whole


def test_a_long_session_exports_as_its_whole_ledger(monkeypatch):
    monkeypatch.setattr(tables, "STREAM_BATCH", 7)
    session = gen.random_session(random.Random(11), ("Anne", "Bruno", "Claire", "Denis"), 60,
                                 void_rate=0.05, title="Long | night", rules="parlett")
    text = gen.to_rvs(session)
    f = session_file("long.rvs", text.encode("utf-8"), check_text(text, "long.rvs"))
    assert text_export([f], "markdown") == tables.write_blocks(tables.summary_blocks(f.ledger), "markdown")
    assert text_export([f], "csv", "hands") == csv_rows.hands_csv([f.ledger])


def summary_by_collecting(text: str, file: str, strict: bool) -> tuple:
    """What check reported when it held the whole session (collect)."""
    session = check_text(text, file, strict=strict)
    return len(session.hands), session.diagnostics


@pytest.mark.parametrize("strict", [False, True], ids=["", "strict"])
@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_check_summarised_hand_by_hand_reports_what_the_whole_session_does(path, strict):
    text = path.read_text("utf-8")
    summary = summarise(stream_text(text, path.name), strict)
    assert (summary.hands, summary.diagnostics) == summary_by_collecting(text, path.name, strict)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.booleans())
def test_check_summarised_hand_by_hand_on_mutated_records(seed, strict):
    rng = random.Random(seed)
    session = gen.random_session(rng, ("Anne", "Bruno", "Claire", "Denis"), rng.randint(1, 4), void_rate=0.1)
    lines = gen.to_rvs(session).split("\n")
    for _ in range(rng.randint(1, 3)):  # a dropped, doubled or swapped line can break any hand
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], (lines[i] if rng.random() < 0.5 else "")
    text = "\n".join(lines)
    summary = summarise(stream_text(text, "m.rvs"), strict)
    assert (summary.hands, summary.diagnostics) == summary_by_collecting(text, "m.rvs", strict)
