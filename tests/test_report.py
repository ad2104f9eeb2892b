"""report: one self-contained HTML page; its SVG has one line per player and one point per hand."""
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from itertools import pairwise

import pytest
from conftest import DATA, SAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger, settle_up
from reversis_score.pipeline import check_text
from reversis_score.render.html import (
    BOTTOM,
    FONT,
    HEIGHT,
    LINE,
    TOP,
    label_positions,
    text_box,
    text_width,
)
from reversis_score.render.tables import human_number
from reversis_score.serve.offline import session_page as report_html

LEDGERS = DATA / "ledgers"
EXAMPLE = DATA / "notation-example.rvs"
NIGHT1 = LEDGERS / "autumn-1.rvs"
SVG = "{http://www.w3.org/2000/svg}"
VOID_TAGS = {"meta", "br", "img", "hr", "input", "link"}
runner = CliRunner()
CLEAN = [p for p in sorted(SAMPLES.glob("*.rvs")) + [EXAMPLE, NIGHT1, LEDGERS / "autumn-2.rvs"]
         if check_text(p.read_text("utf-8"), str(p)).ok]


class Structure(HTMLParser):
    """Checks that every element is closed in order, and collects tags and text."""

    def __init__(self):
        super().__init__()
        self.stack, self.tags, self.text, self.problems = [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID_TAGS:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.problems.append(f"unbalanced </{tag}>")

    def handle_data(self, data):
        self.text.append(data)


def ledger_of(path):
    return build_ledger(check_text(path.read_text("utf-8"), str(path)))


def parse(page: str) -> Structure:
    parser = Structure()
    parser.feed(page)
    parser.close()
    assert parser.problems == [] and parser.stack == []
    return parser


def svg_of(page: str) -> ET.Element:
    return ET.fromstring(page[page.index("<svg"): page.index("</svg>") + len("</svg>")])


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.name)
def test_html_parses_and_the_chart_has_a_line_per_player_and_a_point_per_hand(path):
    ledger = ledger_of(path)
    page = report_html(ledger)
    parse(page)
    svg = svg_of(page)
    groups = svg.findall(f"{SVG}g")
    assert [g.get("data-player") for g in groups] == list(ledger.players)
    hands = len(ledger.settled)
    for group in groups:
        lines = group.findall(f"{SVG}polyline")
        assert len(lines) == 1
        assert len(lines[0].get("points").split()) == hands
        points = [e for e in group if e.get("class") == "point"]
        assert len(points) == hands
        labels = [t.text for t in group.findall(f"{SVG}text")]
        assert labels and labels[0].startswith(group.get("data-player"))  # named, not colour alone
    shapes = [g.get("data-marker") for g in groups]
    assert len(set(shapes)) == 4  # a different marker for each player
    dashes = [g.find(f"{SVG}polyline").get("stroke-dasharray") for g in groups]
    assert len(set(dashes)) == 4  # and a different line


def test_each_point_is_the_balance_after_its_hand():
    ledger = ledger_of(NIGHT1)
    svg = svg_of(report_html(ledger))
    for group in svg.findall(f"{SVG}g"):
        player = group.get("data-player")
        titles = [e.find(f"{SVG}title").text for e in group if e.get("class") == "point"]
        assert titles == [f"{player}, after hand {h.number}: {human_number(h.balances[player])}"
                          for h in ledger.settled]


def test_self_contained_and_fits_a_phone():
    page = report_html(ledger_of(NIGHT1))
    structure = parse(page)
    tags = {tag for tag, _ in structure.tags}
    assert "script" not in tags and "link" not in tags and "img" not in tags and "iframe" not in tags
    assert not re.search(r"""(src|href)\s*=|url\(|@import""", page)
    assert ('<meta name="viewport" content="width=device-width, initial-scale=1">') in page
    assert "svg{max-width:100%;height:auto" in page
    assert svg_of(page).get("viewBox") == "0 0 640 300"


def test_page_holds_the_header_hands_balances_and_settle_up():
    ledger = ledger_of(NIGHT1)
    page = report_html(ledger)
    text = " ".join(parse(page).text)
    assert "Autumn league, night 1" in text and "2026-10-04" in text
    assert "Anne, Bruno, Claire, Denis" in text and "rules: parlett" in text
    for heading in ("Running balances", "Hands", "Balances", "Settle up"):
        assert f"<h2>{heading}</h2>" in page
    assert page.count("<tr>") == 1 + len(ledger.settled) + 1 + 4
    for payer, payee, amount in settle_up(ledger.between_players()):
        assert f"<li><bdi>{payer}</bdi> pays <bdi>{payee}</bdi> {amount}</li>" in page
    for player in ledger.players:  # a row of the balances per player (a card on a phone)
        assert f'<th class="full name" scope="row"><bdi>{player}</bdi></th>' in page


def test_names_are_escaped(tmp_path):
    text = EXAMPLE.read_text("utf-8").replace("session: Club night at the Rue de Lille",
                                              "session: <b>Fish & chips</b>")
    page = report_html(build_ledger(check_text(text, "x")))
    assert "&lt;b&gt;Fish &amp; chips&lt;/b&gt;" in page and "<b>" not in page
    parse(page)


def test_command_writes_the_file(tmp_path):
    target = tmp_path / "report.html"
    result = runner.invoke(app, ["report", str(NIGHT1), "-o", str(target)])
    assert result.exit_code == 0 and "wrote" in result.stdout
    assert target.read_text("utf-8") == report_html(ledger_of(NIGHT1))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html"]
    to_stdout = runner.invoke(app, ["report", str(EXAMPLE)])
    assert to_stdout.exit_code == 0 and to_stdout.stdout.startswith("<!DOCTYPE html>")


def test_record_with_errors_writes_no_report(tmp_path):
    target = tmp_path / "report.html"
    result = runner.invoke(app, ["report", str(LEDGERS / "autumn-bad.rvs"), "-o", str(target)])
    assert result.exit_code == 1 and "no report written" in result.output
    assert not target.exists()
    assert runner.invoke(app, ["report", str(tmp_path / "none.rvs")]).exit_code == 2


# ------------------------------------------------------------------ labels: whole, apart
LONG_NAMES = ["Anne", "Wilhelmina Montmorency-Laval", "Marie-Claire de Saint-Ouen", "Denis"]


def long_names_ledger():
    """A night of one void hand: the dealer pays the misdeal fine, the three others end on
    the same balance (two of them with long names), so their labels start on one spot."""
    names = " ".join(f'"{n}"' if " " in n else n for n in LONG_NAMES)
    text = f"players: {names}\nrules: parlett\nstake: 100\n\nhand\ndealer: Denis\nvoid: misdeal\n"
    return build_ledger(check_text(text, "long-names.rvs"))


def label_boxes(svg: ET.Element) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every <text> of the chart with the box the layout's own width estimate gives it."""
    return [(t.text, text_box(float(t.get("x")), float(t.get("y")), t.text, t.get("text-anchor", "start")))
            for t in svg.iter(f"{SVG}text")]


def assert_labels_whole_and_apart(svg: ET.Element) -> None:
    _, _, width, height = map(float, svg.get("viewBox").split())
    assert float(svg.get("width")) == width
    boxes = label_boxes(svg)
    for text, (left, top, right, bottom) in boxes:
        assert 0 <= left and right <= width and 0 <= top and bottom <= height, (text, width)
    for i, (text, a) in enumerate(boxes):
        for other, b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, f"{text!r} overlaps {other!r}"


def test_two_long_names_on_the_same_balance_are_whole_and_apart():
    ledger = long_names_ledger()
    balances = [ledger.balances[n] for n in LONG_NAMES[1:3]]
    assert balances[0] == balances[1]
    svg = svg_of(report_html(ledger))
    labels = [t for t, _ in label_boxes(svg)]
    assert f"Wilhelmina Montmorency-Laval {balances[0]}" in labels
    assert_labels_whole_and_apart(svg)


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.name)
def test_every_sample_chart_label_is_whole_and_apart(path):
    assert_labels_whole_and_apart(svg_of(report_html(ledger_of(path))))


@settings(max_examples=200, deadline=None)  # pure arithmetic, but no deadline on a loaded machine
@given(st.lists(st.integers(-5000, 5000), min_size=1, max_size=6))
def test_end_labels_never_overlap_and_stay_inside(ends):
    ys = [HEIGHT - BOTTOM - (v + 5000) * (HEIGHT - BOTTOM - TOP) / 10000 for v in ends]
    placed = sorted(label_positions(ys))
    assert all(b - a >= LINE - 1e-9 for a, b in pairwise(placed))
    assert all(text_box(0, y + 4, "Xg")[1] >= 0 and text_box(0, y + 4, "Xg")[3] <= HEIGHT for y in placed)


def test_text_width_is_conservative_for_wide_letters():
    assert text_width("MMMM") == 4 * FONT
    assert text_width("Anne −12") > text_width("Anne -12")
