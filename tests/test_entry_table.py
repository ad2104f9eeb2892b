"""The table on a phone (issue 29): Playwright driving Debian's Chromium at 420×800 with touch.

A newcomer enters the notation example's hand with its deal by the words on the page only
(buttons and cards found by their accessible names: no test ids), and the taps are counted;
the pack's place is recorded at every tap and never moves; every text at every step is free of
terminal markers; a wrong card in trick 2, found in trick 5, is fixed where it lies; a reload
after the hand still shows its settlement; axe-core (vendored, tests/vendor/axe.min.js) finds no
contrast failure on the entry page, the session, season and hand pages. Screenshots go to the
artefacts folder (build/screenshots/)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from entrydevice import EXAMPLE, example, without_comments
from playwright.sync_api import Page, expect, sync_playwright
from typer.testing import CliRunner
from webserver import arrived, artefacts, chromium, running

from reversis_score.cli import app as cli
from reversis_score.serve.entry_words import face

runner = CliRunner()
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PHONE = {"viewport": {"width": 420, "height": 800}, "has_touch": True, "is_mobile": True,
         "bypass_csp": True}  # (for axe-core, injected into the page)
# what a keyboard prompt says, and a card in the notation's spelling where a card is meant
MARKERS = re.compile(r"Enter:|\(y/N\)|`|\bCARD\b|\bNAME\b|\bPAYER\b|\b(?:10|[2-9TJQKA])[SHDC]\b")


def fmt(path) -> str:
    return runner.invoke(cli, ["format", str(path)]).output


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        launched = chromium(pw)
        yield launched
        launched.close()


class Scorer:
    """A newcomer's thumb: taps what the page says, by name, and counts the taps; at each
    tap the pack's place and the page's words are looked at."""

    def __init__(self, page: Page):
        self.page, self.taps, self.places = page, 0, set()

    def tap(self, name: str, wait: bool = True, force: bool = False) -> None:
        target = self.page.get_by_role("button", name=name, exact=True)
        self.look()
        if wait:
            with self.page.expect_response(lambda r: r.url.endswith("/tap")):
                target.tap()
        else:
            target.tap(force=force)  # (force: Playwright taps no aria-disabled button; a thumb does)
        self.taps += 1
        self.look()

    def card(self, token: str, wait: bool = True) -> None:
        self.tap(face(token), wait)

    def look(self) -> None:
        pack = self.page.locator("#pack")
        box = pack.bounding_box() if pack.is_visible() else None
        if box is not None:  # (None: hidden between the two reads, the hand just settled)
            self.places.add((round(box["x"]), round(box["y"])))
            if len(self.places) > 1:
                raise AssertionError((self.taps, self.places, self.page.evaluate("window.scrollY")))
        text = self.page.locator("body").inner_text()
        text += "\n" + self.page.locator("#said-all").text_content() + "\n"  # folded away, read too
        text += self.page.locator("#hand-text").text_content()
        text += self.page.evaluate("[...document.querySelectorAll('#pack .card')].map(b => b.title)"
                                   ".join('\\n')")  # where each card went
        found = MARKERS.search(text)
        assert found is None, (found.group(0), text[max(0, found.start() - 80):found.end() + 80])

    def says(self, words: str) -> None:
        expect(self.page.locator("#prompt")).to_contain_text(words)


def axe_contrast(page: Page) -> list:
    """axe-core's colour-contrast failures on the page as it stands."""
    page.add_script_tag(content=AXE.read_text("utf-8"))
    # axe scrolls to look at each text: the page's scroll is put back as the scorer left it
    found = page.evaluate("""async () => { const x = scrollX, y = scrollY;
        const found = (await axe.run(document, {runOnly: ["color-contrast"]}))
            .violations.flatMap(v => v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary));
        scrollTo(x, y); return found; }""")
    return found


def new_session(page: Page, url: str, name: str) -> None:
    page.goto(url + "/entry")
    for field, value in example().header_form(name).items():
        if field == "rules":
            page.get_by_label("Rules").select_option(value)
        elif field.startswith("player"):
            page.get_by_label(f"Player {field[-1]}").fill(value)
        else:
            page.get_by_label({"file": "File name", "session": "Session", "date": "Date",
                               "stake": "Stake"}[field]).fill(value)
    page.get_by_role("button", name="Start the session").click()
    arrived(page, f"{url}/entry/{name}")


def deals(text: str) -> list[tuple[str, set[str], str]]:
    """Each deal line: the player, the cards (in any order) and the face-down card."""
    lines = text.split("deal:")[1].split("exchange:")[0].strip().split("\n")
    out = []
    for line in lines:
        who, cards = line.split(":")
        hand, _, down = cards.partition("|")
        out.append((who.strip(), set(hand.split()), down.strip()))
    return out


def without_table(text: str) -> str:
    return text[:text.index("table:")].rstrip("\n") + "\n"


def test_a_newcomer_enters_a_whole_hand_with_its_deal_by_the_words_on_the_page(tmp_path, browser):
    hand = example()
    shots = artefacts()
    with running(tmp_path) as url:
        page = browser.new_context(**PHONE).new_page()
        new_session(page, url, "example")
        scorer = Scorer(page)
        scorer.says("Who deals hand 1?")
        page.screenshot(path=shots / "table-420-dealer.png")
        scorer.tap(hand.dealer)
        dealt = hand.deal()
        for number, (player, cards) in enumerate(dealt):
            if number == len(dealt) - 1:  # the last player holds what is left: one tap
                scorer.says(f"{player} has the 12 cards left: tap the face-down one")
                scorer.card(cards[-1])
                break
            scorer.says(f"The deal — {player}: 0 of")
            for index, token in enumerate(cards):
                scorer.card(token, wait=index == len(cards) - 1)
                if number == 1 and index == 6:
                    scorer.says(f"{player}: 7 of 12")
                    page.screenshot(path=shots / "table-420-deal.png")
        for player, action, token in hand.exchange():
            scorer.says(f"The exchange: {'tap the card ' if player != hand.dealer else ''}{player}")
            if action == "discards":
                assert token is not None
                scorer.card(token)
            else:
                scorer.tap(f"{player} {action}")
        axe = axe_contrast(page)
        assert axe == [], axe
        for number, token in enumerate(hand.cards(), 1):
            if number == 1:
                scorer.says("Trick 1: Claire leads")
            scorer.card(token)
            if number == 22:  # trick 6, its second card: the page a scorer sees most
                expect(page.locator("#trick .slot")).to_have_count(3)
                page.screenshot(path=shots / "table-420-trick.png")
                assert axe_contrast(page) == []
        expect(page.locator("#settled")).to_contain_text("Hand 1: Anne wins the party")
        page.screenshot(path=shots / "table-420-settled.png")
        assert scorer.taps <= 100, scorer.taps
        assert len(scorer.places) == 1, scorer.places  # the pack never moved
        written = tmp_path / "example.rvs"
        stripped = tmp_path / "stripped.txt"
        stripped.write_text(without_table(without_comments(EXAMPLE.read_text("utf-8"))), "utf-8")
        assert written.read_text("utf-8") == fmt(written)
        # the last player's cards (the ones left) are written in the pack's order
        got, want = written.read_text("utf-8"), fmt(stripped)
        assert got.split("deal:")[0] == want.split("deal:")[0]
        assert got.split("exchange:")[1] == want.split("exchange:")[1]
        assert deals(got) == deals(want)
        page.reload()  # the settlement is still there
        expect(page.locator("#settled")).to_be_visible()
        expect(page.locator("#settled")).to_contain_text("Hand 1: Anne wins the party")
        assert axe_contrast(page) == []
        (shots / "table-taps.json").write_text(json.dumps({"with the deal": scorer.taps}), "utf-8")
        print(f"\na whole hand with its deal: {scorer.taps} taps")


HEADER = "session: Tuesday\nplayers: Anne Bruno Claire Denis\nstake: 100\n"


def test_a_hand_without_its_deal_and_a_wrong_card_fixed_where_it_lies(tmp_path, browser):
    (tmp_path / "night.rvs").write_text(HEADER, "utf-8")
    cards = example().cards()
    wrong = cards.index("8H")  # Anne's card in trick 2, tapped as 7♥
    with running(tmp_path) as url:
        page = browser.new_context(**PHONE).new_page()
        page.goto(url + "/entry/night")
        scorer = Scorer(page)
        scorer.tap("Bruno")
        scorer.tap("Skip the deal")
        for number, token in enumerate(cards[:20]):
            scorer.card("7H" if number == wrong else token)
        expect(page.locator("#status")).to_contain_text("trick 6")
        fixed_at = scorer.taps
        scorer.tap("7♥", wait=False)  # a greyed card says where it went: tap to change it
        scorer.says("Change Anne's 7♥ in trick 2")
        page.screenshot(path=artefacts() / "table-420-fix.png")
        scorer.card("8H")
        fix = scorer.taps - fixed_at
        assert fix <= 3, fix
        expect(page.locator("#messages")).to_contain_text("7♥ → 8♥ (Anne, trick 2)")
        assert "Denis:  6H 8H KH 4H\n" in (tmp_path / "night.rvs").read_text("utf-8")
        for token in cards[20:]:
            scorer.card(token)
        hand = scorer.taps - fix  # the hand's own taps: the dealer, Skip the deal, 44 cards
        assert hand <= 50, hand
        assert len(scorer.places) == 1, scorer.places
        expect(page.locator("#settled")).to_contain_text("Hand 1: Anne wins the party")
        written = tmp_path / "night.rvs"
        assert written.read_text("utf-8") == fmt(written)
        assert "  Denis:  6H 8H KH 4H\n" in written.read_text("utf-8")
        (artefacts() / "table-taps-without-deal.json").write_text(
            json.dumps({"without the deal": hand, "fix": fix}), "utf-8")
        print(f"\na whole hand without its deal: {hand} taps; a wrong card fixed in {fix}")


def test_every_live_card_fits_on_one_screen_with_the_trick_and_the_question(tmp_path, browser):
    (tmp_path / "night.rvs").write_text(HEADER + "\nhand 1\ndealer: Bruno\n", "utf-8")
    with running(tmp_path) as url:
        page = browser.new_context(**PHONE).new_page()
        page.goto(url + "/entry/night")
        for selector in ["#pack", "#trick", "#prompt", "#choices"]:
            box = page.locator(selector).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= 420


def test_the_first_paint_is_right_before_any_script(tmp_path, browser):
    text = HEADER + "\nhand 1\ndealer: Bruno\ntricks:\n  Claire: 2C JC 7C 5C\n  Denis: 6H\n"
    (tmp_path / "night.rvs").write_text(text, "utf-8")
    with running(tmp_path) as url:
        page = browser.new_context(java_script_enabled=False, **PHONE).new_page()
        page.goto(url + "/entry/night")
        expect(page.get_by_role("button", name="2♣", exact=True)).to_have_class(re.compile(r"\bis-played\b"))
        expect(page.get_by_role("button", name="6♥", exact=True)).to_have_class(re.compile(r"\bis-trick\b"))
        expect(page.get_by_role("button", name="A♠", exact=True)).to_have_class(re.compile(r"\bis-live\b"))
        expect(page.locator("#prompt")).to_have_text("Trick 2: Anne to play (♥ led). Tap the card.")
        page.screenshot(path=artefacts() / "table-420-no-script.png")


def test_the_pages_meet_contrast_at_both_widths(tmp_path, browser):
    (tmp_path / "example.rvs").write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    with running(tmp_path) as url:
        for size in ({"width": 420, "height": 800}, {"width": 1280, "height": 900}):
            page = browser.new_page(viewport=size, bypass_csp=True)
            for path in ["/", "/session/example", "/session/example/hand/1",
                         "/session/example/hand/1?step=11", "/session/example/hand/1?step=4", "/entry",
                         "/entry/example",
                         "/session/example/why?a=Anne&b=Bruno"]:
                page.goto(url + path)
                found = axe_contrast(page)
                assert found == [], (path, size, found)
            page.goto(url + "/entry/example")
            page.screenshot(path=artefacts() / f"table-{size['width']}-after.png")


def test_what_the_file_does_not_hold_stays_on_the_device_not_in_the_address(tmp_path, browser):
    (tmp_path / "night.rvs").write_text(HEADER + "\nhand 1\ndealer: Bruno\n", "utf-8")
    with running(tmp_path) as url:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(url + "/entry/night")
        scorer = Scorer(page)
        for token in ["7C", "2D", "4D"]:  # three of Anne's cards: not written until her hand is full
            scorer.card(token, wait=False)
        scorer.says("Anne: 3 of 11")
        page.reload()
        scorer.says("Anne: 3 of 11")
        assert "#" not in page.url and "?" not in page.url
        other = context.new_page()  # another tab, or the address sent to someone: nothing carried
        other.goto(page.url)
        expect(other.locator("#prompt")).to_contain_text("The deal — Anne: 0 of 11")
        assert (tmp_path / "night.rvs").read_text("utf-8") == HEADER + "\nhand 1\ndealer: Bruno\n"
        scorer.tap("Skip the deal")  # a decision: the record says it (issue 40), every device sees it
        scorer.says("Trick 1: Claire leads")
        page.reload()
        scorer.says("Trick 1: Claire leads")
        other.reload()
        expect(other.locator("#prompt")).to_contain_text("Trick 1: Claire leads")
        assert (tmp_path / "night.rvs").read_text("utf-8") == HEADER + "\nhand 1\ndealer: Bruno\ntricks:\n"


def test_a_wrong_stake_is_said_in_words_not_by_the_browser(tmp_path, browser):
    with running(tmp_path) as url:
        page = browser.new_context(**PHONE).new_page()
        page.goto(url + "/entry")
        page.get_by_label("File name").fill("tuesday")
        for i, name in enumerate(["Anne", "Bruno", "Claire", "Denis"], 1):
            page.get_by_label(f"Player {i}").fill(name)
        page.get_by_label("Stake").fill("a hundred")
        page.get_by_role("button", name="Start the session").click()
        said = "'a hundred' is not a stake: the stake is a whole number of fish"
        expect(page.get_by_role("alert")).to_contain_text(said)
        assert not (tmp_path / "tuesday.rvs").exists()


def test_a_card_that_cannot_be_given_says_where_it_is(tmp_path, browser):
    text = without_comments(EXAMPLE.read_text("utf-8"))
    (tmp_path / "night.rvs").write_text(text[:text.index("  Anne: JS 7S 2S 5S")], "utf-8")
    with running(tmp_path) as url:
        page = browser.new_context(**PHONE).new_page()
        page.goto(url + "/entry/night")
        scorer = Scorer(page)
        scorer.tap("A♠", wait=False, force=True)  # Anne leads trick 4: the A♠ is Bruno's
        expect(page.locator("#messages")).to_have_text("A♠: in Bruno's hand")
        scorer.tap("7♥", wait=False, force=True)
        expect(page.locator("#messages")).to_have_text("7♥: in the talon")
        assert (tmp_path / "night.rvs").read_text("utf-8").endswith("  3. Bruno: 9D 8D 3D KD\n")  # untouched
