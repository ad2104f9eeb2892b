"""serve's pages in French: the reader's language per request (Accept-Language, the FR / EN
switch's cookie), the caches per language, and ``report``'s pages in French; English as ever.

The words of the page itself (headings, labels, sentences of the templates and of serve/)
are asserted French here. Some cells are filled by other parts of the program (the outcome
of a hand, the kind of a payment, the why page's answer: render/tables.py, report/why.py);
they are in the request's language as far as those parts speak it, and are left out of the
word list's reach (``FOREIGN``).
"""
from __future__ import annotations

import re
import shutil
import threading

import pytest
from conftest import DATA, SAMPLES
from starlette.testclient import TestClient
from typer.testing import CliRunner

from reversis_score import i18n
from reversis_score.cli import app as cli
from reversis_score.serve.app import create_app
from reversis_score.serve.language import from_accept_language

LOCAL = "http://127.0.0.1"
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
PAGES = ["/", "/session/club-night", "/session/club-night/hand/2", "/session/club-night/hand/2?step=12",
         "/session/example/why?a=Anne&b=Claire", "/entry", "/session/nobody", "/entry/club-night",
         "/entry/club-night/events"]
# English words of the pages' own: none may be left on a French page.
ENGLISH = re.compile(r"\b(Season|Standings|Sessions|Running balances?|Hands?|Balances|Settle up|Payments|"
                     r"No payment|Why does|Show the payments|stake|dealer|player|trick|Entry|pools after|"
                     r"from players|into pools|per hand|parties won|Before the first|end of the hand|Prev|"
                     r"Next|nobody owes|undated|fish|after each|in order of play|enter at the table|"
                     r"record|Continue a session|new session|File name|Players, in order|no such|Who deals|"
                     r"Undo|More|Write|Irregular|Paid by|Void hand|Claims waived|by events|Who won|Who lost|"
                     r"Points in the talon|whose card|Save hand|Start again|Card by card|Tap)\b")
# Cells another part of the program writes (see the module docstring).
FOREIGN = re.compile(r'<(td|span|p)[^>]*class="(full outcome|what|why|full why|full what|answer|payment|'
                     r'meta|settle-words|route)"[^>]*>.*?</\1>', re.S)


@pytest.fixture
def folder(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(SAMPLES / "club-night.rvs", records / "club-night.rvs")
    shutil.copy(DATA / "notation-example.rvs", records / "example.rvs")
    return records


def client(folder) -> TestClient:
    return TestClient(create_app(folder), base_url=LOCAL, follow_redirects=False)


def words(page: str) -> str:
    """What a reader reads of a page's own words: no tag, no cell another part writes."""
    page = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", page, flags=re.S)
    page = re.sub(r'<pre id="hand-text">.*?</pre>', "", page, flags=re.S)  # the record's own notation
    page = FOREIGN.sub("", page)
    return re.sub(r"\s+", " ", re.sub("<[^>]*>", " ", page))


@pytest.mark.parametrize("url", PAGES)
def test_a_french_browser_reads_every_page_in_french(folder, url):
    answer = client(folder).get(url, headers=FRENCH)
    assert '<html lang="fr">' in answer.text
    assert answer.headers["content-language"] == "fr"
    found = ENGLISH.search(words(answer.text))
    assert found is None, (url, words(answer.text)[max(0, found.start() - 100):found.end() + 100])


@pytest.mark.parametrize("url", PAGES)
def test_an_english_browser_reads_every_page_in_english_as_ever(folder, url):
    for headers in ({}, {"Accept-Language": "en-GB,en;q=0.9"}, {"Accept-Language": "de, it;q=0.5"}):
        answer = client(folder).get(url, headers=headers)
        assert '<html lang="en">' in answer.text and "Saison" not in answer.text
    assert 'href="/">Season</a>' in answer.text


def test_the_french_pages_say_the_game_s_words_and_write_numbers_and_dates_the_french_way(folder):
    c = client(folder)
    season = c.get("/", headers=FRENCH).text
    assert "Classement" in season and "parties gagnées" in season and "15 novembre 2026" in season
    assert "Qui a payé qui" in season and "Règlement de la saison" in season
    session = c.get("/session/club-night", headers=FRENCH).text
    assert "Soldes courants" in session and "fiches de départ" in session and "paniers après" in session
    assert "<time datetime=\"2026-11-15\">15 novembre 2026</time>" in session
    hand = c.get("/session/club-night/hand/2", headers=FRENCH).text
    assert "Avant la première levée" in hand and "Levée 3 sur 11" in hand and "fait la levée" in hand
    # the whys come from settle/, computed in the request's language
    assert "levée 2\u202f: Claire demande ♣ et force l’A♣" in re.sub("<[^>]*>", "", hand)
    # the words a phone's layout writes before a number (CSS reads them from the page)
    assert 'data-word="donne"' in session and 'data-word="séance"' in season
    assert 'data-word="hand"' in c.get("/session/club-night").text
    assert 'data-word="session"' in c.get("/").text
    english = re.sub("<[^>]*>", "", c.get("/session/club-night/hand/2").text)
    assert "trick 2: Anne&#39;s A♣ is forced" in english and "levée" not in english


def test_a_thousand_is_written_1_250_on_a_french_page(folder):
    from reversis_score.serve.templating import people_figure, people_signed
    with i18n.speaking("fr"):
        assert (people_figure(1250), people_signed(-1250), people_figure("+6.6")) == (
            "1\u202f250", "\u22121\u202f250", "+6,6")
    assert (people_figure(1250), people_signed(-1250), people_figure("+6.6")) == (1250, "\u22121250", "+6.6")


@pytest.mark.parametrize(("header", "lang"), [
    ("fr", "fr"), ("fr-FR", "fr"), ("fr-CA", "fr"), ("FR-ca;q=0.8, de", "fr"), ("en-US,fr;q=0.9", "en"),
    ("de,fr;q=0.4,en;q=0.3", "fr"), ("en;q=0.2,fr;q=0.7", "fr"), ("fr;q=0,en;q=0.1", "en"), ("*", None),
    ("", None), ("fr;q=abc,en", "en"), ("es-ES", None),
])
def test_accept_language_by_its_q_values(header, lang):
    assert from_accept_language(header) == lang


def test_the_switch_sets_a_cookie_that_outweighs_accept_language_on_every_later_page(folder):
    c = client(folder)
    switched = c.get("/session/example/why?a=Anne&b=Claire&lang=en", headers=FRENCH)
    assert switched.status_code == 303
    assert switched.headers["location"] == "/session/example/why?a=Anne&b=Claire"  # the same page
    assert "rvs_lang=en" in switched.headers["set-cookie"] and "Path=/" in switched.headers["set-cookie"]
    for url in PAGES:  # the client keeps the cookie
        assert '<html lang="en">' in c.get(url, headers=FRENCH).text
    back = c.get("/?lang=fr")
    assert back.headers["location"] == "/"
    assert '<html lang="fr">' in c.get("/session/club-night").text  # no Accept-Language: the cookie


def test_every_page_has_the_switch_leading_back_to_itself(folder):
    c = client(folder)
    for url in PAGES:
        page = c.get(url, headers=FRENCH).text
        assert 'lang="fr" hreflang="fr" aria-current="true"' in page
        target = url + ("&" if "?" in url else "?") + "lang=en"
        assert f'href="{target.replace("&", "&amp;")}" lang="en"' in page, url


def test_the_switch_never_leads_off_the_site(folder):
    answer = client(folder).get("//evil.example/x?lang=fr")
    assert answer.headers["location"].startswith("/") and not answer.headers["location"].startswith("//")


def test_a_bad_cookie_or_header_is_english(folder):
    c = client(folder)
    assert '<html lang="en">' in c.get("/", headers={"Cookie": "rvs_lang=de"}).text
    odd = {"Cookie": "rvs_lang=\"fr", "Accept-Language": ";;q"}
    assert '<html lang="en">' in c.get("/", headers=odd).text


def test_the_pages_kept_are_kept_per_language(folder):
    """A digest, the season page and a why page's hands hold words: each language its own."""
    c = client(folder)
    for _ in range(2):
        for url in ("/", "/session/club-night", "/session/example/why?a=Anne&b=Claire"):
            french, english = c.get(url, headers=FRENCH).text, c.get(url).text
            assert '<html lang="fr">' in french and '<html lang="en">' in english
            assert ("Saison" in french) and ("Saison" not in english)
            assert ("levée" in french or url == "/") and "levée" not in english


def test_requests_answered_at_once_each_speak_their_reader_s_language(folder):
    """The language is the request's (a context variable): never another request's, also in the
    worker threads the pages are made in, and nothing global is left changed."""
    app = create_app(folder)
    wrong: list[str] = []

    def reader(lang: str) -> None:
        with TestClient(app, base_url=LOCAL) as c:
            for i in range(12):
                url = PAGES[i % len(PAGES)]
                page = c.get(url, headers={"Accept-Language": lang}).text
                if f'<html lang="{lang}">' not in page or ("Saison" in page) != (lang == "fr"):
                    wrong.append(f"{lang} {url}")
    threads = [threading.Thread(target=reader, args=(lang,)) for lang in ("fr", "en", "fr", "en")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []
    assert i18n.language() == i18n.from_environment(__import__("os").environ)


def test_speaking_is_this_context_s_only():
    seen = {}

    def other() -> None:
        seen["other"] = i18n.language()
    with i18n.speaking("fr"):
        assert i18n._("Season") == "Saison"
        t = threading.Thread(target=other)  # a thread of its own starts in the process's language
        t.start()
        t.join()
    assert seen["other"] == i18n.language()
    with pytest.raises(ValueError):
        with i18n.speaking("de"):
            pass


runner = CliRunner()


@pytest.mark.parametrize("how", ["--lang", "LANG"])
def test_report_writes_its_pages_in_french(tmp_path, how):
    session, season = tmp_path / "night.html", tmp_path / "season.html"
    records = [str(SAMPLES / "club-night.rvs"), str(SAMPLES / "regles-fr-salon.rvs")]
    for out, args in ((session, records[:1]), (season, records)):
        if how == "--lang":
            result = runner.invoke(cli, ["--lang", "fr", "report", *args, "-o", str(out)])
        else:
            result = runner.invoke(cli, ["report", *args, "-o", str(out)], env={"LANG": "fr_FR.UTF-8"})
        assert result.exit_code == 0, result.output
    night, both = session.read_text("utf-8"), season.read_text("utf-8")
    assert '<html lang="fr">' in night and '<html lang="fr">' in both
    assert "Soldes courants" in night and "15 novembre 2026" in night and "Règlement" in night
    assert "Classement" in both and "2 séances" in both
    for page in (night, both):
        found = ENGLISH.search(words(page))
        assert found is None, words(page)[max(0, found.start() - 100):found.end() + 100]


def test_report_in_english_is_as_ever(tmp_path):
    out = tmp_path / "night.html"
    assert runner.invoke(cli, ["report", str(SAMPLES / "club-night.rvs"), "-o", str(out)]).exit_code == 0
    page = out.read_text("utf-8")
    assert '<html lang="en">' in page and "Running balances" in page and "Soldes" not in page
    assert "FR</a>" not in page  # a file has no switch: it is written in one language


def test_a_hand_page_of_one_basket_names_it_as_its_source_does(tmp_path):
    # regles-fr keeps one basket, « la corbeille »: a payment into it is « à la corbeille » on
    # the hand page, as in its whys, never « aux paniers »; parlett's several pools stay so.
    (tmp_path / "regles-fr-salon.rvs").write_bytes((SAMPLES / "fr" / "regles-fr-salon.rvs").read_bytes())
    (tmp_path / "club-night.rvs").write_bytes((SAMPLES / "club-night.rvs").read_bytes())
    site = client(tmp_path)
    one = " ".join(words(site.get(f"/session/regles-fr-salon/hand/{n}", headers=FRENCH).text)
                   for n in (1, 2, 3))
    assert "à la corbeille" in one and "aux paniers" not in one
    several = words(site.get("/session/club-night/hand/1", headers=FRENCH).text)
    assert "aux paniers" in several and "corbeille" not in several
