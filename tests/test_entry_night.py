"""The night at the table, second pass (issue 40): Playwright driving Debian's Chromium at
420×800 with touch, by the words on the page.

- Two phones on one night: what one decides (the deal skipped) is in the record, so the
  other is never asked for it and its trick cards are written as trick cards.
Screenshots go to the artefacts folder (build/screenshots/)."""
from __future__ import annotations

import pytest
from entrydevice import example
from playwright.sync_api import expect, sync_playwright
from test_entry_table import PHONE, Scorer
from webserver import artefacts, chromium, running

HEADER = "session: Tuesday\nplayers: Anne Bruno Claire Denis\nstake: 100\n"


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        launched = chromium(pw)
        yield launched
        launched.close()


def test_a_deal_skipped_on_one_phone_is_skipped_on_the_other(tmp_path, browser):
    record = tmp_path / "night.rvs"
    record.write_text(HEADER, "utf-8")
    cards = example().cards()
    shots = artefacts()
    with running(tmp_path) as url:
        one = Scorer(browser.new_context(**PHONE).new_page())
        one.page.goto(url + "/entry/night")
        one.tap("Bruno")
        one.says("The deal — Anne: 0 of 11")
        one.tap("Skip the deal")
        one.says("Trick 1: Claire leads")
        assert record.read_text("utf-8").endswith("dealer: Bruno\ntricks:\n")  # the record says it
        two = Scorer(browser.new_context(**PHONE).new_page())
        two.page.goto(url + "/entry/night")
        two.says("Trick 1: Claire leads")  # never asked for the deal
        expect(two.page.locator("#prompt")).not_to_contain_text("deal")
        two.page.screenshot(path=shots / "night-420-second-phone.png")
        for token in cards[:5]:
            two.card(token)
        text = record.read_text("utf-8")
        assert "deal:" not in text
        assert "tricks:\n  Claire: " + " ".join(cards[:4]) + "\n" in text
        assert text.endswith(f"  Claire: {cards[4]}\n") or f"{cards[4]}\n" in text.split("tricks:")[1]
        one.says("Trick 2")  # the first phone follows
        one.page.screenshot(path=shots / "night-420-first-phone.png")
