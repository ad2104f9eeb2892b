"""why A B: every item between two players, the running sum, the net — and it sums to the ledger."""
import json
from dataclasses import replace
from itertools import permutations

import pytest
from conftest import DATA, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger, settle_up
from reversis_score.pipeline import check_text
from reversis_score.report.why import answer, reason_of, rule_of, settle_up_words, why_document

LEDGERS = DATA / "ledgers"
EXAMPLE = DATA / "notation-example.rvs"
NIGHT = LEDGERS / "autumn-1.rvs"
runner = CliRunner()
RECORDS = sorted(SAMPLES.glob("*.rvs")) + [EXAMPLE, NIGHT, LEDGERS / "autumn-2.rvs"]


def why(*args):
    return runner.invoke(app, ["why", *map(str, args)])


def settle_json(path):
    result = runner.invoke(app, ["settle", str(path), "--format", "json"])
    return json.loads(result.stdout)


def pair_net(doc, a, b, hand=None):
    """What a owes b by the ledger JSON: every non-cancelled item from a to b, less b to a."""
    net = 0
    for h in doc["hands"]:
        if hand is not None and h["number"] != hand:
            continue
        for item in h["items"]:
            if item["cancelled_by"] is None:
                if (item["payer"], item["payee"]) == (a, b):
                    net += item["amount"]
                elif (item["payer"], item["payee"]) == (b, a):
                    net -= item["amount"]
    return net


@pytest.mark.parametrize("path", [p for p in RECORDS
                                  if check_text(p.read_text("utf-8"), str(p)).ok], ids=lambda p: p.name)
def test_why_sums_to_the_ledger_net_between_the_two(path):
    doc = settle_json(path)
    players = doc["session"]["players"]
    for a, b in permutations(players, 2):
        result = why(path, a, b, "--format", "json")
        assert result.exit_code == 0, result.output
        ans = json.loads(result.stdout)
        assert ans["net"] == pair_net(doc, a, b)
        assert sum(i["effect"] for i in ans["items"]) == ans["net"]
        if ans["items"]:
            assert ans["items"][-1]["running"] == ans["net"]
    # and each player's nets with the three others add up to his net from players
    ledger = build_ledger(check_text(path.read_text("utf-8"), str(path)))
    for a in players:
        owes = sum(answer(ledger, a, b).net for b in players if b != a)
        assert -owes == ledger.between_players()[a]


def test_table_output_closes_on_the_net():
    result = why(NIGHT, "Claire", "Anne")
    assert result.exit_code == 0
    out = result.stdout
    assert "Between Claire and Anne" in out
    assert ("Claire owes Anne 10: 2 payments from Claire to Anne (32), "
            "5 payments from Anne to Claire (22).") in out
    assert "Quinola led" in out and "§6" in out and out.splitlines()[4].endswith("running")
    assert out.splitlines()[1] == "  rules: parlett"  # every output names the rules


def test_the_other_way_round_and_even():
    assert "Claire owes Anne 10" in why(NIGHT, "Anne", "Claire").stdout
    result = why(EXAMPLE, "Anne", "Bruno", "--format", "json")
    assert json.loads(result.stdout)["net"] == -(2 + 5)  # Bruno's led A♦ and his share of Quinola


def test_one_hand_and_running_sum_in_order():
    result = why(EXAMPLE, "Claire", "Bruno", "--format", "json")
    ans = json.loads(result.stdout)
    assert [(i["trick"], i["card"], i["amount"], i["running"]) for i in ans["items"]] == [
        (8, "AC", 1, 1), (10, "AS", 2, 3)]
    assert [i["rule"] for i in ans["items"]] == ["§5", "§5"]
    only = json.loads(why(NIGHT, "Bruno", "Denis", "--hand", "3", "--format", "json").stdout)
    assert {i["hand"] for i in only["items"]} == {3} and only["net"] == 4


def test_cancelled_items_are_shown_but_count_in_no_sum():
    result = why(NIGHT, "Bruno", "Claire", "--hand", "4")
    assert "cancelled: reversis" in result.stdout
    assert "count in no sum" in result.stdout
    ans = json.loads(why(NIGHT, "Bruno", "Claire", "--hand", "4", "--format", "json").stdout)
    cancelled = [i for i in ans["items"] if i["cancelled_by"]]
    assert cancelled and all(i["effect"] == 0 for i in cancelled)
    assert ans["net"] == -16  # the made reversis: Claire pays Bruno 16, the dump is returned


def test_pools_adds_what_each_paid_in_and_took():
    ans = json.loads(why(NIGHT, "Bruno", "Denis", "--hand", "3", "--pools", "--format", "json").stdout)
    pools = {p["player"]: p for p in ans["pools"]}
    assert pools["Bruno"]["took"] == 80 and pools["Bruno"]["paid"] == 0
    assert pools["Denis"]["paid"] == 5 and pools["Denis"]["by_kind"] == {"dealer-ante": 5}
    table = why(EXAMPLE, "Claire", "Anne", "--pools").stdout
    assert "The pools" in table and "remise 25" in table


def test_markdown_format():
    result = why(EXAMPLE, "Claire", "Anne", "--format", "markdown")
    assert result.exit_code == 0 and "\n## Between Claire and Anne\n" in result.stdout
    assert result.stdout.startswith("## Club night at the Rue de Lille — 2026-11-15\n\n- rules: parlett")


def test_unknown_names_list_the_players():
    result = why(EXAMPLE, "Anne", "Zoé")
    assert result.exit_code == 2
    assert "'Zoé' is not a player of this session (players: Anne Bruno Claire Denis)" in result.output
    result = why(EXAMPLE, "Xavier", "Zoé")
    assert result.exit_code == 2 and "are not players" in result.output
    assert why(EXAMPLE, "Anne", "Anne").exit_code == 2


def test_bad_hand_and_missing_file():
    result = why(EXAMPLE, "Anne", "Bruno", "--hand", "7")
    assert result.exit_code == 2 and "settled hands: 1" in result.output
    assert why(DATA / "none.rvs", "Anne", "Bruno").exit_code == 2


def test_record_with_errors_answers_for_the_settled_hands_and_exits_1():
    result = why(LEDGERS / "autumn-bad.rvs", "Claire", "Anne", "--format", "json")
    assert result.exit_code == 1
    ans = json.loads(result.stdout)
    assert {i["hand"] for i in ans["items"]} <= {1, 2}


def test_wording_helpers():
    ledger = build_ledger(check_text(EXAMPLE.read_text("utf-8"), "x"))
    item = ledger.settled[0].settlement.items[5]
    assert reason_of(item) == "trick 8: Claire's A♣ is forced on Bruno's ♣ lead"
    assert rule_of(item.why) == "§5" and rule_of("no rule cited", "party") == "§6"


# ------------------------------------------------------------------ against the settle-up
CLUB = SAMPLES / "club-night.rvs"


def test_why_says_what_the_settle_up_asks_and_why_it_differs():
    out = why(CLUB, "Denis", "Claire").stdout
    lines = [line.strip() for line in out.splitlines()]
    total = next(i for i, line in enumerate(lines) if line.startswith("Denis owes Claire 93:"))
    assert lines[total + 1].startswith("In the settle-up of `settle`, Denis pays Claire 159 instead: "
                                       "it nets what each player owes all the others")
    settle = runner.invoke(app, ["settle", str(CLUB)]).stdout
    assert "  Denis pays Claire 159\n" in settle


def test_no_transfer_between_the_two_is_said_too():
    out = why(CLUB, "Anne", "Claire").stdout
    assert ("The settle-up of `settle` has no transfer between Anne and Claire: it nets what each "
            "player owes all the others into the fewest transfers, so the 82 is settled within the "
            "transfers with the other players.") in out


def test_one_hand_says_nothing_of_the_session_settle_up():
    ledger = build_ledger(check_text(CLUB.read_text("utf-8"), str(CLUB)))
    assert answer(ledger, "Denis", "Claire", hand=2).settled_up is None
    assert "settle-up" not in why(CLUB, "Denis", "Claire", "--hand", "2").stdout


@pytest.mark.parametrize("path", [p for p in RECORDS
                                  if check_text(p.read_text("utf-8"), str(p)).ok], ids=lambda p: p.name)
def test_the_settle_up_figure_is_the_settle_up_transfer(path):
    ledger = build_ledger(check_text(path.read_text("utf-8"), str(path)))
    transfers = {(a, b): n for a, b, n in settle_up(ledger.between_players())}
    for a, b in permutations(ledger.players, 2):
        ans = answer(ledger, a, b)
        assert ans.settled_up == transfers.get((a, b), 0) - transfers.get((b, a), 0)
        words = settle_up_words(ans)
        if ans.settled_up == ans.net:
            assert "asks the same" in words or "no transfer between them either" in words
        else:
            assert f" {abs(ans.settled_up)} instead" in words or "no transfer between" in words
        doc = why_document(ans)
        assert doc["settle_up"] == {"a_pays_b": ans.settled_up, "words": words}


def test_when_the_settle_up_agrees_it_says_so():
    ledger = build_ledger(check_text(CLUB.read_text("utf-8"), str(CLUB)))
    ans = answer(ledger, "Denis", "Claire")
    assert settle_up_words(replace(ans, settled_up=93)) == ("The settle-up of `settle` asks the same: "
                                                           "Denis pays Claire 93.")
    assert settle_up_words(replace(ans, settled_up=-20)).startswith(
        "In the settle-up of `settle`, Claire pays Denis 20 instead: ")
    even = replace(ans, lines=(), settled_up=0)
    assert settle_up_words(even) == "The settle-up of `settle` has no transfer between them either."


def test_the_lines_run_in_trick_order_the_party_at_the_end_of_its_hand():
    # Issue 31: the party was listed between trick 2 and trick 3 (the led payments, paid at the
    # end, came after it). A hand's lines run by trick, then what is paid at the end.
    out = why(SAMPLES / "club-night.rvs", "Anne", "Claire").stdout.splitlines()
    hand2 = [line.split() for line in out if line.split()[:1] == ["2"]]
    assert [row[1] for row in hand2] == ["2", "3", "10", "the"]


def test_the_running_column_never_owes_a_negative_sum():
    # Issue 31: "Bruno owes Claire −16". Each cell says who owes the other, and how much.
    out = why(SAMPLES / "club-night.rvs", "Bruno", "Claire", "--hand", "4").stdout
    assert "−16" not in out and "-16" not in out
    assert "Claire owes 16" in out and "even (cancelled: reversis)" in out
