"""Entry at the table in a real browser: Playwright driving Debian's Chromium against the app
under uvicorn. The hand of docs/notation.md is entered by tapping, at phone and desktop
widths, and the file compared with what ``format`` writes; a reload mid-trick; a second
device that sees the hand appear. Screenshots of the entry page go to the artefacts folder."""
from __future__ import annotations

import re

import pytest
from entrydevice import EXAMPLE, example, without_comments
from playwright.sync_api import Page, expect, sync_playwright
from typer.testing import CliRunner
from webserver import PATIENCE, arrived, artefacts, chromium, running

from reversis_score.cli import app as cli

runner = CliRunner()
HEADER = "session: Tuesday\nplayers: Anne Bruno Claire Denis\nstake: 100\n"
FIRST_FIVE = """
hand 1
dealer: Bruno
tricks:
  Claire: 2C JC 7C 5C
  Denis:  6H 8H KH 4H
  Bruno:  9D 8D 3D KD
  Anne:   JS 7S 2S 5S
  Anne:   9S KS 4S QD
"""
LAST_SIX = [c for trick in ["7D 3C 5D 4D", "AD 8S 3H 2D", "9C AC KC 6C", "JH AH 2H JD",
                            "5H 4C AS QH", "QS 9H 3S 8C"] for c in trick.split()]


def fmt(path) -> str:
    return runner.invoke(cli, ["format", str(path)]).output


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        launched = chromium(pw)
        yield launched
        launched.close()


def tap(page: Page, locator) -> None:
    """A tap, and the server's answer to it."""
    with page.expect_response(lambda r: r.url.endswith("/tap")):
        locator.click()


def card(page: Page, token: str):
    return page.locator(f'#pack [data-card="{token}"]')


def new_session(page: Page, url: str, name: str) -> None:
    page.goto(url + "/entry")
    for field, value in example().header_form(name).items():
        if field == "rules":
            page.select_option("select[name=rules]", value)
        else:
            page.fill(f"input[name={field}]", value)
    page.get_by_role("button", name="Start the session").click()
    arrived(page, f"{url}/entry/{name}")


@pytest.mark.parametrize("width, height", [(420, 800), (1200, 900)])
def test_the_notation_example_entered_by_tapping(tmp_path, browser, width, height):
    hand = example()
    with running(tmp_path) as url:
        page = browser.new_page(viewport={"width": width, "height": height})
        new_session(page, url, "example")
        tap(page, page.get_by_role("button", name=hand.dealer, exact=True))
        for number, (player, cards) in enumerate(hand.deal()):
            expect(page.locator("#prompt")).to_contain_text(f"The deal — {player}")
            if number == 3:  # the last player holds the cards left: his face-down card only
                tap(page, card(page, cards[-1]))
                break
            for token in cards[:-1]:
                card(page, token).click()
            tap(page, card(page, cards[-1]))  # the hand is full: written by itself
        for player, action, token in hand.exchange():
            expect(page.locator("#prompt")).to_contain_text("The exchange: ")
            expect(page.locator("#prompt")).to_contain_text(player)
            if action == "discards":
                assert token is not None
                tap(page, card(page, token))
            else:
                tap(page, page.get_by_role("button", name=f"{player} {action}"))
        for number, token in enumerate(hand.cards(), 1):
            tap(page, card(page, token))
            expect(card(page, token)).to_have_class(re.compile(r"\bis-(trick|played)\b"))  # tap to change it
            if number == 22:  # trick 6, its second card: the page a scorer sees most
                expect(page.locator("#trick .slot")).to_have_count(3)
                page.screenshot(path=artefacts() / f"entry-{width}x{height}.png", full_page=True)
        expect(page.locator("#settled")).to_contain_text("Hand 1: Anne wins the party")
        page.locator("#more summary").click()
        for payer, payee, amount in hand.table():
            page.select_option("#table select[name=payer]", payer)
            page.select_option("#table select[name=payee]", payee)
            page.fill("#table input[name=amount]", str(amount))
            tap(page, page.locator("#table button"))
            expect(page.locator("#messages .refused")).to_have_count(0)
        written = tmp_path / "example.rvs"
        stripped = tmp_path / "stripped.txt"
        stripped.write_text(without_comments(EXAMPLE.read_text("utf-8")), "utf-8")
        # the last player's cards (the ones left) are written in the pack's order
        denis = next(line for line in fmt(written).split("\n") if line.startswith("  Denis:") and "|" in line)
        expected = re.sub(r"  Denis: [^\n]*\| 9H", denis.replace("\\", "\\\\"), fmt(stripped))
        assert written.read_text("utf-8") == expected == fmt(written)


def test_at_phone_width_nothing_is_cut_and_the_targets_are_big(tmp_path, browser):
    (tmp_path / "night.rvs").write_text(HEADER + FIRST_FIVE, "utf-8")
    with running(tmp_path) as url:
        page = browser.new_page(viewport={"width": 420, "height": 800})
        page.goto(url + "/entry/night")
        assert page.evaluate("document.documentElement.scrollWidth") <= 420
        for box in (b.bounding_box() for b in page.locator("#pack .card").all()):
            assert box is not None and box["width"] >= 44 and box["height"] >= 44
            assert box["x"] >= 0 and box["x"] + box["width"] <= 420


def test_a_reload_mid_trick_keeps_the_trick_and_the_hand_is_finished(tmp_path, browser):
    (tmp_path / "night.rvs").write_text(HEADER + FIRST_FIVE, "utf-8")
    with running(tmp_path) as url:
        page = browser.new_page(viewport={"width": 420, "height": 800})
        page.goto(url + "/entry/night")
        for token in LAST_SIX[:2]:
            tap(page, card(page, token))
        expect(page.locator("#trick .slot")).to_have_count(3)
        page.reload()
        expect(page.locator("#trick .slot")).to_have_count(3)  # Bruno's 7♦, Claire's 3♣, Denis next
        expect(page.locator("#trick")).to_contain_text("7♦")
        for token in LAST_SIX[2:]:
            tap(page, card(page, token))
        expect(page.locator("#prompt")).to_contain_text("Who deals hand 2?")
        written = tmp_path / "night.rvs"
        assert written.read_text("utf-8") == fmt(written)
        assert "  Claire: QS 9H 3S 8C\n" in written.read_text("utf-8")


def test_a_second_device_sees_the_hand_appear(tmp_path, browser):
    (tmp_path / "night.rvs").write_text(HEADER + FIRST_FIVE, "utf-8")
    with running(tmp_path) as url:
        scorer = browser.new_context(viewport={"width": 420, "height": 800}).new_page()
        watcher = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        player = browser.new_context(viewport={"width": 420, "height": 800}).new_page()
        scorer.goto(url + "/entry/night")
        watcher.goto(url + "/entry/night")
        player.goto(url + "/session/night")
        assert player.locator('a[href="/session/night/hand/1"]').count() == 0
        for token in LAST_SIX[:-1]:
            tap(scorer, card(scorer, token))
        expect(watcher.locator("#trick")).to_contain_text("3♠", timeout=PATIENCE)  # each card, live
        tap(scorer, card(scorer, LAST_SIX[-1]))
        expect(watcher.locator("#hand-text")).to_contain_text("Claire: Q♠ 9♥ 3♠ 8♣", timeout=PATIENCE)
        expect(watcher.locator("#prompt")).to_contain_text("Who deals hand 2?", timeout=PATIENCE)
        player.wait_for_selector('a[href="/session/night/hand/1"]', timeout=PATIENCE)  # the session page
        # the watcher's page is live, not stale: its next tap is taken
        tap(watcher, watcher.get_by_role("button", name="Claire", exact=True))
        expect(scorer.locator("#status")).to_contain_text("Hand 2", timeout=PATIENCE)


def test_a_stale_page_is_told_and_reloaded(tmp_path, browser):
    (tmp_path / "night.rvs").write_text(HEADER + FIRST_FIVE, "utf-8")
    with running(tmp_path) as url:
        first = browser.new_context(viewport={"width": 420, "height": 800}).new_page()
        second = browser.new_context(viewport={"width": 420, "height": 800}).new_page()
        second.route("**/stamp", lambda route: route.abort())  # it does not hear of the first's tap
        first.goto(url + "/entry/night")
        second.goto(url + "/entry/night")
        tap(first, card(first, LAST_SIX[0]))
        tap(second, card(second, LAST_SIX[0]))
        expect(second.locator("#messages")).to_contain_text("someone else just entered this card: reloaded")
        expect(second.locator("#trick")).to_contain_text("7♦")  # the file as it now stands
        tap(second, card(second, LAST_SIX[1]))
        expect(second.locator("#messages .conflict")).to_have_count(0)
        assert (tmp_path / "night.rvs").read_text("utf-8").endswith("  Bruno:  7D 3C\n")
