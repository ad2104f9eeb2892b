"""``verify``: the ledger's schema, every invariant, and the comparison with a record.

The ledgers of the samples are sound; changing one fish anywhere makes them unsound, and the
finding names the hand and the item; garbage, other JSON and newer formats get one line.
"""
import copy
import json

import pytest
from conftest import DATA, ROOT, SAMPLES, verified
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.against import compare_documents
from reversis_score.ledger.verify import LedgerProblem, read_documents, verify_document

runner = CliRunner()
SESSIONS = sorted(SAMPLES.glob("*.rvs"))
CLUB = SAMPLES / "club-night.rvs"


def ledger_of(path, *options) -> dict:
    result = runner.invoke(app, ["settle", str(path), "--format", "json", *options])
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def club() -> dict:
    return ledger_of(CLUB)


def findings(doc) -> list[str]:
    return [str(f) for f in verify_document(doc)]


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_every_sample_ledger_is_sound(path, tmp_path):
    target = tmp_path / "ledger.json"
    assert runner.invoke(app, ["export", str(path), "--to", str(target)]).exit_code == 0
    result = verified(target)
    assert result.exit_code == 0, result.output
    assert result.output.endswith(": sound\n")


def test_a_list_of_sessions_and_a_ledger_that_stops_at_a_bad_hand(tmp_path):
    both = runner.invoke(app, ["export", str(CLUB), str(SAMPLES / "denexa-online.rvs")]).stdout
    assert verified("-", input=both).output == "-: 2 sessions, 18 hands: sound\n"
    bad = runner.invoke(app, ["settle", str(DATA / "ledgers" / "autumn-bad.rvs"), "--format", "json"])
    result = verified("-", input=bad.stdout)
    assert result.exit_code == 0
    assert result.output == "-: 3 hands: sound (the record had errors from hand 3: the ledger stops there)\n"


def test_one_amount_changed_names_the_hand_and_the_item(club, tmp_path):
    doc = copy.deepcopy(club)
    doc["hands"][0]["items"][7]["amount"] += 1  # Denis pays Bruno 10 for Quinola forced
    target = tmp_path / "edited.json"
    target.write_text(json.dumps(doc))
    result = verified(target)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"{target}: hand 1, item 8, amount: Denis pays Bruno 11; with 10 the hand's net and pools add " \
           "up; its why says 10" in lines
    assert f"{target}: hand 1, net: Bruno's net is +45, the items sum to +46" in lines
    assert lines[-1] == f"{target}: 12 hands: 3 problems"


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_single_amount_changed_is_found_in_its_hand(club, data):
    doc = copy.deepcopy(club)
    hand = data.draw(st.sampled_from([h for h in doc["hands"] if h["items"]]))
    item = data.draw(st.sampled_from([i for i in hand["items"] if not i["cancelled_by"]]))
    item["amount"] += data.draw(st.sampled_from([-1, 1, 7]).filter(lambda d: item["amount"] + d > 0))
    found = verify_document(doc)
    assert found and all(f.hand in (hand["number"], None) for f in found)
    assert any(f.hand == hand["number"] and f.key == "net" for f in found)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=True)
                    | st.text(max_size=8), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_edit_anywhere_gives_findings_never_a_traceback(club, data):
    """Replace or delete any value of the ledger, at any depth: verify answers in findings."""
    doc = copy.deepcopy(club)
    doc["hands"] = doc["hands"][:3]
    for _ in range(data.draw(st.integers(1, 3))):
        node, key = doc, None
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                key = None
                break
            key = data.draw(st.sampled_from(keys))
            if not isinstance(node[key], (dict, list)) or data.draw(st.booleans()):
                break
            node = node[key]
        if key is not None and data.draw(st.booleans()):
            del node[key]
        elif key is not None:
            node[key] = data.draw(JSON)
    for finding in verify_document(doc):
        assert str(finding)


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["hands"][1]["net"].update(Anne=-51),
     ["hand 2, net: Anne's net is -51, the items sum to -54",
      "hand 2, pools_after: fish not conserved: the nets sum to -57, the pools grow by +60 "
      "([50] to [55, 55])",
      "hand 2, balances: Anne's balance is 129, the stake 200 plus the nets so far make 132",
      "totals: Anne's total is -106, the hands' nets sum to -103"]),
    (lambda d: d["hands"][3].update(pools_before=[55, 61]),
     ["hand 4, pools_after: the items move +5 into the pools, the pools grow by +64",
      "hand 4, pools_after: fish not conserved: the nets sum to -5, the pools grow by +64 "
      "([55, 61] to [55, 60, 65])",
      "hand 4, pools_before: is [55, 61], hand 3 ended with [55, 60, 60]"]),
    (lambda d: d["hands"][4]["balances"].update(Denis=0),
     ["hand 5, balances: Denis's balance is 0, the stake 200 plus the nets so far make -3"]),
    (lambda d: d["totals"].update(Claire=80), ["totals: Claire's total is 80, the hands' nets sum to +79"]),
    (lambda d: d.update(pools=[60]), ["pools: is [60], the last hand ended with [60, 95, 100]"]),
    (lambda d: d["settle_up"][0].update(amount=d["settle_up"][0]["amount"] + 2),
     ["settle_up: Claire gets +161 from the settle-up, but Claire's payments with the other players "
      "come to +159",
      "settle_up: Denis gets -183 from the settle-up, but Denis's payments with the other players "
      "come to -181"]),
    (lambda d: d["hands"][0]["items"][2].update(seq=9),
     ["hand 1, item 9, seq: is item 3 of the hand: items are numbered 1, 2, 3… in order"]),
    (lambda d: d["hands"][0]["items"][0].update(payee="basket"),
     ["hand 1, item 1, payee: 'basket' is neither a player nor a pool (pool:1, pool:2, …)"]),
    (lambda d: d["hands"][0]["items"][0].update(amount=-5),
     ["hand 1, item 1, $.hands[0].items[0].amount: -5 is less than the minimum of 1"]),
    (lambda d: d["hands"][2].pop("net"), ["hand 3, $.hands[2]: 'net' is a required property"]),
    (lambda d: d["hands"][2]["items"][0].update(tip=1),
     ["hand 3, item 1, $.hands[2].items[0]: Additional properties are not allowed ('tip' was unexpected)"]),
    (lambda d: d["session"].update(players=["Anne", "Bruno", "Anne", "Denis"]),
     ["$.session.players: ['Anne', 'Bruno', 'Anne', 'Denis'] has non-unique elements"]),
])
def test_each_invariant_is_named(club, edit, expected):
    doc = copy.deepcopy(club)
    edit(doc)
    assert findings(doc) == expected


@pytest.mark.parametrize("text, message", [
    ("nope", "not JSON: Expecting value: line 1 column 1 (char 0)"),
    ("[1, 2]", 'not a reversis-score ledger: it has no "format": "reversis-ledger/1" key'),
    ('{"hands": []}', 'not a reversis-score ledger: it has no "format": "reversis-ledger/1" key'),
    ('{"format": "reversis-ledger/2", "what": "comes next"}',
     "a ledger of format reversis-ledger/2, newer than this reversis-score reads (reversis-ledger/1): "
     "verify it with a newer reversis-score"),
    ('{"format": "chess-pgn/1"}', "a ledger of an unknown format 'chess-pgn/1' (this version reads "
                                  "reversis-ledger/1)"),
    ("[" * 100_000, "not JSON that can be read: nested too deeply"),
])
def test_not_a_ledger_gets_one_line_and_exit_1(text, message):
    with pytest.raises(LedgerProblem, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        read_documents(text)
    result = verified("-", input=text)
    assert result.exit_code == 1
    assert result.output == f"-: {message}\n"


def test_bytes_that_are_not_text_and_usage_errors(tmp_path):
    binary = tmp_path / "ledger.json"
    binary.write_bytes(b"\xff\xfe{}")
    result = verified(binary)
    assert (result.exit_code, result.output) == (
        1, f"{binary}: not JSON: not UTF-8 text (byte 0xff at offset 0)\n")
    assert verified(tmp_path / "missing.json").exit_code == 2
    assert verified(tmp_path).output == f"error: {tmp_path}: is a directory, not a ledger file\n"
    assert runner.invoke(app, ["verify"]).exit_code == 2
    assert verified(binary, binary, "--record", CLUB).exit_code == 2
    assert verified(binary, "--record", CLUB, "--rules", "nosuch").exit_code == 2
    missing = verified(binary, "--record", tmp_path / "missing.rvs")
    assert (missing.exit_code, missing.output) == (2, f"error: {tmp_path / 'missing.rvs'}: no such file\n")


def test_record_that_matches_and_one_that_does_not(club, tmp_path):
    target = tmp_path / "club.json"
    target.write_text(json.dumps(club))
    result = verified(target, "--record", CLUB)
    assert (result.exit_code, result.output) == (0, f"{target}: 12 hands: sound; it is the ledger {CLUB} "
                                                    "settles to\n")
    other = SAMPLES / "denexa-online.rvs"
    result = verified(target, "--record", other)
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (f"{target}: session.players: the ledger has [Anne Bruno Claire "
                                             f"Denis], {other} settles to [Hugo Inès Jonas Kim]")


def test_record_comparison_item_by_item(club):
    doc = copy.deepcopy(club)
    doc["hands"][0]["items"][7]["amount"] = 20
    del doc["hands"][2]["items"][4]
    doc["hands"][5]["items"][3]["payee"] = "Anne"
    found = [str(f) for f in compare_documents(doc, club, "club.rvs")]
    assert "hand 1, item 8, amount: the ledger has 20, club.rvs settles to 10" in found
    assert ("hand 3, items: missing from the ledger: club.rvs settles to Denis pays pool:3 60 "
            "(trick 3, remise) as item 5") in found
    assert any(line.startswith("hand 6, item 4, payee: the ledger has Anne, club.rvs settles to ")
               for line in found)
    assert not any(line.startswith(("hand 3, item 6", "hand 3, item 7")) for line in found)


def test_record_under_other_rules_and_with_errors(club, tmp_path):
    target = tmp_path / "club.json"
    target.write_text(json.dumps(club))
    result = verified(target, "--record", CLUB, "--rules", "denexa")
    assert result.exit_code == 1
    assert f"{target}: rules.knobs.preference: the ledger has reverse, {CLUB} settles to play" in \
        result.output.splitlines()
    split = ledger_of(CLUB, "--split-pools")
    target.write_text(json.dumps(split))
    assert verified(target, "--record", CLUB, "--split-pools").exit_code == 0
    bad = SAMPLES / "bad" / "ten-in-48-card-pack.rvs"
    result = verified(target, "--record", bad)
    assert result.exit_code == 1
    assert "there are no tens in a 48-card pack: 'TD'" in result.output
    assert result.output.endswith(f"{bad}: has record errors: nothing to compare the ledger with\n")


def test_the_schema_ships_with_the_package_and_is_the_docs_one():
    from reversis_score.ledger.verify import schema
    assert schema() == json.loads((ROOT / "docs" / "ledger.schema.json").read_text("utf-8"))
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
