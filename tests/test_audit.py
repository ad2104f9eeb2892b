"""audit: table payments against the settlement — verdicts, words, corrections, exit codes."""
import json

import pytest
from conftest import DATA, SAMPLES, verified
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger
from reversis_score.notation.records import Span, TableLine
from reversis_score.pipeline import check_text
from reversis_score.report.audit import POOL, audit_hand, audit_ledger
from reversis_score.report.why import norm_side

LEDGERS = DATA / "ledgers"
EXAMPLE = DATA / "notation-example.rvs"
runner = CliRunner()
# Every clean record we can find: the project's samples when they exist, and our fixtures.
RECORDS = sorted(SAMPLES.glob("*.rvs")) + [EXAMPLE] + sorted(LEDGERS.glob("*.rvs"))


def audit(*args):
    return runner.invoke(app, ["audit", *map(str, args)])


def audit_json(path):
    result = audit(path, "--format", "json")
    return result, json.loads(result.stdout)


def ledger_of(path):
    return build_ledger(check_text(path.read_text("utf-8"), str(path)))


def write(tmp_path, text, name="r.rvs"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ the example and its variants
def test_notation_example_agrees():
    result = audit(EXAMPLE)
    assert result.exit_code == 0, result.output
    assert "agrees" in result.stdout and "DIFFERS" not in result.stdout
    assert "nothing to correct" in result.stdout


def test_changed_amount_is_found_with_its_rule():
    result = audit(LEDGERS / "example-changed-amount.rvs")
    assert result.exit_code == 3
    out = result.stdout
    assert ("hand 1: Denis paid Claire 2 (line 38), the settlement has 1: trick 9: Denis's A♥ is "
            "forced on Claire's ♥ lead, not doubled") in out
    assert "(RULES §5)" in out
    assert "Claire owes Denis 1 more" in out


def test_missing_payment_is_found():
    result = audit(LEDGERS / "example-missing-payment.rvs")
    assert result.exit_code == 3
    assert ("hand 1: missing — Denis should have paid Anne 5: trick 9: Claire led Quinola (J♥); "
            "each other player pays the party winner Anne (RULES §5)") in result.stdout
    assert "Denis owes Anne 5 more" in result.stdout


def test_extra_payment_is_found():
    result = audit(LEDGERS / "example-extra-payment.rvs")
    assert result.exit_code == 3
    assert "hand 1: unexpected — Bruno paid Claire 4 (line 42)" in result.stdout
    assert "Claire owes Bruno 4 more" in result.stdout


def test_json_fills_the_audit_blocks_and_passes_the_checker():
    result, doc = audit_json(LEDGERS / "example-changed-amount.rvs")
    assert result.exit_code == 3
    block = doc["hands"][0]["audit"]
    assert block["matches"] is False
    assert block["missing"] == [] and block["unexpected"] == []
    assert block["wrong_amount"] == [{"payer": "Denis", "payee": "Claire", "paid": 2, "due": 1,
                                      "items": [8], "lines": [38]}]
    assert block["paid"]["Claire"] - block["due"]["Claire"] == 1
    assert doc["audit"]["corrections"][0] == {"payer": "Claire", "payee": "Denis", "amount": 1,
                                              "words": "Claire owes Denis 1 more"}
    checked = verified("-", input=result.stdout)
    assert checked.exit_code == 0, checked.output


def test_json_missing_and_unexpected_lists():
    _, doc = audit_json(LEDGERS / "example-missing-payment.rvs")
    missing = doc["hands"][0]["audit"]["missing"]
    assert [(m["payer"], m["payee"], m["amount"], m["kind"]) for m in missing] == [
        ("Denis", "Anne", 5, "quinola-led")]
    _, doc = audit_json(LEDGERS / "example-extra-payment.rvs")
    assert doc["hands"][0]["audit"]["unexpected"] == [
        {"payer": "Bruno", "payee": "Claire", "amount": 4, "line": 42}]


# ------------------------------------------------------------------ tables route payments their own way
def test_routing_through_another_player_agrees(tmp_path):
    # Bruno antes for Anne and she pays him back: the lines differ, the nets do not.
    text = EXAMPLE.read_text("utf-8").replace("  Anne -> pool 5\n  Bruno -> pool 10",
                                              "  Bruno -> pool 15\n  Anne -> Bruno 5")
    result = audit(write(tmp_path, text))
    assert result.exit_code == 0, result.stdout


def test_grouped_and_netted_payments_agree(tmp_path):
    text = EXAMPLE.read_text("utf-8")
    grouped = text.replace("  Claire -> Bruno 1\n  Denis -> Claire 1\n  Claire -> Bruno 2",
                           "  Claire -> Bruno 3\n  Denis -> Claire 1")
    # Denis pays Anne Claire's share too (10), Claire repays Denis 5, less the 1 he owes her.
    netted = text.replace("  Denis -> Claire 1", "  Claire -> Denis 4").replace(
        "  Claire -> Anne 32", "  Claire -> Anne 27").replace("  Denis -> Anne 5 ", "  Denis -> Anne 10 ")
    for version in (grouped, netted):
        assert version != text
        assert audit(write(tmp_path, version)).exit_code == 0


def test_routing_does_not_hide_a_real_difference(tmp_path):
    text = EXAMPLE.read_text("utf-8").replace("  Anne -> pool 5\n  Bruno -> pool 10",
                                              "  Bruno -> pool 15\n  Anne -> Bruno 5").replace(
        "  Denis -> Anne 5 ", "  # Denis -> Anne 5 ")
    result, doc = audit_json(write(tmp_path, text))
    block = doc["hands"][0]["audit"]
    assert result.exit_code == 3
    assert len(block["explanation"]) == 1 and "Denis should have paid Anne 5" in block["explanation"][0]
    assert block["routed_differently"] >= 1


def test_pool_sides_are_one_side(tmp_path):
    text = EXAMPLE.read_text("utf-8").replace("  Claire -> pool 30", "  Claire -> pool:1 30")
    assert audit(write(tmp_path, text)).exit_code == 0


# ------------------------------------------------------------------ a whole night
def test_disputed_night():
    path = LEDGERS / "autumn-1-disputed.rvs"
    result = audit(path)
    assert result.exit_code == 3
    out = result.stdout
    assert "not audited (no table: lines): hand 2" in out
    assert "hand 3: missing — Bruno should have paid Denis 4: trick 11: Bruno led A♥" in out
    assert "hand 4: unexpected — Bruno paid Claire 5" in out
    assert "the reversis returns every payment of tricks 1–9 (RULES §8)" in out
    _, doc = audit_json(path)
    verdicts = {h["number"]: h["audit"] and h["audit"]["matches"] for h in doc["hands"]}
    assert verdicts == {1: False, 2: None, 3: False, 4: False, 5: True, 6: True}


def test_corrections_put_everyone_right():
    audit_result = audit_ledger(ledger_of(LEDGERS / "autumn-1-disputed.rvs"))
    sides = {side: 0 for side in audit_result.hands[0].paid}
    for hand in audit_result.hands:
        for side in sides:
            sides[side] += hand.paid[side] - hand.due[side]
    for payer, payee, amount in audit_result.corrections():
        sides[payer] -= amount
        sides[payee] += amount
    assert set(sides.values()) == {0}


def test_right_night_agrees_and_several_files():
    assert audit(LEDGERS / "autumn-1.rvs", LEDGERS / "autumn-2.rvs").exit_code == 0
    assert audit(LEDGERS / "autumn-1.rvs", LEDGERS / "example-missing-payment.rvs").exit_code == 3


# ------------------------------------------------------------------ exit codes
def test_record_errors_exit_1():
    assert audit(LEDGERS / "autumn-bad.rvs").exit_code == 1
    assert audit(LEDGERS / "example-missing-payment.rvs", LEDGERS / "autumn-bad.rvs").exit_code == 1


def test_usage_errors_exit_2(tmp_path):
    result = audit(tmp_path / "none.rvs")
    assert result.exit_code == 2 and "no such file" in result.output
    assert audit(EXAMPLE, "--format", "csv").exit_code == 2


def test_no_traceback_on_garbage(tmp_path):
    for data in (b"\xff\xfe garbage", b"players: A B C D\nhand\ndealer: A\ntable:\n  A -> pool 0\n", b""):
        path = tmp_path / "g.rvs"
        path.write_bytes(data)
        result = audit(path)
        assert result.exit_code in (1, 2), result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)


# ------------------------------------------------------------------ every record, with the right table lines
def right_table(settlement) -> tuple[TableLine, ...]:
    """The table a careful treasurer would write: one line per player into the pools, per pool
    taking, and one netted line per pair of players."""
    flows: dict[tuple[str, str], int] = {}
    for item in settlement.items:
        if item.counts:
            key = (norm_side(item.payer), norm_side(item.payee))
            flows[key] = flows.get(key, 0) + item.amount
    lines = []
    for (payer, payee), amount in flows.items():
        back = flows.get((payee, payer), 0) if POOL not in (payer, payee) else 0
        if amount > back or POOL in (payer, payee):
            lines.append(TableLine(payer, payee, amount - back, Span(1, 1)))
    return tuple(lines)


def clean_ledgers():
    out = []
    for path in RECORDS:
        session = check_text(path.read_text("utf-8"), str(path))
        if session.ok:
            out.append(pytest.param(build_ledger(session), id=path.name))
    return out


@pytest.mark.parametrize("ledger", clean_ledgers())
def test_right_table_lines_agree_and_one_fish_off_is_found(ledger):
    knobs = ledger.rules.knobs
    for hand in ledger.settled:
        table = right_table(hand.settlement)
        assert audit_hand(hand, table, knobs).matches
        if not table:
            continue
        first = table[0]
        off = (TableLine(first.payer, first.payee, first.amount + 1, first.span),) + table[1:]
        wrong = audit_hand(hand, off, knobs)
        assert not wrong.matches and wrong.findings
        assert sum(f.paid - f.due for f in wrong.findings) == 1


@pytest.mark.parametrize("path", [p for p in RECORDS if "table:" in p.read_text("utf-8")],
                         ids=lambda p: p.name)
def test_audit_verdict_is_the_nets(path):
    """Whatever a record's table lines say, the verdict is exactly: nets and pools agree."""
    result = audit(path, "--format", "json")
    if result.exit_code == 1:
        return  # a record with errors: covered above
    doc = json.loads(result.stdout)
    blocks = [h["audit"] for h in doc["hands"] if h.get("audit")]
    for block in blocks:
        assert block["matches"] == (block["paid"] == block["due"])
    assert result.exit_code == (0 if all(b["matches"] for b in blocks) else 3)
