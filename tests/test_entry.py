"""Entry at the table through Starlette's TestClient: every entry route and every refusal.
A tap goes through ``record``'s own draft and checks, so a refused card has the reason
``record`` gives, and the file is written as ``record`` (and ``format``) writes it."""
from __future__ import annotations

import html
import random
import re
import threading

import gen
import pytest
from conftest import SAMPLES
from entrydevice import EXAMPLE, Device, example, without_comments
from starlette.testclient import TestClient
from typer.testing import CliRunner

from reversis_score.cli import app as cli
from reversis_score.notation.parse import read_text
from reversis_score.record.store import Store
from reversis_score.serve.app import create_app
from reversis_score.serve.entry_model import CONFLICT
from reversis_score.serve.entry_words import for_people

LOCAL = "http://127.0.0.1"
HEADER = "session: Test\nplayers: Anne Bruno Claire Denis\nstake: 100\n"
runner = CliRunner()


def client(folder, **options) -> TestClient:
    return TestClient(create_app(folder, **options), base_url=LOCAL, follow_redirects=False)


def fmt(path) -> str:
    return runner.invoke(cli, ["format", str(path)]).output


@pytest.fixture
def folder(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    (records / "night.rvs").write_text(HEADER, "utf-8")
    return records


@pytest.fixture
def web(folder):
    return client(folder)


# ------------------------------------------------------------ the pages
def test_the_entry_index_lists_the_records_and_offers_a_new_one(web):
    page = web.get("/entry")
    assert page.status_code == 200
    assert 'href="/entry/night"' in page.text and 'name="player4"' in page.text
    assert f'name="csrf" value="{web.app.state.ctx.csrf}"' in page.text


def test_a_new_session_is_written_as_record_writes_its_header(web, folder):
    form = example().header_form("example")
    answer = web.post("/entry", data={"csrf": web.app.state.ctx.csrf, **form})
    assert answer.status_code == 303 and answer.headers["location"] == "/entry/example"
    header = without_comments(EXAMPLE.read_text("utf-8")).split("\nhand")[0].rstrip("\n") + "\n"
    assert (folder / "example.rvs").read_text("utf-8") == header
    assert web.get("/entry/example").status_code == 200


@pytest.mark.parametrize("change, reason", [
    ({"rules": "parlet"}, "unknown preset 'parlet'; did you mean 'parlett'?"),
    ({"player4": ""}, "the four players are needed, in order of play"),
    ({"player2": "Anne"}, "Anne"),
    ({"file": "../escape"}, "cannot be a record's name"),
    ({"file": "night"}, "night.rvs exists already"),
    ({"session": "Club #3"}, "a '#' begins a comment"),
])
def test_a_refused_header_writes_nothing_and_says_why(web, folder, change, reason):
    form = {**example().header_form("fresh"), **change}
    answer = web.post("/entry", data={"csrf": web.app.state.ctx.csrf, **form})
    assert answer.status_code == 400 and reason in html.unescape(answer.text)
    assert sorted(p.name for p in folder.parent.rglob("*.rvs")) == ["night.rvs"]
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


def test_names_in_the_header_are_escaped(web, folder):
    form = {**example().header_form("x"), "session": "<script>alert(1)</script>", "player1": "A&B"}
    assert web.post("/entry", data={"csrf": web.app.state.ctx.csrf, **form}).status_code == 303
    page = web.get("/entry/x").text
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "\\u003cscript\\u003e" in page


# ------------------------------------------------------------ who may enter
def test_without_the_token_every_entry_route_is_403(folder):
    lan = TestClient(create_app(folder, token="s3cret"), base_url="http://192.168.1.5:8000",
                     follow_redirects=False)
    for path in ("/entry", "/entry/night", "/entry/night/view"):
        assert lan.get(path).status_code == 403, path
    assert lan.post("/entry/night/tap", json={}).status_code == 403
    assert lan.post("/entry", data={}).status_code == 403
    assert lan.get("/entry/night?token=s3cret").status_code == 303
    assert lan.get("/entry/night").status_code == 200  # the cookie keeps it


def test_read_only_serves_no_entry(folder):
    ro = client(folder, read_only=True)
    for path in ("/entry", "/entry/night", "/entry/night/view"):
        assert ro.get(path).status_code == 404, path
    assert ro.post("/entry/night/tap", json={}).status_code in (404, 405)
    assert ro.post("/entry", data={}).status_code in (404, 405)


def test_a_tap_or_a_form_without_the_csrf_token_is_403(web, folder):
    device = Device(web, "night")
    assert device.tap("dealer: Bruno", csrf=False).status_code == 403
    assert web.post("/entry", data=example().header_form("y")).status_code == 403
    assert web.post("/entry/night/tap", json={"seen": device.view["seen"], "entries": ["undo"]},
                    headers={"X-CSRF-Token": "forged"}).status_code == 403
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


@pytest.mark.parametrize("name", ["..%2Fsecret", ".hidden", "nothere", "a%5Cb"])
def test_a_name_outside_the_folder_is_404(web, folder, name):
    (folder.parent / "secret.rvs").write_text(HEADER)
    for path in (f"/entry/{name}", f"/entry/{name}/view"):
        assert web.get(path).status_code == 404, path


@pytest.mark.parametrize("body", [[], {"seen": 1, "entries": ["2C"]}, {"seen": "x", "entries": []},
                                  {"seen": "x", "entries": ["2C\ndealer: Anne"]},
                                  {"seen": "x", "pending": "2C", "entries": ["2C"]}])
def test_a_malformed_tap_is_400(web, body):
    csrf = {"X-CSRF-Token": web.app.state.ctx.csrf}
    assert web.post("/entry/night/tap", json=body, headers=csrf).status_code == 400


def test_a_view_with_too_many_entries_in_its_address_is_400(web):
    assert web.get("/entry/night/view", params=[("p", "")] * 41).status_code == 400
    assert web.get("/entry/night/view", params=[("p", "x" * 401)]).status_code == 400


# ------------------------------------------------------------ taps
def test_a_refused_card_gives_the_reason_record_gives(web, folder):
    device = Device(web, "night")
    assert device.tap("dealer: Bruno").status_code == 200
    for card in ["2C", "JC"]:
        assert device.tap(card).status_code == 200
    answer = device.tap("JC")
    assert answer.status_code == 422
    (reason,) = answer.json()["refused"]
    assert answer.json()["view"]["trick"] == [["Claire", "2C"], ["Denis", "JC"]]
    before = (folder / "night.rvs").read_text("utf-8")
    terminal = runner.invoke(cli, ["record", str(folder / "other.rvs")],
                             input=HEADER + "dealer: Bruno\n2C\nJC\nJC\n")
    assert terminal.exit_code == 1
    # one meaning, two faces: the page says what record says, a card written as people write it
    assert for_people(re.search(r"refused \(.*\): (.*)", terminal.stderr).group(1)) == reason
    assert "J♣" in reason and "JC" not in reason
    assert (folder / "night.rvs").read_text("utf-8") == before == (folder / "other.rvs").read_text("utf-8")


def test_the_notation_example_tapped_line_by_line_is_written_as_format_writes_it(web, folder):
    hand = example()
    form = hand.header_form("example")
    assert web.post("/entry", data={"csrf": web.app.state.ctx.csrf, **form}).status_code == 303
    device = Device(web, "example")
    taps = [[f"dealer: {hand.dealer}"]]
    taps += [[" ".join(c[:11]) + (" " if p == hand.dealer else " | ") + c[11]] for p, c in hand.deal()]
    taps += [[card] if action == "discards" else [action] for _, action, card in hand.exchange()]
    taps += [[card] for card in hand.cards()]
    taps += [["table", f"{payer} -> {payee} {amount}"] for payer, payee, amount in hand.table()]
    said = []
    for tap in taps:
        answer = device.tap(*tap)
        assert answer.status_code == 200, (tap, answer.json())
        said += answer.json()["said"]
    written = (folder / "example.rvs").read_text("utf-8")
    stripped = folder / "stripped.rvs"
    stripped.write_text(without_comments(EXAMPLE.read_text("utf-8")), "utf-8")
    assert written == fmt(stripped) == fmt(folder / "example.rvs")
    assert any(s.startswith("Hand 1 settled: Anne wins the party") for s in said)
    assert device.view["question"] == "table" and device.view["whole"]


# Every sample whose revokes are not acknowledged after the tricks: only piped input can look
# ahead to an `irregular: revoke` line; at the table it is entered before the revoking card.
@pytest.mark.parametrize("source", [SAMPLES / "dafydd-feast.rvs", SAMPLES / "denexa-online.rvs",
                                    SAMPLES / "parlett-scoresheet.rvs", EXAMPLE], ids=lambda p: p.name)
def test_a_record_entered_line_by_line_is_the_file_record_writes(folder, source):
    for toml in SAMPLES.glob("*.toml"):
        (folder / toml.name).write_bytes(toml.read_bytes())
    (folder / "tapped.rvs").write_text("", "utf-8")
    device = Device(client(folder), "tapped")
    text = source.read_text("utf-8")
    for line in filter(str.strip, text.split("\n")):
        assert device.tap(line).status_code == 200, line
    assert runner.invoke(cli, ["record", str(folder / "typed.rvs")], input=text).exit_code == 0
    assert (folder / "tapped.rvs").read_text("utf-8") == (folder / "typed.rvs").read_text("utf-8")


def test_with_the_deal_known_only_the_cards_that_follow_suit_are_live(web, folder):
    (folder / "night.rvs").write_text(without_comments(EXAMPLE.read_text("utf-8")).split("tricks:")[0])
    device = Device(web, "night")
    assert device.view["question"] == "announce" and device.view["to_play"] == "Claire"
    assert len(device.view["live"]) == 11 and "2C" in device.view["live"]  # Claire keeps: 11 cards
    device.tap("2C")  # Claire leads 2♣: the clubs Denis holds are JC and KC
    assert device.view["to_play"] == "Denis" and device.view["live"] == ["JC", "KC"]
    assert device.view["played"] == ["2C"]


def test_the_exchange_verbs_and_an_announcement_as_record_takes_them(web, folder):
    dealt = without_comments(EXAMPLE.read_text("utf-8")).split("exchange:")[0]
    (folder / "night.rvs").write_text(dealt, "utf-8")
    device = Device(web, "night")
    assert device.view["question"] == "exchange" and device.view["exchange"]["player"] == "Anne"
    for tap in ["7H", "6D", "takes without discarding", "peeks and discards QC"]:
        assert device.tap(tap).status_code == 200, tap
    text = " ".join((folder / "night.rvs").read_text("utf-8").split())
    assert ("Anne discards 7H Bruno discards 6D Claire takes without discarding "
            "Denis peeks and discards QC") in text
    assert device.tap("espagnolette Anne").status_code == 200
    assert "\nannounce: espagnolette Anne\n" in (folder / "night.rvs").read_text("utf-8")
    assert device.tap("undo").status_code == 200 and device.view["question"] == "card"
    assert "announce" not in (folder / "night.rvs").read_text("utf-8")


def test_a_header_left_unfinished_is_finished_on_the_page(web, folder):
    (folder / "part.rvs").write_text("session: Partial\n", "utf-8")
    device = Device(web, "part")
    assert device.view["header"] and device.view["question"] == "date"
    assert "/" not in device.view["status"].split(":")[0]  # the record's name, not the server's path
    assert device.tap("players: Anne Bruno Claire Denis").status_code == 200
    assert device.tap("dealer: Bruno").status_code == 200
    written = (folder / "part.rvs").read_text("utf-8")
    assert written.endswith("players: Anne Bruno Claire Denis\n\nhand 1\ndealer: Bruno\n")


def test_a_revoke_is_refused_until_it_is_acknowledged_then_its_card_is_live(web, folder):
    lines = [line for line in (SAMPLES / "club-night.rvs").read_text("utf-8").split("\n") if line.strip()]
    revoke = next(i for i, line in enumerate(lines) if "revoke! Denis" in line)
    (folder / "club.rvs").write_text("\n".join(lines[:revoke]) + "\n", "utf-8")
    device = Device(web, "club")
    leader, cards = lines[revoke].split("#")[0].split(":")  # Anne: 7D 5D AD 9S
    for card in cards.split()[:3]:
        assert device.tap(card).status_code == 200
    assert device.view["to_play"] == "Denis" and "9S" not in device.view["live"]
    refused = device.tap("9S")
    assert refused.status_code == 422
    assert refused.json()["refused"][0].endswith("add “irregular: revoke Denis” (not written)")
    assert device.tap("irregular: revoke Denis").status_code == 200
    assert "9S" in device.view["live"] and device.tap("9S").status_code == 200


@pytest.mark.parametrize("seed", range(4))
def test_the_card_played_in_a_legal_hand_is_always_live(folder, seed):
    """Random legal hands with their deal, half of them an espagnolette revoking under its
    right in tricks 1 to 9: the card each player really played is never greyed out."""
    rng = random.Random(seed)
    players = ("Anne", "Bruno", "Claire", "Denis")
    if seed % 2:
        hand = gen.espagnolette_hand(rng, players, "Bruno", won=True, revoke_right=True, announce=False)
    else:
        hand = gen.random_hand(rng, players, "Bruno")
    text = gen.to_rvs(gen.Session(players, (hand,)), with_table=False)
    (folder / "dealt.rvs").write_text(text[:text.index("tricks:")], "utf-8")
    device = Device(client(folder), "dealt")
    record = read_text(text).hands[0].record
    assert record is not None
    for card in (str(c.card) for trick in record.tricks for c in trick.cards):
        assert card in device.view["live"], (card, device.view["live"])
        assert device.tap(card).status_code == 200, card
    assert device.view["whole"]


def test_undo_takes_back_one_card_never_a_trick_and_asks_in_a_finished_hand(web, folder):
    device = Device(web, "night")
    device.tap("dealer: Bruno")
    for card in "2C JC 7C 5C 6H".split():
        device.tap(card)
    assert device.tap("undo").json()["said"] == ["took back 6♥ (Denis, trick 2)"]
    assert device.view["trick"] == [] and "Claire: 2C JC 7C 5C\n" in (folder / "night.rvs").read_text()
    assert device.tap("undo").json()["said"] == ["took back 5♣ (Bruno, trick 1)"]  # one card of the trick
    assert device.view["trick"] == [["Claire", "2C"], ["Denis", "JC"], ["Anne", "7C"]]
    assert (folder / "night.rvs").read_text("utf-8").endswith("  Claire: 2C JC 7C\n")
    for _ in range(3):
        device.tap("undo")
    assert "2C" not in (folder / "night.rvs").read_text("utf-8")
    (folder / "night.rvs").write_text(HEADER + "\nhand 1\ndealer: Bruno\nvoid: misdeal\n", "utf-8")
    device.load()
    asked = device.tap("undo").json()
    assert asked["wrote"] is False and "again" in asked["said"][0] and device.view["pending"] == []
    assert device.view["question"] == "confirm-undo"
    other = Device(web, "night")  # the question is asked on the phone that tapped Undo, held by none
    assert other.view["question"] == "after" and other.view["pending"] == []
    yes, no = (c["entries"] for c in device.view["choices"])
    assert device.tap(*no).json()["wrote"] is False and device.view["question"] == "after"
    assert device.view["pending"] == []
    taken = other.tap(*yes).json()
    assert taken["wrote"] is True and taken["said"] == ["took back: void: misdeal"]  # from any phone
    assert "void" not in (folder / "night.rvs").read_text("utf-8")


def test_an_entry_not_written_is_dropped_by_undo(web, folder):
    device = Device(web, "night")
    device.tap("dealer: Bruno")
    assert device.tap("").json()["wrote"] is False and device.view["question"] == "announce"
    assert device.tap("undo").json()["said"] == ["back to the question before"]
    assert device.view["pending"] == [] and device.view["question"] == "deal"


def test_void_claims_irregular_and_table_payments(web, folder):
    device = Device(web, "night")
    device.tap("dealer: Bruno")
    assert device.tap("void: misdeal").status_code == 200
    assert device.tap("table", "Bruno -> pool 5").status_code == 200
    device.tap("dealer: Claire")
    device.tap("irregular: out-of-turn Anne")
    assert device.tap("claims: waived").status_code == 200
    assert device.tap("void: misdeal").status_code == 200
    text = (folder / "night.rvs").read_text("utf-8")
    assert "void: misdeal\ntable:\n  Bruno -> pool 5\n\nhand 2\ndealer: Claire\n" in text
    assert "irregular: out-of-turn Anne\nvoid: misdeal\nclaims: waived\n" in text
    assert text == fmt(folder / "night.rvs")


def test_a_reload_takes_up_the_trick_from_the_file_and_the_entries_not_written(web, folder):
    device = Device(web, "night")
    device.tap("dealer: Bruno")
    device.tap("2C")
    device.tap("JC")
    assert Device(web, "night").view["trick"] == [["Claire", "2C"], ["Denis", "JC"]]
    (folder / "night.rvs").write_text(HEADER + "\nhand 1\ndealer: Bruno\n", "utf-8")
    device.load()
    assert device.tap("").json()["wrote"] is False  # no deal: the question moves on, the file not
    seen = device.view["seen"]
    assert device.view["pending"] == [""] and device.view["question"] == "announce"
    again = web.get("/entry/night/view", params=[("seen", seen), ("p", "")]).json()["view"]
    assert again["pending"] == [""] and again["question"] == "announce"
    stale = web.get("/entry/night/view", params=[("seen", "old"), ("p", "")]).json()["view"]
    assert stale["pending"] == [] and stale["seen"] == seen and stale["question"] == "deal"



# ------------------------------------------------------------ two devices
def test_a_duplicate_line_from_a_second_device_is_refused(web, folder):
    first, second = Device(web, "night"), Device(web, "night")
    first.tap("dealer: Bruno")
    second.load()
    for card in "2C JC 7C 5C".split():
        assert first.tap(card).status_code == 200
    answer = second.tap("2C")  # the second phone saw the hand before the trick was entered
    assert answer.status_code == 409 and answer.json()["refused"] == [CONFLICT]
    assert second.view["seen"] == first.view["seen"] and second.view["trick_number"] == 2
    text = (folder / "night.rvs").read_text("utf-8")
    assert text.count("2C JC 7C 5C") == 1 and text == fmt(folder / "night.rvs")
    assert second.tap("6H").status_code == 200  # reloaded, it goes on


def test_two_devices_at_once_write_the_card_once(web, folder):
    devices = [Device(web, "night") for _ in range(4)]
    devices[0].tap("dealer: Bruno")
    for d in devices:
        d.load()
    answers = []
    start = threading.Barrier(len(devices))

    def first_card(d):
        start.wait()
        answers.append(d.tap("2C").status_code)

    threads = [threading.Thread(target=first_card, args=(d,)) for d in devices]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 409, 409, 409]
    text = (folder / "night.rvs").read_text("utf-8")
    assert text.count("2C") == 1 and text.endswith("tricks:\n  Claire: 2C\n")


def test_a_record_held_by_record_at_a_terminal_is_not_written(web, folder):
    device = Device(web, "night")
    store = Store(folder / "night.rvs")
    try:
        answer = device.tap("dealer: Bruno")
    finally:
        store.close()
    assert answer.status_code == 409 and "being recorded by another process" in answer.json()["error"]
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


def test_a_record_with_errors_before_its_last_hand_is_not_entered(web, folder):
    bad = (SAMPLES / "bad" / "errors-in-two-hands.rvs").read_text("utf-8")
    (folder / "bad.rvs").write_text(bad, "utf-8")
    page = web.get("/entry/bad")
    assert page.status_code == 409 and "fix them" in html.unescape(page.text)
    assert (folder / "bad.rvs").read_text("utf-8") == bad


def test_the_pages_link_to_entry_unless_read_only(folder):
    assert 'href="/entry/night"' in client(folder).get("/session/night").text
    assert 'href="/entry"' in client(folder).get("/").text
    read_only = client(folder, read_only=True)
    assert "/entry" not in read_only.get("/session/night").text
    assert "/entry" not in read_only.get("/").text
