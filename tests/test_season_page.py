"""The season worth looking at: its figures on a season built by hand, and its page in Chromium.

The tally (render/tally.py) counts each statistic from hand-made rows; ``season_of`` ranks and
sums hand-made sessions; the page of 24 players is drawn in Chromium at 420 and 1280 px, and
no text of a chart overlaps another (boxes measured by the browser, getBBox).
"""
from __future__ import annotations

import random

import pytest

from reversis_score.render.schema import STATS
from reversis_score.render.season_chart import MAX_POINTS, downsample, panels
from reversis_score.render.tally import SessionTally
from reversis_score.report.season import SessionFigures, season_of
from reversis_score.report.season_text import season_blocks
from reversis_score.serve.offline import season_page

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")


def hand(number, outcome="party", winner=None, loser=None, reversis=None, breaker=None, esp=None,
         status="settled"):
    """A ``hands`` row (render/schema.py's columns, without the session's id)."""
    return (number, "Anne", status, outcome, "", winner, loser, 4, reversis, breaker, esp,
            "won" if esp else None, "", "[]", "[]", 0)


def item(number, seq, trick, kind, card, payer, payee, amount, cancelled=None, why=""):
    return (number, seq, trick, kind, card, payer, payee, amount, cancelled, why)


# ------------------------------------------------------------------ each statistic, by hand
def test_each_statistic_is_counted_from_the_rows():
    tally = SessionTally(PLAYERS)
    tally.add(hand(1, winner="Anne", loser="Bruno", esp="Claire"), [
        item(1, 1, 2, "ace-dumped", "AS", "Bruno", "Claire", 1),       # Claire places A♠
        item(1, 2, 3, "ace-forced", "AC", "Denis", "Anne", 1),         # Denis's A♣ is forced
        item(1, 3, 4, "quinola-dumped", "QH", "Anne", "Denis", 5),     # Denis places Quinola
        item(1, 4, 4, "pool-take", "QH", "pool:1", "Denis", 20),
        item(1, 5, 5, "quinola-forced", "QH", "Bruno", "Claire", 10),  # Bruno's Quinola forced:
        item(1, 6, 5, "quinola-forced", "QH", "Anne", "Claire", 5),    # one play, three items
        item(1, 7, 5, "quinola-forced", "QH", "Denis", "Claire", 5),
        item(1, 8, 6, "remise", "QH", "Bruno", "pool:1", 10,
             why="trick 6: Bruno leads Quinola (J♥) and pays"),
        item(1, 9, 6, "quinola-led", "QH", "Bruno", "Anne", 10),       # the same lead: counted once
        item(1, 10, None, "party", None, "Bruno", "Anne", 4),
    ])
    tally.add(hand(2, "reversis-made", reversis="Claire"), [
        item(2, 1, 1, "ace-dumped", "AD", "Anne", "Bruno", 2, "reversis"),  # cancelled: still placed
        item(2, 2, None, "reversis-made", None, "Anne", "Claire", 16),
    ])
    tally.add(hand(3, "reversis-broken", reversis="Denis", breaker="Anne"), [])
    tally.add(hand(4, "void", status="void"), [])
    s = tally.stats
    assert tally.hands == 3 and all(s[p]["hands"] == 3 for p in PLAYERS)
    assert (s["Anne"]["parties_won"], s["Bruno"]["parties_lost"]) == (1, 1)
    assert s["Claire"]["espagnolettes"] == 1
    assert (s["Claire"]["aces_placed"], s["Bruno"]["aces_placed"], s["Denis"]["aces_forced"]) == (1, 1, 1)
    assert s["Denis"]["quinola_placed"] == 1 and s["Bruno"]["quinola_forced"] == 1
    assert s["Anne"]["quinola_forced"] == s["Denis"]["quinola_forced"] == 0
    assert s["Bruno"]["quinola_led"] == 1
    assert s["Claire"]["reversis_made"] == 1
    assert (s["Denis"]["reversis_broken"], s["Anne"]["reversis_breaker"]) == (1, 1)
    assert sum(sum(row.values()) for row in s.values()) == 3 * 4 + 12  # nothing else counted
    # who paid whom: items between two players, cancelled ones left out, pools left out
    assert tally.payments == {("Bruno", "Claire"): 11, ("Anne", "Denis"): 5, ("Anne", "Claire"): 21,
                              ("Denis", "Claire"): 5, ("Bruno", "Anne"): 14, ("Denis", "Anne"): 1}
    assert tally.hands_sha256 is not None


def figures(name, date, nets, between, stats=None, payments=None):
    players = tuple(nets)
    rows = {p: dict.fromkeys(STATS, 0) | {"hands": 10} | (stats or {}).get(p, {}) for p in players}
    return SessionFigures(name, name, date, players, 10, nets, between, 0, rows, payments or {})


def test_the_standings_are_ranked_by_net_then_from_players_and_sum_each_statistic():
    one = figures("one", "2026-10-01", {"Anne": 30, "Bruno": -10, "Claire": -5, "Denis": -25},
                  {"Anne": 20, "Bruno": -10, "Claire": 0, "Denis": -10},
                  {"Anne": {"aces_placed": 2, "quinola_led": 1}, "Denis": {"reversis_made": 1}},
                  {("Bruno", "Anne"): 12, ("Denis", "Anne"): 10})
    two = figures("two", "2026-10-08", {"Anne": -20, "Claire": 15, "Élise": 5, "Denis": -10},
                  {"Anne": -20, "Claire": 10, "Élise": 10, "Denis": 0},
                  {"Anne": {"aces_placed": 1}, "Élise": {"espagnolettes": 1}},
                  {("Anne", "Claire"): 10, ("Anne", "Élise"): 10})
    season = season_of([two, one])  # any order: sessions go by date
    ranked = [(r.player, r.from_players, r.total) for r in season.players]
    # net first, the figure the standings show first: Claire and Anne are level on net (+10):
    # what came from players decides (Claire +10, Anne 0)
    assert ranked == [("Claire", 10, 10), ("Anne", 0, 10), ("Élise", 10, 5), ("Bruno", -10, -10),
                      ("Denis", -10, -35)]
    anne = season.players[1]
    assert (anne.sessions, anne.hands, anne.aces_placed, anne.quinola_led) == (2, 20, 3, 1)
    assert anne.per_hand == 0.5
    assert season.players[-1].reversis_made == 1 and season.players[2].espagnolettes == 1
    assert season.payments[("Anne", "Claire")] == 10 and season.payments[("Bruno", "Anne")] == 12
    assert season.running["Élise"] == [(2, 5)]  # her net, from her first session, only where she played
    assert season.running["Bruno"] == [(1, -10)] and season.running["Anne"] == [(1, 30), (2, 10)]
    assert sorted(season.transfers) == sorted([("Bruno", "Claire", 10), ("Denis", "Élise", 10)])
    settle = season_blocks(season)[-1]
    assert settle.rows[0][0].startswith("The fewest transfers that settle what is still owed over the whole "
                                        "season")


def test_a_long_season_is_downsampled_keeping_its_extremes():
    points = [(i, (i * 37) % 101 - 50) for i in range(1, 2001)]
    kept = downsample(points)
    assert len(kept) <= MAX_POINTS and kept[0] == points[0] and kept[-1] == points[-1]
    assert min(v for _, v in kept) == -50 and max(v for _, v in kept) == 50
    assert [s for s, _ in kept] == sorted(s for s, _ in kept)


# ------------------------------------------------------------------ the page, 24 players, in Chromium
NAMES = ["Anne", "Bruno", "Claire", "Denis", "Élise", "Françoise", "Gaspard", "Hortense", "Isidore",
         "Joséphine", "Kléber", "Léontine", "Maximilien", "Ninon", "Octave", "Pélagie", "Quentin",
         "Rosalie", "Séraphin", "Théodora", "Ulysse", "Valentine", "Wilhelmina Montmorency-Laval", "Xavier"]


def big_season(count=60, seed=3) -> list[SessionFigures]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        players = tuple(rng.sample(NAMES, 4))
        between = [rng.randint(-400, 400) for _ in range(3)]
        between.append(-sum(between))
        totals = [b - rng.randint(0, 30) for b in between]
        stats = {p: {s: rng.randint(0, 3) for s in STATS} | {"hands": 12} for p in players}
        pay = {(a, b): rng.randint(1, 40) for a in players for b in players if a != b}
        date = f"2026-{1 + i // 28:02d}-{1 + i % 28:02d}"
        out.append(SessionFigures(f"night-{i + 1:02d}", f"Night {i + 1}", date, players, 12,
                                  dict(zip(players, totals, strict=True)),
                                  dict(zip(players, between, strict=True)), 0, stats, pay))
    return out


OVERLAPS = """() => {
  const found = [];
  for (const svg of document.querySelectorAll('svg.panel')) {
    const view = svg.viewBox.baseVal;
    const boxes = [...svg.querySelectorAll('text')].map(t => { const b = t.getBBox();
      return {text: t.textContent, x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height}; });
    for (const b of boxes)
      if (b.x < 0 || b.y < 0 || b.r > view.width || b.b > view.height) found.push(['outside', b.text]);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], c = boxes[j];
      if (a.x < c.r && c.x < a.r && a.y < c.b && c.y < a.b) found.push([a.text, c.text]);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    from webserver import chromium
    with sync_playwright() as pw:
        launched = chromium(pw)
        yield launched
        launched.close()


@pytest.mark.parametrize("width", [420, 1280])
def test_the_season_page_of_24_players_in_chromium(browser, tmp_path, width):
    from webserver import artefacts
    page_file = tmp_path / "season.html"
    page_file.write_text(season_page(big_season()), "utf-8")
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(page_file.as_uri())
    assert page.locator("svg.panel").count() == 24
    assert page.evaluate(OVERLAPS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider than the screen
    sizes = page.evaluate("[...document.querySelectorAll('svg.panel')]"
                          ".map(s => s.getBoundingClientRect().width)")
    assert min(sizes) >= 0.9 * min(width - 40, 280)  # each panel as wide as a column allows
    font = page.evaluate("""Math.min(...[...document.querySelectorAll('svg.panel text')].map(t =>
        t.getBoundingClientRect().height))""")
    assert font >= 10  # the smallest chart text stays legible
    page.screenshot(path=str(artefacts() / f"season-24-players-{width}.png"), full_page=True)
    page.close()


def test_the_panels_follow_the_standings_and_skip_missed_sessions():
    season = season_of(big_season())
    drawn = panels(season.running, season.sessions, [r.player for r in season.players])
    assert [svg.split('data-player="')[1].split('"')[0] for svg in drawn][:3] == \
        [r.player for r in season.players][:3]
    assert drawn[0].count('class="point"') == season.players[0].sessions  # a point a session played
