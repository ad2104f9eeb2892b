"""serve in a real browser (Debian's Chromium under Playwright): the four pages at a phone's
width and a desktop's, screenshots kept (tests/webserver.py's ``artefacts()``), nothing a
player needs cut or behind a sideways scroll at 420 px, chart text at least 11 px."""
from __future__ import annotations

import re
import shutil

import pytest
from conftest import DATA, SAMPLES
from playwright import sync_api as playwright_api
from webserver import PATIENCE, artefacts, chromium, running

SIZES = {"phone": (420, 800), "desktop": (1200, 900)}
PAGES = {"season": "/", "session": "/session/club-night", "hand": "/session/club-night/hand/2?step=4",
         "why": "/session/example/why?a=Anne&b=Claire"}

# What a player needs on each page: these may not reach past the right edge at 420 px.
NEEDED = "main h1, main h2, main p, main li, table.cards tr, table.cards td, table.cards th, .felt, " \
         ".seat, .played, .stepper, form.why, svg.chart"

OVERFLOW = """(selector) => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const scroll = document.documentElement.scrollWidth;
  if (scroll > width) out.push('page scrolls sideways: ' + scroll);
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // hidden (another step, the wide chart)
    if (box.right > width + 0.5 || box.left < -0.5)
      out.push(el.tagName + '.' + el.className + ' ' + box.left + '..' + box.right);
  }
  return out;
}"""

CHART_TEXT = """() => {
  const sizes = [];
  for (const svg of document.querySelectorAll('svg.chart')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) continue;
    const scale = box.width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll('text'))
      sizes.push(parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  return sizes;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    shutil.copy(SAMPLES / "club-night.rvs", folder / "club-night.rvs")
    shutil.copy(DATA / "notation-example.rvs", folder / "example.rvs")
    for path in sorted((DATA / "ledgers").glob("autumn-[0-9].rvs")):
        shutil.copy(path, folder / path.name)
    with running(folder) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        b = chromium(p)
        yield b
        b.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("page_name", PAGES)
def test_pages_fit_and_are_kept_as_screenshots(site, browser, page_name, size):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        response = page.goto(site + PAGES[page_name])
        assert response is not None and response.status == 200
        page.screenshot(path=str(artefacts() / f"{page_name}-{size}.png"), full_page=True)
        if size == "phone":
            assert page.evaluate(OVERFLOW, NEEDED) == []
        sizes = page.evaluate(CHART_TEXT)
        if page_name in ("season", "session"):
            assert sizes and min(sizes) >= 11, sizes
    finally:
        page.close()


def test_the_arrow_keys_and_buttons_step_through_the_hand(site, browser):
    page = browser.new_page(viewport={"width": 420, "height": 800})
    try:
        page.goto(site + "/session/example/hand/1")
        label = page.locator("section.step:not([hidden]) .label")
        assert label.inner_text() == "Before the first trick"
        for _ in range(9):
            page.keyboard.press("ArrowRight")
        assert label.inner_text() == "Trick 9 of 11"
        shown = page.locator("section.step:not([hidden])")
        assert "Claire led Quinola" in shown.inner_text()
        assert shown.locator(".seat.bottom .net").inner_text() != "0"  # Anne's running net moved
        page.keyboard.press("ArrowLeft")
        assert label.inner_text() == "Trick 8 of 11"
        shown.locator("a.button", has_text="Next").click()
        assert label.inner_text() == "Trick 9 of 11" and page.url.endswith("?step=9")
    finally:
        page.close()


def test_a_second_page_sees_a_new_hand_without_a_reload(tmp_path, browser):
    text = (SAMPLES / "club-night.rvs").read_text("utf-8")
    cut = text.index("\nhand 12")
    record = tmp_path / "live.rvs"
    record.write_text(text[:cut + 1], "utf-8")
    with running(tmp_path) as url:
        page = browser.new_page(viewport={"width": 420, "height": 800})
        try:
            page.goto(url + "/session/live")
            assert page.locator('a[href="/session/live/hand/11"]').count() == 1
            assert page.locator('a[href="/session/live/hand/12"]').count() == 0
            with record.open("a", encoding="utf-8") as out:  # the last hand's lines, as entry appends them
                out.write(text[cut + 1:])
            page.wait_for_selector('a[href="/session/live/hand/12"]', timeout=PATIENCE)
        finally:
            page.close()


@pytest.mark.parametrize("kind", ["session", "season"])
def test_the_report_files_fit_a_phone_too(tmp_path, browser, kind):
    from typer.testing import CliRunner

    from reversis_score.cli import app
    records = [SAMPLES / "club-night.rvs"] if kind == "session" else \
        [SAMPLES / "club-night.rvs", *sorted((DATA / "ledgers").glob("autumn-[0-9].rvs"))]
    target = tmp_path / f"{kind}.html"
    assert CliRunner().invoke(app, ["report", *map(str, records), "-o", str(target)]).exit_code == 0
    page = browser.new_page(viewport={"width": 420, "height": 800})
    try:
        page.goto(target.as_uri())
        page.screenshot(path=str(artefacts() / f"report-{kind}-phone.png"), full_page=True)
        assert page.evaluate(OVERFLOW, NEEDED) == []
        sizes = page.evaluate(CHART_TEXT)
        assert sizes and min(sizes) >= 11, sizes
    finally:
        page.close()


def test_long_names_still_fit_a_phone(tmp_path, browser):
    names = ["Anne", "Wilhelmina Montmorency-Laval", "Marie-Claire de Saint-Ouen", "Denis"]
    text = (DATA / "notation-example.rvs").read_text("utf-8")
    for short, long in zip(["Bruno", "Claire"], names[1:3], strict=True):
        text = re.sub(rf"\b{short}\b", f'"{long}"', text)
    (tmp_path / "long.rvs").write_text(text, "utf-8")
    with running(tmp_path) as url:
        page = browser.new_page(viewport={"width": 420, "height": 800})
        try:
            for path in ["/", "/session/long", "/session/long/hand/1?step=9",
                         f"/session/long/why?a=Anne&b={names[1]}"]:
                response = page.goto(url + path)
                assert response is not None and response.status == 200, path
                assert page.evaluate(OVERFLOW, NEEDED) == [], path
                sizes = page.evaluate(CHART_TEXT)
                assert not sizes or min(sizes) >= 11, (path, min(sizes))
            page.goto(url + "/session/long")
            page.screenshot(path=str(artefacts() / "session-long-names-phone.png"), full_page=True)
        finally:
            page.close()
