"""The JSON ledger keeps LEDGER.md: its stable (*) keys, and ../shared/tools/check-ledger.py."""
import json
import subprocess
import sys

from builders import EXAMPLE_TRICKS, PARTY_DUMP, REVERSIS_MADE, hand, record
from conftest import SHARED
from typer.testing import CliRunner

from reversis_score.cli import app

CHECKER = SHARED / "tools" / "check-ledger.py"
runner = CliRunner()

SESSION = record(hand("Bruno", EXAMPLE_TRICKS), hand("Claire", [], "", "").replace(
    "tricks:\n\n", "void: misdeal\n"), hand("Denis", PARTY_DUMP), hand("Denis", REVERSIS_MADE),
    header="stake: 100\n")


def ledger_json(tmp_path, text, *options):
    path = tmp_path / "s.rvs"
    path.write_text(text)
    result = runner.invoke(app, ["settle", str(path), "--format", "json", *options])
    return result, json.loads(result.stdout)


def test_stable_keys(tmp_path):
    result, doc = ledger_json(tmp_path, SESSION)
    assert result.exit_code == 0
    assert doc["format"] == "reversis-ledger/1"
    assert doc["session"]["players"] == ["Anne", "Bruno", "Claire", "Denis"]
    assert set(doc["rules"]) >= {"preset", "changed", "knobs"}
    hand = doc["hands"][0]
    for key in ("number", "dealer", "status", "outcome", "items", "net", "pools_before", "pools_after",
                "balances"):
        assert key in hand
    assert hand["outcome"]["kind"] == "party"
    item = hand["items"][0]
    assert set(item) == {"seq", "trick", "kind", "card", "payer", "payee", "amount", "cancelled_by", "why"}
    assert set(doc) >= {"totals", "pools", "warnings"}
    assert [h["status"] for h in doc["hands"]] == ["settled", "void", "settled", "settled"]
    assert doc["hands"][3]["outcome"]["kind"] == "reversis-made"


def test_check_ledger_accepts_it(tmp_path):
    _, doc = ledger_json(tmp_path, SESSION)
    out = subprocess.run([sys.executable, str(CHECKER), "-"], input=json.dumps(doc), text=True,
                         capture_output=True)
    assert out.returncode == 0, out.stdout
    assert out.stdout.strip().endswith("4 settled hands checked: 0 problems")
