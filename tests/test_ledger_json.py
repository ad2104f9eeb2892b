"""The JSON ledger keeps docs/ledger.md: its stable keys, its schema and its invariants (verify)."""
import json

from builders import EXAMPLE_TRICKS, PARTY_DUMP, REVERSIS_MADE, hand, record
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.verify import verify_document

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


def test_verify_accepts_it(tmp_path):
    _, doc = ledger_json(tmp_path, SESSION)
    assert verify_document(doc) == []
    result = runner.invoke(app, ["verify", "-"], input=json.dumps(doc))
    assert result.exit_code == 0, result.output
    assert result.output == "-: 4 hands: sound\n"
