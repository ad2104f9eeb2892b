"""The events page in a real browser (Playwright, Debian's Chromium, 420×800): a plain hand
(the party, the talon, two Aces placed) in ten taps at most, counted; and a hand with a forced
Quinola and a broken reversis, entered by events, settled as ``format --events`` of the same
hand played card by card. Screenshots go to the artefacts folder."""
from __future__ import annotations

import json

import pytest
from builders import REVERSIS_BROKEN_BY_QUINOLA, hand, record
from conftest import DATA
from playwright.sync_api import Page, expect, sync_playwright
from typer.testing import CliRunner
from webserver import artefacts, chromium, running

from reversis_score.cli import app as cli
from reversis_score.render.rvs import as_events

runner = CliRunner()
PHONE = {"width": 420, "height": 800}
KEYBOARD_WORDS = ("Enter:", "CARD", "`", "(y/N)", "undo")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        launched = chromium(pw)
        yield launched
        launched.close()


class Taps:
    """Every tap on the page, counted."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.count += 1
        self.page.locator(selector).first.click()

    def save(self) -> None:
        self.count += 1
        with self.page.expect_response(lambda r: r.url.endswith("/tap")):
            self.page.locator("#save").click()


def who(field: str, index: int) -> str:
    return f'[data-field="{field}"] button[data-value="{index}"]'


def cell(card: str, player: int) -> str:
    return f'.cell[data-card="{card}"][data-player="{player}"]'


def how(label: str) -> str:
    return f'#how-choices button:text-is("{label}")'


def trick(number: int) -> str:
    return f'#which button[data-trick="{number}"]'


def items(path) -> list:
    ledger = json.loads(runner.invoke(cli, ["settle", str(path), "--format", "json"]).stdout)
    return [[(i["kind"], i["payer"], i["payee"], i["amount"], i["trick"], i["card"], i["cancelled_by"])
             for i in h["items"]] for h in ledger["hands"]]


def test_a_plain_hand_in_ten_taps_at_phone_width(tmp_path, browser):
    night = tmp_path / "night.rvs"
    night.write_text((DATA / "events-example.rvs").read_text("utf-8"), "utf-8")  # hands 1-3: Denis dealt last
    page = browser.new_page(viewport=PHONE)
    with running(tmp_path) as url:
        page.goto(url + "/entry/night")
        page.locator("a", has_text="by events").click()
        expect(page.locator("h1")).to_contain_text("Hand 4")
        expect(page.locator('[data-field="dealer"] [aria-pressed="true"]')).to_have_text("Anne")
        tap = Taps(page)
        tap(who("winner", 1))  # Bruno wins the party
        tap(who("loser", 3))  # Denis loses it
        tap('[data-field="talon"] button[data-value="6"]')
        tap(cell("AS", 2))  # Claire's A♠...
        tap(how("Denis took the trick"))
        tap(trick(4))  # ...in trick 4
        tap(cell("AD", 0))  # Anne's A♦...
        tap(how("Denis took the trick"))
        tap(trick(9))
        page.screenshot(path=str(artefacts() / "events-plain-hand-420.png"), full_page=True)
        tap.save()
        expect(page.locator("#said")).to_contain_text("Hand 4 is saved")
        assert tap.count <= 10, tap.count
        words = page.locator("body").inner_text()
        assert not any(w in words for w in KEYBOARD_WORDS), [w for w in KEYBOARD_WORDS if w in words]
        page.screenshot(path=str(artefacts() / "events-saved-420.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    text = night.read_text("utf-8")
    assert text.endswith("hand 4\ndealer: Anne\nevents:\n  party: Bruno wins, Denis loses\n"
                         "  talon: 6 points\n  4. Claire places AS, Denis takes it\n"
                         "  9. Anne places AD, Denis takes it\n")
    check = runner.invoke(cli, ["check", str(night)])
    assert check.exit_code == 0, check.output
    fourth = items(night)[3]
    assert ("party", "Denis", "Bruno", 20, None, None, None) in fourth  # (4 + 6) × 2 opposite
    assert ("ace-dumped", "Denis", "Anne", 2, 9, "AD", None) in fourth  # A♦ pays twice an Ace


def test_a_forced_quinola_and_a_broken_reversis_settle_as_the_hand_played(tmp_path, browser):
    played = record(hand("Denis", REVERSIS_BROKEN_BY_QUINOLA))
    by_cards = tmp_path / "cards.rvs"
    by_cards.write_text(played, "utf-8")
    rewritten, _ = as_events(played)
    assert rewritten is not None and "with Quinola" in rewritten
    formatted = tmp_path / "formatted.rvs"
    formatted.write_text(rewritten, "utf-8")
    night = tmp_path / "night.rvs"
    night.write_text(played.split("\nhand")[0] + "\n", "utf-8")  # the header only
    page = browser.new_page(viewport=PHONE)
    with running(tmp_path) as url:
        page.goto(url + "/entry/night/events")
        tap = Taps(page)
        tap(who("dealer", 3))  # Denis deals (the first hand: nobody to follow)
        tap("#more summary")
        tap(who("reverser", 0))  # Anne's reversis...
        tap('[data-field="breaker"] button[data-value="1"]')  # ...broken by Bruno
        tap('[data-field="broken_at"] button[data-value="10q"]')  # in trick 10, with Quinola
        for card, player, choice, number in [("AS", 0, "Anne led it", 1),
                                             ("AD", 2, "Anne took the trick", 1),
                                             ("AC", 3, "Anne took the trick", 1),
                                             ("JH", 1, "forced on Anne's lead", 10),
                                             ("AH", 1, "Bruno led it", 11)]:
            tap(cell(card, player))
            tap(how(choice))
            tap(trick(number))
        page.screenshot(path=str(artefacts() / "events-reversis-420.png"), full_page=True)
        tap.save()
        expect(page.locator("#said")).to_contain_text("Hand 1 is saved")
    assert runner.invoke(cli, ["check", str(night)]).exit_code == 0
    assert items(night) == items(formatted) == items(by_cards)
