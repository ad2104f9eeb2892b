"""The quick readers of common hands (notation/fast.py) and headers (notation/lexicon.py)
against Lark, the grammar of record.

Wherever a quick reader gives a record, Lark must give the identical record (every field,
every span: compared by repr, which shows the fields that equality leaves out) and no
diagnostic; wherever it declines, Lark reads the chunk as before. Checked on every sample,
every bad sample, generated records in every style, and mutated records.
"""
import copy
import pickle
import random
import sys
from dataclasses import field, make_dataclass
from pathlib import Path

import gen
import pytest
from conftest import BAD, DATA, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rvs_texts

from reversis_score.notation import parse, records
from reversis_score.notation.cards import Card
from reversis_score.notation.fast import read_hand
from reversis_score.notation.lexicon import read_header, read_header_repeats
from reversis_score.notation.parse import _parse_with_recovery, iter_chunks, normalise

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from fuzz import mutate

RECORDS = sorted(SAMPLES.glob("*.rvs")) + sorted(BAD.glob("*.rvs")) + [DATA / "notation-example.rvs"]
# Pieces that test the edges of the quick reader's patterns: keywords where names stand,
# other spaces, other digits, bars, colons, quotes.
PIECES = ["deal", "tricks", "exchange", "keeps", "discards", "void", ":", "|", " | ", "\u00a0", "\x0b", "\f",
          "\t", "٣", "3.", '"', '"Jo Jo"', "AS", "10h", "a♠", "TH", "hand", "hand 2", "dealer:", "announce:",
          "espagnolette", "irregular: peek", "claims: waived", "table:", "pool", "-", "'", "é", "e\u0301",
          "#", " # note", '"#"', '"a#b" ', "\n# a line\n", "hand 1 #", "hand #", " -> ", "->", "pool:",
          "pool:0", "\ntable:\n  Anne -> Bruno 5\n", '"Jo # x" ', 'x"', ' "" ']


def compare_header(header: str) -> bool:
    """A header text through both readers; whether the quick one read it."""
    quick = read_header(header)
    record, diagnostics = _parse_with_recovery(header, "header", 0, context=None, keep_partial=True)
    if quick is None:
        return False
    assert diagnostics == [], header
    assert record is not None and record.has_players, header
    assert repr(quick) == repr(record), header
    return True


def compare_chunks(text: str) -> tuple[int, int]:
    """The header and every hand chunk of ``text`` through both readers; (chunks, chunks read
    quickly)."""
    header, chunks = iter_chunks(normalise(text))
    compare_header(header)
    expected = 1
    seen = quick_count = 0
    for first_line, chunk in chunks:
        quick = read_hand(chunk, first_line, expected)
        record, diagnostics = _parse_with_recovery(chunk, "hand", first_line - 1, context=expected)
        seen += 1
        if quick is not None:
            quick_count += 1
            assert diagnostics == [], chunk
            assert repr(quick) == repr(record), chunk
        expected = (record.number if record else expected) + 1
    return seen, quick_count


def whole_file_same(text: str, monkeypatch) -> None:
    """read_text with and without the quick reader: the same result, diagnostics included."""
    quick = parse.read_text(text, "x.rvs")
    with monkeypatch.context() as m:
        m.setattr(parse, "read_common_hand", lambda *args: None)
        m.setattr(parse, "read_common_header", lambda *args: None)
        slow = parse.read_text(text, "x.rvs")
    assert repr(quick) == repr(slow)


def text_of(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "replace")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_samples_read_alike(path, monkeypatch):
    compare_chunks(text_of(path))
    whole_file_same(text_of(path), monkeypatch)


def test_the_common_hands_are_read_quickly():
    # The point of the quick reader: a plain generated record never needs Lark.
    session = gen.random_session(random.Random(5), ("Anne", "Bruno", "Claire", "Denis"), 30,
                                 void_rate=0.1, rules="parlett", stake=100)
    text = gen.to_rvs(session)
    seen, quick = compare_chunks(text)
    assert seen == quick == 30
    assert compare_header(iter_chunks(text)[0])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rvs_texts())
def test_generated_records_read_alike(text):
    compare_chunks(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(range(6)))
def test_mutated_records_read_alike(seed, source):
    rng = random.Random(seed)
    session = gen.random_session(rng, ("Anne", "Bruno", "Claire", "Denis"), 3, void_rate=0.2,
                                 rules=("parlett", "regles-fr", "denexa")[source % 3], stake=100)
    style = {"trick_form": "short", "numbered": "mixed", "symbols": "mixed", "lowercase": "mixed",
             "tabs": bool(source & 1), "ten": "mixed", "bare_hand": "mixed", "mix_seed": seed}
    text = gen.to_rvs(session, **style)
    data = mutate(rng, text.encode("utf-8"))
    compare_chunks(data.decode("utf-8", "replace"))
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        k = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:k] + rng.choice(PIECES) + lines[i][k:]
    compare_chunks("\n".join(lines))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(("short", "explicit", "mixed")))
def test_gathered_tricks_and_double_discards_in_generated_records_read_alike(seed, form):
    # Generated hands with some trick lines ending '| gathered by NAME' and some exchange lines
    # discarding two cards: read by the quick reader, to the very records Lark builds.
    rng = random.Random(seed)
    session = gen.random_session(rng, ("Anne", "Bruno", "Claire", "Denis"), 3, rules="parlett")
    text = gen.to_rvs(session, trick_form=form, tabs=bool(seed & 1), mix_seed=seed)
    names = ("Anne", "Denis", '"D D"')
    lines = text.split("\n")
    section = ""
    for i, line in enumerate(lines):
        if line[:1] not in (" ", "\t"):
            section = line.split(":")[0]
        elif rng.random() < 0.3:
            if section == "exchange" and "discards" in line:
                lines[i] = line + rng.choice((" 2C", "\t9h", "  A♦"))
            elif section == "tricks":
                gap = rng.choice((" ", "", "\t"))
                lines[i] = line + gap + "|" + gap + "gathered by " + rng.choice(names)
    seen, quick = compare_chunks("\n".join(lines))
    assert quick == seen


def test_every_bad_sample_and_mutation_of_it_reads_alike():
    rng = random.Random(15)
    for path in sorted(BAD.glob("*.rvs")) + sorted(SAMPLES.glob("*.rvs")):
        data = path.read_bytes()
        for _ in range(20):
            compare_chunks(mutate(rng, data).decode("utf-8", "replace"))


def test_commented_hands_are_read_quickly():
    # A comment is folded into its line end; a '#' that may be part of a token is Lark's.
    chunk = ("hand 1\ndealer: Anne # deals\n# the tricks\ntricks: #\n"
             "  Anne: AS KS QS JS  # Anne leads\n  Bruno: 2S 3S 4S 5S#\n")
    assert compare_chunks(chunk) == (1, 1)
    assert compare_chunks(chunk.replace("hand 1", "hand 1  # the first")) == (1, 1)
    assert compare_chunks(chunk.replace("hand 1", "hand # the first")) == (1, 0)  # HAND_NUMBER or comment
    assert compare_chunks(chunk.replace("hand 1", "hand 1# the first")) == (1, 0)  # HAND_NUMBER: \S+
    assert compare_chunks(chunk.replace("Bruno:", '"Bru#no":')) == (1, 0)
    assert compare_chunks(chunk.replace("Bruno:", '"Bruno":')) == (1, 1)
    assert read_hand(chunk, 1, 1) is not None


TABLE_LINES = [
    "Anne -> Bruno 5", "  Anne->Bruno 5", "Anne -> pool 10", "pool -> Anne 3", "pool:2 -> Anne 3",
    "pool:0 -> Anne 3", "pool:02 -> Anne 3", '"pool:+1" -> Anne 3', '"pool:²" -> Anne 3', "pool: -> Anne 3",
    "pool:٣ -> Anne 3", "pools -> Anne 3", "pool-x -> Anne 3",
    '"pool" -> Anne 3', '"pool:0" -> Anne 3', '"pool:x" -> Anne 3', '"Jo Jo" -> Anne 3', '"Jo"->"Anne"3',
    "Anne -> Anne 3", "Anne -> Bruno 0", "Anne -> Bruno 007", "Anne -> Bruno ٣", "Anne -> Bruno -3",
    "Anne -> Bruno 1000000001", "Anne -> Bruno 5 x", "Anne - > Bruno 5", "Anne -> Bruno5", "Anne-> Bruno 5",
    "deal -> Bruno 5", "Anne -> tricks 5", "Anne -> Bruno 5 # paid", "Anne => Bruno 5",
    "\tAnne\t->\tBruno\t5\t",
]


def test_payments_at_the_table_are_read_quickly():
    assert compare_chunks("hand 1\ndealer: Anne\nvoid: misdeal\ntable:\n  Anne -> Bruno 5\n"
                          '  pool:1 -> Anne 2\n  "Jo Jo" -> pool 3\nclaims: waived\n') == (1, 1)


def test_a_quoted_pool_that_is_not_one_is_reported():
    # It used to stop the reading with a ValueError ("internal error").
    chunk = 'hand 1\ndealer: Anne\nvoid: misdeal\ntable:\n  "pool:x" -> Anne 3\n'
    _, diagnostics = _parse_with_recovery(chunk, "hand", 0, context=1)
    assert [d.message for d in diagnostics] == [
        "'pool:x' is not a pool: pools are numbered from pool:1, the oldest"]


TRICK_LINES = [
    "Anne AS, Bruno KS, Claire QS, Denis JS", "3. Anne AS,Bruno KS , Claire\tQS,\tDenis JS ", "Anne AS",
    '"Jo Jo" AS, "A, B" KS', "Anne AS Bruno KS", "Anne AS,, Bruno KS", "Anne AS, Bruno", "Anne AS,",
    "Anne2 AS",
    "Anne:AS, Bruno KS", "deal AS, Bruno KS", "Anne AS, void KS", "Anne XX, Bruno KS", "Anne 10h, Bruno a♠",
    '"Jo"AS, Bruno KS', "Anne AS, Bruno KS # led", "٣. Anne AS", "3.Anne AS", "3 . Anne AS", "Anne-Marie AS",
    # a trick gathered by another than its winner (| gathered by NAME)
    "Anne: AS KS QS JS | gathered by Bruno", "2. Anne: AS KS QS JS|gathered\tby  Claire ",
    'Anne AS, Bruno KS, Claire QS, Denis JS | gathered by "Jo Jo"', "Anne: AS KS | gathered by",
    "Anne: AS KS | gathered byBruno", "Anne: AS KS | gathered Bruno", "Anne: AS KS | gathered by tricks",
    "Anne: AS KS | gathered by Bruno # he took it", "Anne: AS KS | gathered by Bruno Claire",
    "Anne: AS KS || gathered by Bruno", "Anne AS | gathered by Bruno", "Anne: AS KS | gathered by AS",
]
EXCHANGE_LINES = [
    "Anne discards 7H", "Anne discards 7H 8H", "Anne discards\t7H  8H ", '"Jo Jo" discards 7H 8H',
    "Anne discards 7H 8H 9H", "Anne discards 7H XX", "Anne discards 7H 8H # two", "Anne keeps",
    "Anne exposes and discards 7H", "Anne exposes 7H", "Anne exposes and discards 7H 8H",
    "Anne peeks and discards 7H", "tricks discards 7H 8H",
]


# Each entry line in its section, between two plain entries and after a void: or alone.
SECTIONS = {
    "table": ("hand 1\ndealer: Anne\nvoid: misdeal\ntable:\n  Claire -> Denis 2\n{}\n  Denis -> pool 1\n",
              "void: misdeal\n"),
    "tricks": ("hand 1\ndealer: Anne\ntricks:\n  Claire: 2H 3H 4H 5H\n  {}\n  Denis: 6H 7H 8H 9H\n",
               "  Claire: 2H 3H 4H 5H\n"),
    "exchange": ("hand 1\ndealer: Anne\nexchange:\n  Claire keeps\n  {}\n  Denis discards 9H\n",
                 "  Claire keeps\n"),
}


@pytest.mark.parametrize(("section", "line"), [("table", line) for line in TABLE_LINES]
                         + [("tricks", line) for line in TRICK_LINES]
                         + [("exchange", line) for line in EXCHANGE_LINES])
def test_entry_lines_read_alike(section, line):
    hand, dropped = SECTIONS[section]
    compare_chunks(hand.format(line))
    compare_chunks(hand.format(line).replace(dropped, ""))


def test_gathered_tricks_ten_card_discards_and_exposes_are_read_quickly():
    assert compare_chunks("hand 1\ndealer: Anne\nexchange:\n  Bruno discards 7H 8H\ntricks:\n"
                          "  Anne: AS KS QS JS | gathered by Claire\n"
                          "  Claire 2H, Denis 3H, Anne 4H | gathered by Denis\n"
                          "irregular: expose Denis\n") == (1, 1)


def test_explicit_tricks_are_read_quickly():
    assert compare_chunks("hand 1\ndealer: Anne\ntricks:\n  1. Anne AS, Bruno KS, Claire QS, Denis JS\n"
                          '  Bruno 2H, "Jo Jo" 3H,Claire 4H , Denis 5H\n') == (1, 1)


def test_an_entry_after_a_one_line_item_is_lark_s():
    # The grammar has no list entry after irregular:, void:, claims: or announce:.
    chunk = ("hand 1\ndealer: Anne\ntricks:\n  Anne: AS KS QS JS\nirregular: revoke Bruno\n"
             "  Bruno: 2S 3S 4S 5S\n")
    assert read_hand(chunk, 1, 1) is None
    assert compare_chunks(chunk) == (1, 0)


HEADER = "session: Club night\ndate: 2026-11-15\nplayers: Anne Bruno Claire Denis\nrules: parlett\n" \
         "rule stake-unit: 2\nstake: 100\n"
# Header lines in other shapes: read alike by both readers, or left to Lark.
HEADER_LINES = [
    "session:", "session: Chez Élise — jeudi  ", "session:\tTabs\t", "session : x", "\tsession: x",
    "sessions: x", "session: a:b", "date:2026-01-02", "date: 2026-1-2", "date: 20260102", "date: 2026-02-30",
    "date: 2026-01-02 x", "date :  2026-01-02 ", "dates: 2026-01-02", "players: A B C D",
    'players: "Jo Jo" Bruno Claire Denis', 'players: "" B C D', 'players: " " B C D', "players: A B C",
    "players: A B C D E", "players: A A C D", "players: pool B C D", "players: deal B C D",
    "players: AS B C D", "players: 10h B C D", "players:A\tB  C D ", 'players: A"B" C D',
    "players: Zoë O'Neil Jean-Luc Ann3", "players: 3A B C D", "players:", "rules: denexa",
    "rules: x y", "rules:", "rule stake-unit : 2", "rule  x:y", "rule x: two words ", "rule x:", "rulex: y",
    "rule 9x: y", "rule x: y\u00a0", "stake: 0", "stake: 1000000000", "stake: 1000000001", "stake: ٣",
    "stake: -1", "stake: 1.5", "players: A B C D # four", "# a comment", "hand", "\u00a0", "\f", "  ",
    "\x0b players: A B C D", "players: A B C D\u00a0", "PLAYERS: A B C D", "rule a: 1",
    'players: "A#" B C D', 'players: A B C D #"', "session: Night #3", "rule x: a b # c", "stake: 100#",
    "date: #2026-01-02", "rules:#x",
    # a night in its season: club, paid at the table, money, the pools carried in
    "club: Rue de Lille", "club:", "club: a # b", "club : Lyon ", "paid: yes", "paid: oui", "paid: NO",
    "paid: maybe", "paid: Anne -> Bruno 12", "paid: Anne->Bruno 12", "paid: Anne -> Zed 3",
    "paid: Anne -> Bruno 0", "paid: Anne -> Anne 5", "paid: Anne -> Bruno 1.5", 'paid: "Jo Jo" -> Bruno 5',
    "jeton: 0.50 EUR", "jeton: 0,50 EUR", "fish: 0.10 USD", "fish: 1 QQQ", "jeton: 0.5", "jeton:",
    "carried: 25 40", "carried:", "carried: none", "carried: x", "carried: 25,40", "carried: -5",
]


@pytest.mark.parametrize("line", HEADER_LINES)
def test_header_lines_read_alike(line):
    lines = HEADER.split("\n")
    for at in range(len(lines)):
        compare_header("\n".join(lines[:at] + [line] + lines[at:]))
        compare_header("\n".join(lines[:at] + [line] + lines[at + 1:]))


def test_plain_headers_are_read_quickly():
    assert compare_header(HEADER)
    assert compare_header("# Club night\n" + HEADER.replace("\n", "  # a note\n", 2))
    assert compare_header("\n\n  \nplayers: A B C D\n\t\n")
    assert not compare_header("")  # no players: Lark says so
    assert not compare_header(HEADER.rstrip("\n"))  # not ended by a line end
    assert not compare_header(HEADER + "stake: 5\n")  # given twice
    assert not compare_header(HEADER + "rule stake-unit: 3\n")
    night = ("club: Lyon\npaid: yes\njeton: 0,50 EUR\ncarried: 25 40\npaid: Anne -> Bruno 12\n"
             "paid: Claire -> Anne 3\n")
    assert compare_header(HEADER + night)  # a night's lines keep the quick reader
    assert not compare_header(HEADER + night + "club: Tours\n")  # given twice: Lark says where


def test_headers_with_keys_given_again_are_read_quickly_with_lark_s_diagnostics():
    for extra in ("stake: 5\n", "stake: 5\n" * 9, "rule pool_ante: 3\n" * 7 + "players: A B C D\n" * 5,
                  "date: 2026-01-01\nrule pool_ante: 3\n" * 4):
        header = HEADER + extra
        quick = read_header_repeats(header)
        record, diagnostics = _parse_with_recovery(header, "header", 0, context=None, keep_partial=True)
        assert quick is not None and quick[1] and repr(quick[1]) == repr(diagnostics), extra
        assert repr(quick[0]) == repr(record), extra


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(HEADER_LINES + HEADER.split("\n")), max_size=8), st.integers(0, 2**32))
def test_mixed_headers_read_alike(lines, seed):
    compare_header("\n".join(lines) + "\n")
    text = "\n".join(lines) + "\n"
    rng = random.Random(seed)
    k = rng.randrange(len(text) + 1)
    compare_header(text[:k] + rng.choice(PIECES) + text[k:])


def _chunks_by_multiline_regex(text: str) -> list[tuple[int, str]]:
    """The hand chunks as the reader cut them before (a multiline ^ pattern)."""
    import re
    starts = [m.start() for m in re.finditer(r"^[ \t]*hand(?![\w'\-])", text, re.MULTILINE)]
    if not starts:
        return []
    ends = starts[1:] + [len(text)]
    return [(text.count("\n", 0, a) + 1, text[a:b]) for a, b in zip(starts, ends, strict=True)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["hand", "hand 2", " hand", "\thand", "handy", "hand-1", "x hand", "\n",
                                 "\n\n", " ", "players: A B C D", "dealer: A", "#hand"]), max_size=12))
def test_hand_chunks_cut_as_before(pieces):
    text = "".join(pieces)
    header, chunks = iter_chunks(text)
    expected = _chunks_by_multiline_regex(text)
    assert list(chunks) == expected
    assert header == (text[:len(text) - sum(len(c) for _, c in expected)])


# ---------------------------------------------------------------- the record types
# The record types as slotted dataclasses, as they were before they became tuples: the tuples
# must mean the same (the same repr, equality and hash).
def _old(name: str, *fields: str) -> type:
    """Record type ``name`` as the frozen slotted dataclass it was (a field written ``~field``
    was ``compare=False``)."""
    spec = [(f.lstrip("~"), object, field(compare=not f.startswith("~"))) for f in fields]
    return make_dataclass(name, spec, frozen=True, slots=True)


OldSpan = _old("Span", "line", "column", "width")
OldName = _old("Name", "text", "~span")
OldPlacedCard = _old("PlacedCard", "card", "~token", "~span")
OldDealLine = _old("DealLine", "player", "cards", "face_down", "~span")
OldExchangeLine = _old("ExchangeLine", "player", "action", "card", "~span", "second")
OldTrickLine = _old("TrickLine", "~number", "leader", "cards", "~players", "~span", "gatherer")


def _spans():
    return st.builds(lambda *a: (records.Span(*a), OldSpan(*a)), st.integers(1, 3), st.integers(1, 3),
                     st.integers(1, 3))


def _names():
    return st.builds(lambda text, s: (records.Name(text, s[0]), OldName(text, s[1])),
                     st.sampled_from(("Anne", "Bruno")), _spans())


def _placed():
    cards = st.sampled_from((Card("A", "S"), Card("K", "H"), None))
    return st.builds(lambda card, token, s: (records.PlacedCard(card, token, s[0]),
                                             OldPlacedCard(card, token, s[1])),
                     cards, st.sampled_from(("AS", "as", "KH", "x")), _spans())


def _pairs(strategy, size=2):
    return st.lists(strategy, max_size=size).map(
        lambda pairs: (tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)))


def _lines():
    down = st.none().map(lambda _: (None, None)) | _placed()
    deal = st.builds(lambda p, c, d, s: (records.DealLine(p[0], c[0], d[0], s[0]),
                                         OldDealLine(p[1], c[1], d[1], s[1])),
                     _names(), _pairs(_placed()), down, _spans())
    exchange = st.builds(lambda p, a, c, s, c2: (records.ExchangeLine(p[0], a, c[0], s[0], c2[0]),
                                                 OldExchangeLine(p[1], a, c[1], s[1], c2[1])),
                         _names(), st.sampled_from(("keeps", "discards", "discards-two")), down,
                         _spans(), down)
    players = st.none().map(lambda _: (None, None)) | _pairs(_names())
    gatherer = st.none().map(lambda _: (None, None)) | _names()
    trick = st.builds(lambda n, p, c, ps, s, g: (records.TrickLine(n, p[0], c[0], ps[0], s[0], g[0]),
                                                 OldTrickLine(n, p[1], c[1], ps[1], s[1], g[1])),
                      st.none() | st.integers(1, 2), _names(), _pairs(_placed()), players, _spans(),
                      gatherer)
    return st.one_of(_spans(), _names(), _placed(), deal, exchange, trick)


@settings(max_examples=500, deadline=None)
@given(_lines(), _lines())
def test_the_record_tuples_mean_what_the_dataclasses_meant(a, b):
    (new_a, old_a), (new_b, old_b) = a, b
    assert repr(new_a) == repr(old_a)
    assert (new_a == new_b) == (old_a == old_b)
    assert (new_a != new_b) == (old_a != old_b)
    if type(old_a) is not OldSpan:  # a Span is a plain named tuple: it may equal a tuple
        assert hash(new_a) == hash(old_a)
        assert new_a != tuple(new_a) and not new_a == tuple(new_a)
        assert new_a != Card("A", "S") and new_a is not None
    assert pickle.loads(pickle.dumps(new_a)) == new_a
    assert repr(pickle.loads(pickle.dumps(new_a))) == repr(new_a) == repr(copy.deepcopy(new_a))


def test_a_placed_card_builds_its_span_when_asked():
    placed = records.PlacedCard(Card("A", "S"), "as", records.Span(3, 7, 2))
    assert placed.span == records.Span(3, 7, 2) and (placed.line, placed.column, placed.width) == (3, 7, 2)
    assert placed.known == Card("A", "S")
    with pytest.raises(ValueError, match="'x' is not a card"):
        _ = records.PlacedCard(None, "x", records.Span(1, 1)).known
