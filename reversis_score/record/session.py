"""The state ``record`` drives: the header (header.py), the hands closed, the hand in
progress (a ``HandDraft``), and what the scorer is asked next. ``Recorder.enter`` takes one
entry, checks it with the real parser and replay, commits it or refuses it, and says what
happened; ``document`` is the whole record as it must stand on disk.

>>> r = Recorder("new.rvs", interactive=False)
>>> for line in ["players: A B C D", "dealer: D", "2C 3C 4C 5C"]:
...     reply = r.enter(line)
>>> reply.said[0], r.question
('trick 1: D wins it with 5♣', 'card')
"""
from __future__ import annotations

import re
from typing import Callable

from reversis_score.ledger.build import Ledger, build_ledger
from reversis_score.notation.cards import Card
from reversis_score.pipeline import CheckedHand, CheckedSession
from reversis_score.record import show
from reversis_score.record.draft import Check, HandDraft
from reversis_score.record.entries import Entry, read_entry
from reversis_score.record.header import HeaderSteps, Reply, explain
from reversis_score.render.rvs import quote
from reversis_score.replay.tricks import TRICKS_PER_HAND, replay

_EXCHANGE_VERBS = ("discards", "keeps", "peeks", "takes")
_BLOCK_LINE = re.compile(r"""\s*([^\W\d][\w'\-]*|"[^"\n]*")\s*(?::|(?:discards|keeps|peeks|takes)\b)""")


class Recorder(HeaderSteps):
    """A session being recorded: header, closed hands, the hand in progress."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.prefix = ""  # the record before the hand in progress, as written
        self.sep = "\n"  # between the prefix and the hand in progress
        self.closed: list[CheckedHand] = []
        self.hand: HandDraft | None = None
        self.hand_line: Entry | None = None  # a `hand N` line waiting for its dealer
        self.table_open = False
        self.revokes_told: set[str] = set()
        self.ahead: Callable[[], list[str]] | None = None  # the input's rest of this hand, if known

    # ------------------------------------------------------------ questions
    def hand_question(self) -> str:
        hand = self.hand
        if hand is None or self.hand_line is not None:
            return "dealer"
        if self.table_open:
            return "table"
        if hand.whole():
            return "after"
        if hand.block_kind:
            return hand.block_kind
        return "card" if hand.started_play or hand.cursor == "tricks" else hand.cursor

    @property
    def previous_dealer(self) -> str | None:
        last = self.closed[-1].record if self.closed else None
        return last.dealer.text if last else None

    @property
    def proposed_dealer(self) -> str | None:
        """Next in rotation after the last hand's dealer (none for the first hand)."""
        current = self.hand.parse()[0].record if self.hand else None
        last = current.dealer.text if current else self.previous_dealer
        if last not in self.players:
            return None
        return self.players[(self.players.index(last) + 1) % 4]

    @property
    def next_number(self) -> int:
        return (self.hand.number if self.hand else self.closed[-1].number if self.closed else 0) + 1

    def to_play(self) -> str | None:
        """Who plays the next card."""
        hand = self.hand
        if hand is None or not hand.leader:
            return None
        order = self.players.index(hand.leader)
        return self.players[(order + len(hand.trick)) % 4]

    # ------------------------------------------------------------ entries
    def accept_hand_default(self) -> Reply:
        question = self.hand_question()
        if question in ("dealer", "after"):
            dealer = self.proposed_dealer
            if dealer is None:
                return Reply(refused=["who deals? (a player's name)"])
            return self.start_hand(read_entry(""), dealer)
        if question == "table":
            self.table_open = False
        elif question in ("deal", "exchange", "announce") and self.hand:
            if self.hand.block:
                return Reply(refused=[f"the {question} needs a line for every player (or `undo`)"])
            # no deal: no exchange to ask either (`exchange:` still records one)
            self.hand.cursor = {"deal": "announce", "exchange": "announce", "announce": "tricks"}[question]
        return Reply()

    def hand_entry(self, entry: Entry) -> Reply:
        if entry.kind == "command":
            return self.command(entry)
        word = entry.word if entry.kind == "keyword" else ""
        if word == "hand":
            return self.new_hand_line(entry)
        if word == "dealer":
            return self.start_hand(entry, entry.rest, entry.line())
        if self.in_header and word:
            return Reply(refused=["a hand starts with its dealer: `dealer: NAME`"])
        if word in ("irregular", "void", "claims"):
            return self.tail_line(entry.line())
        if word == "table":
            self.table_open = True
            return self.commit_line("table", entry.line()) if entry.comment else Reply()
        if word in ("deal", "exchange"):
            return self.open_block(word, entry)
        if word == "announce":
            return self.announce(entry, entry.line())
        if word == "tricks":
            return self.open_tricks(entry)
        return self.answer(entry)

    def answer(self, entry: Entry) -> Reply:
        """A bare entry: the answer to the question asked."""
        question = self.question
        if question in ("dealer", "after") and entry.cards is None:
            return self.start_hand(entry, entry.text)
        if question == "table":
            if "->" in entry.text:
                return self.commit_line("table", "  " + entry.line())
            self.table_open = False
            question = self.question
        if question in ("deal", "exchange") and self.hand:
            if not self.hand.block and entry.cards and (question == "deal" or len(entry.cards) > 1):
                self.hand.cursor = "tricks"  # cards of the first trick: no deal, no exchange
            else:
                return self.block_line(question, entry)
        if question == "announce" and self.hand and entry.cards is None:
            name = entry.text.split()[-1]
            return self.announce(entry, entry.line(f"announce: espagnolette {name}"))
        if self.hand is None or self.hand.whole():
            return Reply(refused=[self.no_cards_now()])
        if entry.cards is not None:
            return self.cards(entry)
        return self.trick_line(entry)

    def no_cards_now(self) -> str:
        if self.hand is None:
            return "no hand is under way: give the dealer first"
        return (f"hand {self.hand.number} is whole: give the next dealer (Enter: "
                f"{self.proposed_dealer}), or `undo`")

    # ------------------------------------------------------------ a hand begins and ends
    def new_hand_line(self, entry: Entry) -> Reply:
        problem = self.close_hand()
        if problem:
            return Reply(refused=[problem])
        self.hand_line = entry
        return Reply()

    def start_hand(self, entry: Entry, dealer: str, line: str | None = None) -> Reply:
        """A dealer named: the hand begins (the one before must be whole and sound)."""
        if self.hand is not None and self.hand_line is None:
            problem = self.close_hand()
            if problem:
                return Reply(refused=[problem])
        if not self.header.has_players:
            return Reply(refused=["the players come first: `players: A B C D`, in order of play"])
        draft = HandDraft(self.next_number)
        head = self.hand_line.line() if self.hand_line else f"hand {draft.number}"
        for comment in self.comments:
            draft.add("head", comment, content=False)
        draft.add("head", head, content=False)
        draft.add("head", line or entry.line(f"dealer: {dealer.strip()}"))
        check = draft.check(self.players, self.knobs, self.previous_dealer)
        if check.refusals:
            return Reply(refused=[explain(d) for d in check.refusals])
        if self.in_header:
            self.prefix, self.in_header = self.header_text(), False
        self.hand, self.hand_line, self.comments = draft, None, []
        draft.leader = self.players[(self.players.index(check.record.dealer.text) + 1) % 4]
        return Reply(said=[f"hand {draft.number}: {check.record.dealer.text} deals"]
                   + [explain(d) for d in check.others if not d.is_error])

    @property
    def knobs(self):
        assert self.ruleset is not None
        return self.ruleset.knobs

    def close_hand(self) -> str | None:
        """Freeze the hand in progress into the record; the reason when it cannot be."""
        hand = self.hand
        if hand is None:
            return None
        checked = self.checked(hand)
        if not hand.whole():
            done = len(hand.trick_lines)
            return (f"hand {hand.number} is unfinished: {done} of {TRICKS_PER_HAND} tricks recorded "
                    "(finish it, or `void` for a misdeal)")
        if not checked.ok:
            return f"hand {hand.number} cannot be settled: " + "; ".join(
                explain(d) for d in checked.diagnostics if d.is_error)
        self.closed.append(checked)
        self.prefix += self.sep + hand.formatted()
        self.sep, self.hand, self.table_open = "\n", None, False
        self.revokes_told = set()
        return None

    def checked(self, hand: HandDraft) -> CheckedHand:
        """The whole hand checked as ``check`` checks it (``replay``)."""
        record = hand.parse()[0].record
        assert record is not None
        if not hand.whole():
            return CheckedHand(hand.number, 0, record, None, [])
        play, found = replay(record, self.players, self.knobs, self.previous_dealer)
        return CheckedHand(hand.number, 0, record, play, found)

    def ledger(self) -> Ledger:
        """The session so far, settled as ``settle`` settles it."""
        hands = list(self.closed)
        if self.hand is not None and self.hand.whole():
            hands.append(self.checked(self.hand))
        assert self.ruleset is not None
        session = CheckedSession(self.file, self.header, self.ruleset, hands, [], [])
        return build_ledger(session)

    def hand_done(self) -> list[str]:
        """What the scorer sees when a hand is whole: its settlement, or what stops it."""
        assert self.hand is not None
        checked = self.checked(self.hand)
        if not checked.ok:
            return [f"hand {self.hand.number} cannot be settled yet:"] + [
                "  " + explain(d) for d in checked.diagnostics if d.is_error]
        return [show.settlement(self.ledger(), self.hand.number)]

    # ------------------------------------------------------------ deal, exchange, announce
    def open_block(self, kind: str, entry: Entry) -> Reply:
        hand = self.hand
        if hand is None:
            return Reply(refused=[f"'{kind}:' comes after the dealer"])
        if hand.started_play or hand.parts[kind] or hand.block:
            return Reply(refused=[f"the {kind} comes once, before the tricks (`undo` to change it)"])
        hand.block_kind, hand.block = kind, self.comments + [entry.line()]
        self.comments = []
        return Reply()

    def block_line(self, kind: str, entry: Entry) -> Reply:
        hand = self.hand
        assert hand is not None
        given = {_named(line) for line in hand.block}
        missing = [p for p in self.players if p not in given]
        line = entry.text
        if _named(line) is None and missing:
            line = _block_text(kind, missing[0], line)
        if not hand.block:
            hand.block_kind, hand.block = kind, [f"{kind}:"]
        before = list(hand.block)
        hand.block += self.comments + ["  " + entry.line(line)]
        check = hand.check(self.players, self.knobs, self.previous_dealer)
        if check.refusals:
            hand.block = before
            if len(before) == 1:
                hand.block_kind, hand.block = None, []
            return Reply(refused=[explain(d) for d in check.refusals])
        self.comments = []
        if sum(1 for b in hand.block if _named(b)) == 4:
            for b in hand.block:
                hand.add(kind, b, content=False)
            hand.entered.append(kind)
            hand.block_kind, hand.block = None, []
            hand.cursor = "exchange" if kind == "deal" else "announce"
        return Reply()

    def announce(self, entry: Entry, line: str) -> Reply:
        reply = self.commit_line("announce", line)
        if not reply.refused and self.hand:
            self.hand.cursor = "tricks"
        return reply

    # ------------------------------------------------------------ tricks
    def open_tricks(self, entry: Entry) -> Reply:
        hand = self.hand
        if hand is None:
            return Reply(refused=["'tricks:' comes after the dealer"])
        hand.cursor = "tricks"
        if not hand.parts["tricks"]:
            hand.add("tricks", entry.line(), content=False) if entry.comment else None
        return Reply()

    def cards(self, entry: Entry) -> Reply:
        """One to four cards of the trick being played, each checked as it comes."""
        hand = self.hand
        assert hand is not None and entry.cards is not None
        hand.cursor = "tricks"
        before = list(hand.trick)
        room = 4 - len(before)
        if len(entry.cards) > room:
            return Reply(refused=[f"trick {len(hand.trick_lines) + 1} has {room} card"
                                  f"{'s' * (room != 1)} left to play"])
        said: list[str] = []
        for token in entry.cards:
            player = self.to_play()
            hand.trick.append(token)
            check = hand.check(self.players, self.knobs, self.previous_dealer)
            if self.excused(check):
                hand.trick = before
                return Reply(refused=[f"{player} cannot play {token}: " + "; ".join(
                    explain(d) for d in check.refusals) + " (not written)"])
            said += self.revealed(check.others)
        if entry.comment:
            self.comments.append(entry.comment)
        if len(hand.trick) == 4:
            line = f"  {quote(hand.leader)}: {' '.join(hand.trick)}"
            hand.trick = []
            return self.commit_trick(line, said)
        return Reply(said=said)

    def trick_line(self, entry: Entry) -> Reply:
        """A whole trick line as `.rvs` writes it (``Claire: 2C JC 7C 5C``, or explicit)."""
        if self.hand and self.hand.trick:
            return Reply(refused=[f"finish trick {len(self.hand.trick_lines) + 1} first (or `undo`)"])
        return self.commit_trick("  " + entry.line(), [])

    def commit_trick(self, line: str, said: list[str]) -> Reply:
        reply = self.commit_line("tricks", line)
        if reply.refused:
            return reply
        hand = self.hand
        assert hand is not None
        check = hand.check(self.players, self.knobs, self.previous_dealer)
        trick = check.tricks[-1]
        hand.leader = trick.winner
        reply.said = said + reply.said + [show.trick_won(trick)]
        reply.said += show.trick_payments(self, check.tricks)
        if hand.whole():
            reply.said += self.hand_done()
        return reply

    def excused(self, check: Check) -> list:
        """The refusals that stand: a revoke against a known hand is taken when the input goes
        on to acknowledge it (a .rvs file writes `irregular: revoke NAME` after the tricks)."""
        if check.refusals and self.ahead is not None:
            later = {e.rest.split()[-1] for e in map(read_entry, self.ahead())
                     if e.word == "irregular" and e.rest.split()[:1] == ["revoke"]}
            excused = [d for d in check.refusals if is_revoke(d) and d.player in later]
            check.refusals = [d for d in check.refusals if d not in excused]
            check.others += excused
        return check.refusals

    def revealed(self, others) -> list[str]:
        """A revoke that a later card proves: said once, to acknowledge or correct."""
        out = []
        for diag in others:
            if diag.is_error and diag.player and diag.message not in self.revokes_told:
                self.revokes_told.add(diag.message)
                out.append(f"{explain(diag)}; or `undo` back to trick {diag.trick} to correct it")
        return out

    # ------------------------------------------------------------ the hand's last lines
    def tail_line(self, line: str) -> Reply:
        hand = self.hand
        if hand is None:
            return Reply(refused=["no hand is under way"])
        if line.startswith("void") and (hand.started_play or hand.parts["deal"] or hand.parts["exchange"]):
            return Reply(refused=["a void hand has no deal, exchange or tricks: `undo` them first"])
        reply = self.commit_line("tail", line)
        if not reply.refused and hand.whole():
            reply.said += self.hand_done()
        return reply

    def commit_line(self, part: str, line: str) -> Reply:
        """Check one whole line with the hand so far; commit it unless it is refused."""
        hand = self.hand
        if hand is None:
            return Reply(refused=["no hand is under way: give the dealer first"])
        check = hand.check(self.players, self.knobs, self.previous_dealer, (part, line))
        if self.excused(check):
            return Reply(refused=[explain(d) for d in check.refusals])
        for comment in self.comments:
            hand.add(part, comment, content=False)
        self.comments = []
        hand.add(part, line)
        return Reply(said=self.revealed(check.others))

    # ------------------------------------------------------------ commands
    def command(self, entry: Entry) -> Reply:
        word = entry.word
        if word == "quit":
            return Reply(quit=True)
        if word == "help":
            return Reply(said=[show.HELP])
        if word == "show":
            return Reply(said=[show.hand_so_far(self)])
        if word == "undo":
            return self.undo()
        if word == "table":
            self.table_open = True
            return Reply()
        line = {"void": "void: misdeal", "claims waived": "claims: waived"}.get(word)
        return self.tail_line(entry.line(line or f"irregular: {entry.rest}"))

    def undo(self) -> Reply:
        """Take back the last card, else the last line (a trick, a deal or exchange block...)."""
        hand = self.hand
        if self.hand_line is not None:
            self.hand_line = None
            return Reply(said=["took back the `hand` line"])
        if hand is None:
            return Reply(refused=["nothing to undo: the hands before are written (edit the file to "
                                  "change them)"])
        if hand.trick:
            return Reply(said=[f"took back {hand.trick.pop()}"])
        if hand.block:
            hand.block.pop()
            if len(hand.block) <= 1:
                hand.block_kind, hand.block = None, []
            return Reply(said=["took back the last line"])
        if hand.entered and hand.entered[-1] in ("deal", "exchange"):
            kind = hand.entered.pop()
            hand.parts[kind], hand.cursor = [], kind
            return Reply(said=[f"took back the {kind}"])
        taken = hand.undo_line()
        if taken is None or not hand.entered and taken.lstrip().startswith("dealer"):
            self.hand = None
            return Reply(said=[f"took back hand {self.next_number}"])
        check = hand.check(self.players, self.knobs, self.previous_dealer)
        complete = [t for t in check.tricks if len(t.plays) == 4]
        hand.leader = complete[-1].winner if complete else self.players[
            (self.players.index(check.record.dealer.text) + 1) % 4]
        self.revokes_told = {d.message for d in check.others if d.is_error}
        return Reply(said=[f"took back: {taken.strip()}"])

    # ------------------------------------------------------------ the record
    def document(self) -> str:
        """The whole record as it must stand on disk now."""
        if self.in_header:
            return self.header_text()
        if self.hand is None:
            return self.prefix
        return self.prefix + self.sep + self.hand.formatted()

    def finish(self) -> None:
        """End of input: comments still waiting go at the end of the record."""
        if not self.comments:
            return
        if self.in_header:
            self.header_lines += self.comments
        elif self.hand is not None:
            last = [p for p, lines in self.hand.parts.items() if lines][-1]
            for comment in self.comments:
                self.hand.add(last, comment, content=False)
        else:
            self.prefix += "\n".join(self.comments) + "\n"
        self.comments = []

    def played(self) -> set[Card]:
        """The cards played so far in the hand in progress."""
        if self.hand is None:
            return set()
        check = self.hand.check(self.players, self.knobs, self.previous_dealer)
        return {card for t in check.tricks for _, card in t.plays}


def _named(line: str) -> str | None:
    """The player a deal or exchange line names (``Anne: ...``, ``"Mme de Vaux" keeps``)."""
    match = _BLOCK_LINE.match(line)
    if match is None or match.group(1) in ("deal", "exchange"):
        return None
    return match.group(1).strip('"')


def _block_text(kind: str, player: str, text: str) -> str:
    """A bare deal or exchange answer, written as the player's line."""
    name = quote(player)
    if kind == "deal":
        return f"{name}: {text}"
    words = text.split()
    if words and words[0] in _EXCHANGE_VERBS:
        return f"{name} {text}"
    return f"{name} discards {text}"


def is_revoke(diag) -> bool:
    """A revoke found by replay (its message asks for the acknowledgement)."""
    return diag.player is not None and diag.message.endswith(f"`irregular: revoke {diag.player}`")
