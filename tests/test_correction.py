"""A hand reopened and corrected without a browser (serve/correction.py, correction_events.py):
a whole trick entered again, an events hand that says more than the events page taps (its
talon's cards, each side's points, a suit led) reopened with those lines kept as written."""
from __future__ import annotations

import html
import json
import re

import pytest
from conftest import DATA, SAMPLES
from test_entry import client

from reversis_score.pipeline import check_text
from reversis_score.record.fix import replace_trick
from reversis_score.record.session import Recorder


def six_hands() -> str:
    """The club night's first six hands, without their deals."""
    text = (SAMPLES / "club-night.rvs").read_text("utf-8")
    text = text[:text.index("\nhand 7")] + "\n"
    return re.sub(r"\ndeal:\n(?:  .*\n)+exchange:\n(?:  .*\n)+", "\n", text)


@pytest.fixture
def club(tmp_path):
    (tmp_path / "club.rvs").write_text(six_hands(), "utf-8")
    return tmp_path


def retrick(web, seen: str, number: int, cards: list[str]):
    return web.post("/entry/club/hand/3/tap", headers={"X-CSRF-Token": web.app.state.ctx.csrf},
                    json={"seen": seen, "trick": {"number": number, "cards": cards}})


def test_a_whole_trick_entered_again_where_one_card_could_not_be_changed(club):
    web = client(club)
    before = (club / "club.rvs").read_text("utf-8")
    seen = web.get("/entry/club/hand/3/view").json()["view"]["seen"]
    # Claire's 9♣ and Denis's 3♣ swapped: one card changed alone would be played twice
    one = web.post("/entry/club/hand/3/tap", headers={"X-CSRF-Token": web.app.state.ctx.csrf},
                   json={"seen": seen, "fix": {"trick": 2, "player": "Claire", "card": "3C"}})
    assert one.status_code == 422
    answer = retrick(web, seen, 2, ["4C", "3C", "9C", "6C"])
    assert answer.status_code == 200, answer.json()
    said = " ".join(answer.json()["said"])
    assert "trick 2 entered again: 4♣ 3♣ 9♣ 6♣" in said and "Settle-up before:" in said
    after = (club / "club.rvs").read_text("utf-8")
    assert "  Bruno:  4C 3C 9C 6C\n" in after and "  Denis:  JH 2H 3H KH  # Quinola forced" in after
    assert after[after.index("hand 4"):] == before[before.index("hand 4"):]  # hands 4-6 kept
    assert not [d for d in check_text(after, "club.rvs").diagnostics if d.is_error]
    history = (club / "club.history").read_text("utf-8")
    assert "hand 3 corrected" in history and "-   Bruno:  4C 9C 3C 6C" in history
    assert "+   Bruno:  4C 3C 9C 6C" in history and "settle-up after:" in history


def test_a_trick_entered_again_is_refused_whole_when_a_card_is_wrong(club):
    web = client(club)
    before = (club / "club.rvs").read_text("utf-8")
    seen = web.get("/entry/club/hand/3/view").json()["view"]["seen"]
    assert retrick(web, seen, 2, ["4C", "3C", "6S", "6C"]).status_code == 422  # 6♠ is in trick 1
    assert retrick(web, "stale", 2, ["4C", "3C", "9C", "6C"]).status_code == 409
    assert retrick(web, seen, 2, ["4C", "3C"]).status_code == 422  # not four cards: not a trick
    assert (club / "club.rvs").read_text("utf-8") == before and not (club / "club.history").exists()


def test_replace_trick_keeps_the_later_cards_of_each_player():
    r = Recorder("x.rvs", interactive=False)
    for line in ["players: A B C D", "dealer: D", "2C 3C 4C 5C", "6C 7C"]:
        r.enter(line)
    reply = replace_trick(r, 1, ["2C", "4C", "3C", "5C"])
    assert reply.said == ["trick 1 entered again: 2♣ 4♣ 3♣ 5♣; the 2 cards after it are kept"]
    assert r.hand is not None and r.hand.parts["tricks"][-1].split() == ["A:", "2C", "4C", "3C", "5C"]
    assert r.hand.trick == ["6C", "7C"]  # the trick under way kept, its leader the same
    assert replace_trick(r, 2, ["6C", "7C", "8C", "9C"]).refused  # trick 2 is not finished


def state_of(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="events-state">(.*?)</script>', page, re.S)
    assert found, page
    return json.loads(html.unescape(found.group(1)))


def test_an_events_hand_with_a_talon_by_its_cards_is_reopened_with_what_it_says_kept(tmp_path):
    (tmp_path / "night.rvs").write_text((DATA / "events-example.rvs").read_text("utf-8"), "utf-8")
    web = client(tmp_path)
    page = web.get("/entry/night/events?hand=1")
    assert page.status_code == 200, page.text
    state = state_of(page.text)
    assert state["party_line"]["line"].startswith("party: Anne wins with 4 points in 2 tricks")
    assert state["talon_line"]["line"].startswith("talon: 6S 7H 6D QC")
    placed = [c for c in state["cards"] if c["line"]]
    assert [c["card"] for c in placed] == ["AS"] and "on H" in placed[0]["line"]["line"]
    assert "Kept as written" in page.text
    # the page saves what it shows and what it kept: the hand written again, unchanged but for the tap
    lines = ["dealer: Bruno", "events:", state["party_line"]["line"], state["talon_line"]["line"],
             "7. Bruno leads AD", "8. Bruno forces AC from Claire", "9. Claire leads JH",
             "9. Claire forces AH from Denis", placed[0]["line"]["line"], ""]
    seen = web.get("/entry/night/hand/1/view").json()["view"]["seen"]
    before = (tmp_path / "night.rvs").read_text("utf-8")
    answer = web.post("/entry/night/hand/1/tap", headers={"X-CSRF-Token": web.app.state.ctx.csrf},
                      json={"seen": seen, "entries": lines})
    assert answer.status_code == 200, answer.json()
    after = (tmp_path / "night.rvs").read_text("utf-8")
    hand1 = after[:after.index("hand 2")]
    assert "talon: 6S 7H 6D QC" in hand1 and "with 4 points in 2 tricks" in hand1 and "on H" in hand1
    assert "# the hand of the notation example" in hand1 and "# Bruno led clubs" in hand1  # comments kept
    assert after[after.index("hand 2"):] == before[before.index("hand 2"):]
    assert not [d for d in check_text(after, "night.rvs").diagnostics if d.is_error]


def test_an_events_hand_corrected_keeps_its_irregularities_and_table_payments(tmp_path):
    (tmp_path / "night.rvs").write_text(
        "session: T\nplayers: Anne Bruno Claire Denis\nstake: 100\n\nhand 1\ndealer: Bruno\nevents:\n"
        "  party: Claire wins, Bruno loses\n  talon: 5 points\nirregular: revoke Denis\ntable:\n"
        "  Anne -> Bruno 5\n\nhand 2\ndealer: Claire\nevents:\n  party: Anne wins, Denis loses\n", "utf-8")
    web = client(tmp_path)
    seen = web.get("/entry/night/hand/1/view").json()["view"]["seen"]
    lines = ["dealer: Bruno", "events:", "party: Claire wins, Bruno loses", "talon: 4 points", ""]
    answer = web.post("/entry/night/hand/1/tap", headers={"X-CSRF-Token": web.app.state.ctx.csrf},
                      json={"seen": seen, "entries": lines})
    assert answer.status_code == 200, answer.json()
    after = (tmp_path / "night.rvs").read_text("utf-8")
    assert "  talon: 4 points\nirregular: revoke Denis\ntable:\n  Anne -> Bruno 5\n\nhand 2" in after
