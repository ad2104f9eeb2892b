"""serve in French in a real browser (Debian's Chromium under Playwright): a browser asking
for French (``Accept-Language: fr-FR``) gets every page in French at a phone's width and a
desktop's (screenshots kept), axe-core finds nothing on them it does not find on the English
ones, the FR / EN switch works without script and is remembered from page to page, and a
whole hand is entered on the French entry page at 420×800 by touch, by the French words on
the page, into a record written in French."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from conftest import DATA, SAMPLES
from entrydevice import EXAMPLE, example, without_comments
from playwright.sync_api import Page, expect, sync_playwright
from typer.testing import CliRunner
from webserver import arrived, artefacts, chromium, running

from reversis_score.cli import app as cli

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SIZES = {"phone": (420, 800), "desktop": (1280, 900)}
PAGES = {"season": "/", "session": "/session/club-night", "hand": "/session/club-night/hand/2?step=4",
         "why": "/session/example/why?a=Anne&b=Claire", "entry-index": "/entry", "entry": "/entry/club-night",
         "events": "/entry/club-night/events"}
# The pages' own English words: none may be left on a French page (the cells other parts of
# the program fill, the outcome, the kind of a payment, the why page's answer, are taken out).
ENGLISH = re.compile(r"\b(Season|Standings|Sessions|Running balances?|Hands?|Balances|Settle up|Payments|"
                     r"No payment|Why does|stake|dealer|player|trick|Entry|pools after|from players|"
                     r"per hand|parties won|Before the first|Prev|Next|nobody owes|fish|Who deals|Tap|"
                     r"Undo|More|Skip|Write|Irregular|Paid by|Change a card|Start the session|File name|"
                     r"The deal|The exchange|leads|to play|keeps)\b")
FOREIGN = ".outcome, .what, .why, .answer, .payment, .meta, .settle-words, .route, #messages, #said-all, " \
          "#settled h2, .pay, .playing-note, .note.bad, #hand-text"  # (#hand-text: the record's own notation)
# what a keyboard prompt says, and a card in the notation's spelling (English or French)
MARKERS = re.compile(r"Enter:|Entrée|\(y/N\)|`|\bCARD\b|\bNAME\b|\b(?:10|[2-9TJQKARDV])[SHDCPKT]\b")
runner = CliRunner()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        launched = chromium(pw)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    shutil.copy(SAMPLES / "club-night.rvs", folder / "club-night.rvs")
    shutil.copy(DATA / "notation-example.rvs", folder / "example.rvs")
    for path in sorted((DATA / "ledgers").glob("autumn-[0-9].rvs")):
        shutil.copy(path, folder / path.name)
    with running(folder) as url:
        yield url


def own_words(page: Page) -> str:
    """The page's text without the cells another part of the program fills."""
    return page.evaluate("""(foreign) => { const copy = document.body.cloneNode(true);
        copy.querySelectorAll(foreign).forEach((n) => n.remove());
        copy.querySelectorAll('script, style, [hidden]').forEach((n) => n.remove());
        return copy.innerText; }""", FOREIGN)


def axe(page: Page) -> Counter[str]:
    """axe-core's findings on the page (every rule it runs by default): how many elements
    fail each rule (an element's own words differ with the language: its rule is counted)."""
    page.add_script_tag(content=AXE.read_text("utf-8"))
    found = page.evaluate("""async () => (await axe.run(document)).violations
        .flatMap(v => v.nodes.map(n => v.id))""")
    return Counter(found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_the_pages_in_french_fit_and_are_kept_as_screenshots(site, browser, name, size):
    width, height = SIZES[size]
    found = {}
    for locale in ("fr-FR", "en-GB"):
        context = browser.new_context(locale=locale, viewport={"width": width, "height": height},
                                      bypass_csp=True)  # (for axe-core, injected into the page)
        page = context.new_page()
        try:
            answer = page.goto(site + PAGES[name])
            assert answer is not None and answer.status == 200
            lang = locale[:2]
            assert page.locator("html").get_attribute("lang") == lang
            if lang == "fr":
                page.screenshot(path=str(artefacts() / f"fr-{name}-{size}.png"), full_page=True)
                words = own_words(page)
                english = ENGLISH.search(words)
                assert english is None, words[max(0, english.start() - 80):english.end() + 80]
                scroll = page.evaluate("document.documentElement.scrollWidth - "
                                       "document.documentElement.clientWidth")
                assert scroll <= 0, f"the page scrolls sideways by {scroll}px"
            found[lang] = axe(page)
        finally:
            context.close()
    assert not found["fr"] - found["en"], (found["fr"], found["en"])  # French adds no accessibility fault


def test_the_switch_works_without_script_and_is_remembered_from_page_to_page(site, browser):
    context = browser.new_context(locale="fr-FR", java_script_enabled=False,
                                  viewport={"width": 420, "height": 800})
    page = context.new_page()
    try:
        page.goto(site + "/session/example/why?a=Anne&b=Claire")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Pourquoi")
        page.get_by_role("link", name="EN", exact=True).click()
        expect(page.locator("html")).to_have_attribute("lang", "en")
        assert page.url == site + "/session/example/why?a=Anne&b=Claire"  # the same page, no ?lang= left
        expect(page.get_by_role("heading", level=1)).to_contain_text("Why")
        page.get_by_role("link", name="Season", exact=True).click()  # another page: still English
        expect(page.get_by_role("heading", level=1)).to_have_text("Season")
        page.goto(site + "/session/club-night")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.get_by_role("link", name="FR", exact=True).click()
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.get_by_role("heading", name="Soldes courants")).to_be_visible()
        page.get_by_role("link", name="Saison", exact=True).click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Saison")
        page.screenshot(path=str(artefacts() / "fr-switched-back-phone.png"))
    finally:
        context.close()


FRENCH_RANKS = {"K": "R", "Q": "D", "J": "V", "T": "10"}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def face(token: str) -> str:
    """A card as the French page writes it: ``KH`` is R♥, ``TD`` 10♦."""
    return FRENCH_RANKS.get(token[:-1], token[:-1]) + SUITS[token[-1]]


class Scorer:
    """A French scorer's thumb: taps what the page says, by name; at each tap the page's words
    are looked at (no keyboard word, no card in the notation's spelling, no English word)."""

    def __init__(self, page: Page):
        self.page, self.taps = page, 0

    def tap(self, name: str, wait: bool = True) -> None:
        target = self.page.get_by_role("button", name=name, exact=True)
        if wait:
            with self.page.expect_response(lambda r: r.url.endswith("/tap")):
                target.tap()
        else:
            target.tap()
        self.taps += 1
        self.look()

    def card(self, token: str, wait: bool = True) -> None:
        self.tap(face(token), wait)

    def look(self) -> None:
        words = own_words(self.page)
        found = MARKERS.search(words) or ENGLISH.search(words)
        assert found is None, (found.group(0), words[max(0, found.start() - 80):found.end() + 80])

    def says(self, words: str) -> None:
        expect(self.page.locator("#prompt")).to_contain_text(words)


def new_french_session(page: Page, url: str, name: str) -> None:
    page.goto(url + "/entry")
    form = example().header_form(name)
    labels = {"file": "Nom du fichier", "session": "Séance", "date": "Date", "stake": "Fiches de départ"}
    for field, value in form.items():
        if field == "rules":
            page.get_by_label("Règles").select_option(value)
        elif field.startswith("player"):
            page.get_by_label(f"Joueur {field[-1]}").fill(value)
        else:
            page.get_by_label(labels[field]).fill(value)
    assert page.get_by_label("Le relevé écrit en").input_value() == "fr"  # a French page: a French record
    page.get_by_role("button", name="Commencer la séance").click()
    arrived(page, f"{url}/entry/{name}")


def test_a_whole_hand_entered_on_the_french_entry_page_by_its_french_words(tmp_path, browser):
    hand = example()
    shots = artefacts()
    with running(tmp_path) as url:
        context = browser.new_context(locale="fr-FR", viewport={"width": 420, "height": 800}, has_touch=True,
                                      is_mobile=True, bypass_csp=True)
        page = context.new_page()
        new_french_session(page, url, "exemple")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        scorer = Scorer(page)
        scorer.says("Qui donne la donne 1\u202f?")
        scorer.look()
        scorer.tap(hand.dealer)
        dealt = hand.deal()
        for number, (player, cards) in enumerate(dealt):
            if number == len(dealt) - 1:  # the last player holds what is left: one tap
                scorer.says(f"{player} a les 12 cartes restantes\u202f: touchez celle du talon")
                scorer.card(cards[-1])
                break
            scorer.says(f"La donne — {player}\u202f: 0 sur")
            for index, token in enumerate(cards):
                scorer.card(token, wait=index == len(cards) - 1)
                if number == 1 and index == 6:
                    scorer.says(f"{player}\u202f: 7 sur 12")
                    page.screenshot(path=shots / "fr-table-420-deal.png")
        for player, action, token in hand.exchange():
            scorer.says("L’écart\u202f:")
            if action == "discards":
                assert token is not None
                scorer.card(token)
            else:
                scorer.tap(f"{player} garde")
        for number, token in enumerate(hand.cards(), 1):
            if number == 1:
                scorer.says("Levée 1\u202f: Claire joue le premier")
            if number == 2:
                scorer.says("Levée 1\u202f: à Denis de jouer (♣ demandé)")
            scorer.card(token)
            if number == 22:
                expect(page.locator("#trick .slot")).to_have_count(3)
                page.screenshot(path=shots / "fr-table-420-trick.png")
        expect(page.locator("#settled")).to_contain_text("Donne 1")
        expect(page.locator("#status")).to_contain_text("La donne 1 est finie")
        page.screenshot(path=shots / "fr-table-420-settled.png", full_page=True)
        assert axe(page)["color-contrast"] == 0
        written = (tmp_path / "exemple.rvs").read_text("utf-8")
        stripped = tmp_path / "stripped.txt"
        example_text = without_comments(EXAMPLE.read_text("utf-8"))
        stripped.write_text(example_text[:example_text.index("table:")].rstrip("\n") + "\n", "utf-8")
        french = runner.invoke(cli, ["format", "--lang", "fr", str(stripped)]).output
        assert written.startswith("langue: fr\n") and "levées:" in written and "tricks:" not in written
        # the deal's last line is written in the pack's order; every other line as format --lang fr
        assert written.split("donne:")[0] == french.split("donne:")[0]
        assert written.split("écart:")[1] == french.split("écart:")[1]
        context.close()
