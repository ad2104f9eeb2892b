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

from reversis_score.i18n import _, fill, is_french, ngettext
from reversis_score.notation.cards import SUIT_SYMBOLS, Card
from reversis_score.record import words
from reversis_score.record.draft import HandDraft
from reversis_score.record.entries import EVENT_WORDS, Entry, read_entry
from reversis_score.record.header import Reply
from reversis_score.record.play import PlaySteps
from reversis_score.render.rvs import quote
from reversis_score.replay.irregular import last_leader
from reversis_score.replay.tricks import TRICKS_PER_HAND


class Recorder(PlaySteps):
    """A session being recorded: header, closed hands, the hand in progress."""

    confirming = False  # an `undo` into a finished hand waits for a yes

    # ------------------------------------------------------------ questions
    def hand_question(self) -> str:
        hand = self.hand
        if self.confirming:
            return "confirm-undo"
        if hand is None or self.hand_line is not None:
            return "dealer"
        if self.table_open:
            return "table"
        if hand.whole():
            return "after"
        if hand.by_events:
            return "events"
        if hand.block_kind:
            return hand.block_kind
        return "card" if hand.started_play or hand.cursor == "tricks" else hand.cursor

    @property
    def proposed_dealer(self) -> str | None:
        """Next in rotation after the last hand's dealer (none for the first hand)."""
        last = self.dealer or self.previous_dealer
        if last not in self.players:
            return None
        return self.players[(self.players.index(last) + 1) % 4]

    @property
    def next_number(self) -> int:
        return (self.hand.number if self.hand else self.closed[-1].number if self.closed else 0) + 1

    # ------------------------------------------------------------ entries
    def accept_hand_default(self) -> Reply:
        question = self.hand_question()
        if question == "confirm-undo":
            self.confirming = False
            return Reply(said=[_("nothing taken back")])
        if question in ("dealer", "after"):
            dealer = self.proposed_dealer
            if dealer is None:
                return Reply(refused=[_("who deals? (a player's name)")])
            return self.start_hand(read_entry(""), dealer)
        if question == "table":
            self.table_open = False
        elif question == "events":
            return self.finish_events()
        elif question in ("deal", "exchange", "announce") and self.hand:
            if self.hand.block:
                return Reply(refused=[words.needs_every_line(question)])
            # no deal: no exchange to ask either (`exchange:` still records one)
            self.hand.cursor = {"deal": "announce", "exchange": "announce", "announce": "tricks"}[question]
        return Reply()

    def hand_entry(self, entry: Entry) -> Reply:
        if self.confirming:
            self.confirming = False
            yes: tuple[str, ...] = ("y", "yes", "o", "oui")
            no: tuple[str, ...] = ("n", "no", "non")
            if not (self.french or is_french()):  # the French answers when French is spoken
                yes, no = yes[:2], no[:2]
            if entry.word == "undo" or entry.text.lower() in yes:
                return self.undo(confirmed=True)
            if entry.text.lower() in no:
                return Reply(said=[_("nothing taken back")])
        if entry.kind == "command":
            return self.command(entry)
        word = entry.word if entry.kind == "keyword" else ""
        if word == "hand":
            return self.new_hand_line(entry)
        if word == "dealer":
            return self.start_hand(entry, entry.rest, entry.line())
        if self.in_header and word:
            return Reply(refused=[_("a hand starts with its dealer: `{keyword}: NAME`").format(
                keyword=self.keyword("dealer"))])
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
        if word == "events":
            return self.open_events(entry)
        if word in EVENT_WORDS:
            return self.event_line(entry)
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
            if not self.hand.block and _first_trick(entry, question):
                self.hand.cursor = "tricks"  # no deal, no exchange: the play has begun
            else:
                return self.block_line(question, entry)
        if question == "announce" and self.hand and entry.cards is None:
            name = entry.text.removeprefix("espagnolette").strip().strip('"')
            return self.announce(entry, entry.line(f"announce: espagnolette {quote(name)}"))
        if self.hand is None or self.hand.whole():
            return Reply(refused=[self.no_cards_now()])
        if question == "events":
            return self.event_line(entry)
        if entry.cards is not None:
            return self.cards(entry)
        return self.trick_line(entry)

    def no_cards_now(self) -> str:
        if self.hand is None:
            return words.no_hand()
        return _("hand {number} is whole: give the next dealer (Enter: {dealer}), or `undo`").format(
            number=self.hand.number, dealer=self.proposed_dealer)

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
            return Reply(refused=[_("the players come first: `{keyword}: A B C D`, in order of play").format(
                keyword=self.keyword("players"))])
        draft = HandDraft(self.next_number)
        head = self.hand_line.line() if self.hand_line else f"hand {draft.number}"
        for comment in self.comments:
            draft.add("head", comment, content=False)
        draft.add("head", head, content=False)
        draft.add("head", line or entry.line(f"dealer: {quote(dealer.strip().strip(chr(34)))}"))
        check = draft.check(self.players, self.knobs, self.previous_dealer)
        errors = [d for d in check.refusals + check.others if d.is_error]  # all of it is new
        if errors:
            return Reply(refused=[self.explain(d) for d in errors])
        if self.in_header:
            self.prefix, self.in_header = self.header_text(), False
        assert check.record is not None  # a refusal otherwise
        self.hand, self.hand_line, self.comments = draft, None, []
        draft.leader = self.after(check.record.dealer.text)
        return Reply(said=[_("hand {number}: {dealer} deals").format(number=draft.number,
                                                                      dealer=check.record.dealer.text)]
                   + [self.explain(d) for d in check.others if not d.is_error])

    # ------------------------------------------------------------ a hand by its events
    def open_events(self, entry: Entry) -> Reply:
        """``events:``: the hand is recorded by what was paid for, one line each, Enter ends it."""
        hand = self.hand
        if hand is None:
            return Reply(refused=[_("'{keyword}:' comes after the dealer").format(
                keyword=self.keyword("events"))])
        if hand.started_play or hand.block:
            return Reply(refused=[_("this hand is recorded card by card: its events cannot follow its "
                                    "tricks (`undo` them first)")])
        hand.cursor = "events"
        if not hand.parts["events"] and entry.comment:  # the keyword line only keeps a comment
            hand.add("events", entry.line(), content=False)
        return Reply(said=[_("by events: the party, the talon, each Ace and Quinola, a reversis; "
                             "Enter when all are given")])

    def event_line(self, entry: Entry) -> Reply:
        hand = self.hand
        if hand is None or not hand.by_events:
            return Reply(refused=[_("an event line belongs to a hand recorded by its events: `{keyword}:` "
                                    "first").format(keyword=self.keyword("events"))])
        return self.commit_line("events", "  " + entry.line())

    def finish_events(self) -> Reply:
        """Enter at the events: the hand is whole if its events are (a party or a reversis)."""
        problem = self.events_whole()
        if problem:
            return Reply(refused=[problem])
        return Reply(said=self.hand_done())

    def events_whole(self) -> str | None:
        """Mark the hand's events as all given; the reason when they cannot be (then not)."""
        hand = self.hand
        assert hand is not None
        hand.events_done = True
        checked = self.checked(hand)
        if checked.ok:
            return None
        hand.events_done = False
        return _("hand {number} cannot be settled yet: {reasons}").format(
            number=hand.number, reasons=self.errors_of(checked))

    def errors_of(self, checked) -> str:
        """The errors of a checked hand, one after the other."""
        return words.joined(self.explain(d) for d in checked.diagnostics if d.is_error)

    def close_hand(self) -> str | None:
        """Freeze the hand in progress into the record; the reason when it cannot be."""
        hand = self.hand
        if hand is None:
            return None
        if hand.by_events and not hand.events_done:
            problem = self.events_whole()
            if problem:
                return problem
        checked = self.checked(hand)
        if not hand.whole():
            return _("hand {number} is unfinished: {done} of {all} tricks recorded (finish it, or `void` "
                     "for a misdeal)").format(number=hand.number, done=len(hand.trick_lines),
                                              all=TRICKS_PER_HAND)
        if not checked.ok:
            return _("hand {number} cannot be settled: {reasons}").format(
                number=hand.number, reasons=self.errors_of(checked))
        self.closed.append(checked)
        self.prefix += self.sep + self.shown(hand.formatted())
        self.sep, self.hand, self.table_open = "\n", None, False
        self.revokes_told = set()
        return None

    # ------------------------------------------------------------ commands
    def command(self, entry: Entry) -> Reply:
        word = entry.word
        if word == "quit":
            return Reply(quit=True)
        if word == "help":
            return Reply(said=[words.help_text(self.french)])
        if word == "show":
            return Reply(said=[self.so_far()])
        if word == "undo":
            return self.undo()
        if word == "table":
            self.table_open = True
            return Reply()
        line = {"void": "void: misdeal", "claims waived": "claims: waived"}.get(word)
        return self.tail_line(entry.line(line or f"irregular: {entry.rest}"))

    def undo_target(self) -> str:
        """What ``undo`` in a finished hand takes back: its last line, in words."""
        hand = self.hand
        assert hand is not None and hand.entered
        line = " ".join(self.shown(hand.parts[hand.entered[-1]][-1]).split())
        return _("`{line}` from hand {number}, which is finished").format(line=line, number=hand.number)

    def undo(self, confirmed: bool = False) -> Reply:
        """Take back the last card, else the last line (a trick, a deal or exchange block...);
        in a finished hand, only once confirmed (`undo` again, or yes)."""
        hand = self.hand
        if hand is not None and hand.whole() and hand.entered and not confirmed and self.hand_line is None:
            self.confirming = True
            return Reply(said=[_("this takes back {target}: `undo` again (or yes) to do it").format(
                target=self.undo_target())])
        if self.hand_line is not None:
            self.hand_line = None
            return Reply(said=[_("took back the `{keyword}` line").format(keyword=self.keyword("hand"))])
        if hand is None:
            return Reply(refused=[_("nothing to undo: the hands before are written (edit the file to "
                                    "change them)")])
        if hand.trick:
            card = hand.trick.pop()
            said = words.token_face(card, self.shown_card(card))
            return Reply(said=[_("took back {card}").format(card=said)])
        if hand.block:
            hand.block.pop()
            if len(hand.block) <= 1:
                hand.block_kind, hand.block = None, []
            return Reply(said=[_("took back the last line")])
        if hand.entered and hand.entered[-1] in ("deal", "exchange"):
            kind = hand.entered.pop()
            hand.parts[kind], hand.cursor = [], kind
            return Reply(said=[_("took back the deal") if kind == "deal" else _("took back the exchange")])
        part = hand.entered[-1] if hand.entered else None
        taken = hand.undo_line()
        if part == "tricks" and not hand.trick_lines and hand.entered[-1:] == ["tricks"]:
            hand.undo_line()  # the first trick taken back takes its keyword with it, as it came
        hand.events_done = False  # a line of its events taken back: they are no longer all given
        if taken is not None and taken.split("#")[0].strip().replace(" ", "") == "tricks:":
            # the skip of the deal (or the exchange) taken back: that question again
            hand.cursor = next((k for k in ("deal", "exchange") if not hand.parts[k]), "announce")
            return Reply(said=[_("took back the skip: the deal and exchange can be given again")])
        if taken is None or not hand.entered and taken.lstrip().startswith("dealer"):
            self.hand = None
            return Reply(said=[_("took back hand {number}").format(number=hand.number)])
        check = hand.check(self.players, self.knobs, self.previous_dealer)
        complete = [t for t in check.tricks if len(t.plays) == 4]
        assert check.record is not None  # what is left was checked when entered
        hand.leader = complete[-1].winner if complete else self.after(check.record.dealer.text)
        if len(complete) == TRICKS_PER_HAND - 1 and self.ten_cards():  # he has no card to lead
            hand.leader = last_leader(hand.leader, self.players, self.ten_cards())
        self.revokes_told = {f"{d.player} {d.trick}" for d in check.others if d.is_error}
        return Reply(said=[_("took back: {line}").format(line=" ".join(self.shown(taken).split()))])

    # ------------------------------------------------------------ what the scorer sees
    def so_far(self) -> str:
        """``show``: the hand in progress as it will be written, and who is to play."""
        hand = self.hand
        if hand is None:
            return ngettext("no hand under way; {count} written", "no hand under way; {count} written",
                            len(self.closed)).format(count=len(self.closed))
        lines = self.shown("\n".join(hand.formatted().rstrip("\n").split("\n") + hand.block)).split("\n")
        if hand.trick:
            cards = " ".join(map(self.shown_card, hand.trick))
            lines.append(_("  {leader}: {cards}   (being played)").format(leader=quote(hand.leader),
                                                                           cards=cards))
        return "\n".join(lines) + "\n" + self.toolbar()

    def toolbar(self) -> str:
        """``hand 2, trick 4 — Claire leads; ♥ led`` (what the scorer must know now)."""
        hand = self.hand
        if hand is None or self.in_header:
            return (_("{file}: the header, then hand 1").format(file=self.file) if self.in_header
                    else ngettext("{count} hands written", "{count} hands written", len(self.closed)).format(
                        count=len(self.closed)))
        if hand.whole():
            return _("hand {number} is finished — next: the dealer of hand {next}").format(
                number=hand.number, next=hand.number + 1)
        number = len(hand.trick_lines) + 1
        if hand.trick:
            return fill(_("hand {hand}, trick {number} — {leader} leads; {suit} led"), hand=hand.number,
                        number=number, leader=hand.leader, suit=SUIT_SYMBOLS[Card.parse(hand.trick[0]).suit])
        return fill(_("hand {hand}, trick {number} — {leader} leads"), hand=hand.number, number=number,
                    leader=hand.leader)

    # ------------------------------------------------------------ the record
    def document(self) -> str:
        """The whole record as it must stand on disk now: every entry accepted, the deal or
        exchange lines and the cards of a trick under way too (a resume takes them up)."""
        head, tail = self.document_parts()
        return head + tail

    def document_parts(self) -> tuple[str, str]:
        """``document`` in two parts: the record before the hand in progress (the same object
        from one entry to the next, so that the store need not copy or compare it) and the rest."""
        if self.in_header:
            return "", self.header_text()
        if self.hand is None:  # no blank line at the end, as `format` writes it
            return "", self.prefix.rstrip("\n") + "\n" if self.prefix.strip() else ""
        return self.prefix, self.sep + self.shown(self.hand.formatted(pending=True))

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


def _first_trick(entry: Entry, question: str) -> bool:
    """Whether an entry at the deal or exchange question is the first trick's instead: its
    cards (a deal line has 11 or 12; a discard is one), or a trick line."""
    if entry.cards is not None:
        return question == "deal" or len(entry.cards) > 1
    cards = entry.text.split(":", 1)[-1].split()
    return "," in entry.text or (":" in entry.text and len(cards) <= 4)
