"""The hand steps of ``record``: the deal, the exchange, the announce, the tricks card by
card, the hand's last lines; each entry checked with the hand so far by the real parser and
replay (``HandDraft.check``), committed or refused. ``Recorder`` (session.py) adds the hand's
beginning and end, the commands and the record as a whole.
"""
from __future__ import annotations

from collections.abc import Callable

from reversis_score.i18n import _, fill, ngettext
from reversis_score.ledger.build import Ledger, Running, build_ledger
from reversis_score.notation.cards import Card, looks_like_card
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.pipeline import CheckedHand, CheckedSession
from reversis_score.record import entries, words
from reversis_score.record.draft import Check, HandDraft
from reversis_score.record.entries import Entry, block_text, named, read_entry
from reversis_score.record.header import HeaderSteps, Reply
from reversis_score.render.rvs import quote
from reversis_score.replay.findings import Findings
from reversis_score.replay.holdings import check_holdings
from reversis_score.replay.irregular import last_leader, order_of_play, ten_card_players
from reversis_score.replay.play import TRICKS_PER_HAND, Play, PlayedTrick
from reversis_score.replay.tricks import replay
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.items import HandBook
from reversis_score.settle.laws import antes, redeal_fine
from reversis_score.settle.side import LedCard, settle_trick


class PlaySteps(HeaderSteps):
    """A hand being recorded: its draft, the hands closed before it, what was said of it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.prefix = ""  # the record before the hand in progress, as written
        self.sep = "\n"  # between the prefix and the hand in progress
        self.closed: list[CheckedHand] = []
        self.hand: HandDraft | None = None
        self.hand_line: Entry | None = None  # a `hand N` line waiting for its dealer
        self.table_open = False
        self.revokes_told: set[str] = set()
        self.ahead: Callable[[bool], list[str]] | None = None  # the input's rest of this hand, if known
        self._run: Running | None = None  # the closed hands settled: pools and balances carried
        self._run_hands = 0  # how many of ``closed`` it holds

    @property
    def previous_dealer(self) -> str | None:
        last = self.closed[-1].record if self.closed else None
        return last.dealer.text if last else None

    def to_play(self) -> str | None:
        """Who plays the next card (in the last trick, nobody who holds ten cards)."""
        hand = self.hand
        if hand is None or not hand.leader:
            return None
        order = self.players.index(hand.leader)
        seated = order_of_play([self.players[(order + k) % 4] for k in range(4)],
                               len(hand.trick_lines) + 1, self.ten_cards())
        return seated[len(hand.trick) % len(seated)]

    def ten_cards(self) -> frozenset[str]:
        """The players of the hand in progress who discarded two cards (they play with ten)."""
        record = self.hand.parse()[0].record if self.hand else None
        return ten_card_players(record) if record else frozenset()

    def trick_size(self) -> int:
        """How many cards the trick being played takes: 4, fewer in the last one when a player
        holds ten."""
        hand = self.hand
        number = len(hand.trick_lines) + 1 if hand else 1
        return len(order_of_play(list(self.players), number, self.ten_cards()))

    def next_in_block(self, kind: str) -> str:
        """The first player (in order of play) the deal or exchange under way has no line for."""
        given = {named(line) for line in self.hand.block} if self.hand else set()
        return next((p for p in self.players if p not in given), self.players[0])

    @property
    def dealer(self) -> str | None:
        """The dealer of the hand in progress."""
        record = self.hand.parse()[0].record if self.hand else None
        return record.dealer.text if record else None

    def after(self, player: str) -> str:
        """The player after ``player`` in order of play (the dealer's: the first leader)."""
        return self.players[(self.players.index(player) + 1) % 4]

    @property
    def knobs(self) -> Knobs:
        assert self.ruleset is not None
        return self.ruleset.knobs

    def checked(self, hand: HandDraft) -> CheckedHand:
        """The whole hand checked as ``check`` checks it (``replay``)."""
        record = hand.parse()[0].record
        assert record is not None
        if not hand.whole():
            return CheckedHand(hand.number, 0, record, None, [])
        play, found = replay(record, self.players, self.knobs, self.previous_dealer)
        return CheckedHand(hand.number, 0, record, play, found)

    def running(self) -> Running:
        """The hands closed so far, settled once each and carried forward (pools, balances):
        what a trick or a hand needs of the session, at a cost that does not grow with it."""
        if self._run is None:
            self._run, self._run_hands = Running.start(self.players, self.header.stake or 0, self.knobs,
                                                       self.ruleset.preset if self.ruleset else None,
                                                       self.header.carried), 0
        for hand in self.closed[self._run_hands:]:
            self._run.settle(hand)
        self._run_hands = len(self.closed)
        return self._run

    def ledger(self) -> Ledger:
        """The session so far, settled as ``settle`` settles it (every hand again: for a
        whole-session view; the hand-by-hand words use ``running``)."""
        hands = list(self.closed)
        if self.hand is not None and self.hand.whole():
            hands.append(self.checked(self.hand))
        assert self.ruleset is not None
        session = CheckedSession(self.file, self.header, self.ruleset, hands, [], [])
        return build_ledger(session)

    def hand_done(self) -> list[str]:
        """What the scorer sees when a hand is whole: its settlement, or what stops it."""
        assert self.hand is not None
        if self.more_to_come():  # the settlement comes with the hand's last line
            return []
        checked = self.checked(self.hand)
        if not checked.ok:
            notes: list[str] = [words.Note(_("hand {number} cannot be settled yet:").format(
                number=self.hand.number))]
            return notes + [
                words.Note("  " + self.explain(d)) for d in checked.diagnostics if d.is_error]
        so_far = self.running()  # a copy settles this hand: it may still change (an `undo`)
        run = Running(so_far.players, so_far.stake, so_far.knobs, so_far.pools.copy(), dict(so_far.totals),
                      dict(so_far.between), basket=so_far.basket)
        settled = run.settle(checked)
        assert settled.settlement is not None
        return [words.settlement(settled.number, settled.settlement, run.stake, run.totals, run.between)]

    def trick_payments(self, tricks: tuple[PlayedTrick, ...]) -> list[str]:
        """The Ace and Quinola payments of the last trick, as the settlement will write them."""
        if not tricks or self.knobs.pairwise:
            return []
        knobs, players = self.knobs, self.players
        zero = {p: 0 for p in players}
        record = self.hand.parse()[0].record if self.hand else None
        assert record is not None
        play = Play(record, players, record.dealer.text, False, tricks, (), {}, zero, dict(zero),
                    frozenset(), (), None, False, ())
        book = HandBook(play, knobs, self.running().pools.copy())  # the pools as this hand found them
        antes(book)
        redeal_fine(book)
        led: list[LedCard] = []
        for trick in tricks:
            settle_trick(book, trick, led)
        last = tricks[-1].number
        said = [words.wrap(item.why) for item in book.items if item.trick == last]
        said += [words.wrap(fill(_("{player} leads {card}: its payment is settled with the party, at the "
                                   "end of the hand"), player=c.player, card=words.face(c.card)))
                 for c in led if c.trick == last and c.card.is_ace]
        return said

    def open_block(self, kind: str, entry: Entry) -> Reply:
        hand = self.hand
        if hand is None:
            return Reply(refused=[_("'{keyword}:' comes after the dealer").format(
                keyword=self.keyword(kind))])
        if hand.block:
            return Reply(refused=[words.needs_every_line(hand.block_kind or kind, first=True)])
        if hand.started_play or hand.parts[kind]:
            return Reply(refused=[words.comes_once(kind)])
        hand.block_kind, hand.block = kind, self.comments + [entry.line()]
        self.comments = []
        return Reply()

    def block_line(self, kind: str, entry: Entry) -> Reply:
        hand = self.hand
        assert hand is not None
        line = entry.text
        if named(line) is None:
            line = block_text(kind, self.next_in_block(kind), line)
        if not hand.block:
            hand.block_kind, hand.block = kind, [f"{kind}:"]
        before = list(hand.block)
        hand.block += self.comments + ["  " + entry.line(line)]
        check = hand.check(self.players, self.knobs, self.previous_dealer)
        if check.refusals:
            hand.block = before
            if len(before) == 1:
                hand.block_kind, hand.block = None, []
            return Reply(refused=[self.explain(d) for d in check.refusals])
        self.comments = []
        if sum(1 for b in hand.block if named(b)) == 4:
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

    def open_tricks(self, entry: Entry) -> Reply:
        hand = self.hand
        if hand is None:
            return Reply(refused=[_("'{keyword}:' comes after the dealer").format(
                keyword=self.keyword("tricks"))])
        if hand.started_play or hand.parts["tricks"]:
            return Reply()
        hand.cursor = "tricks"
        # The keyword is written even before the first trick: the record then says that the
        # deal (and the exchange) were skipped, and whoever takes it up is asked the first trick.
        hand.add("tricks", entry.line())
        return Reply()

    def cards(self, entry: Entry) -> Reply:
        """One to four cards of the trick being played, each checked as it comes."""
        hand = self.hand
        assert hand is not None and entry.cards is not None
        hand.cursor = "tricks"
        before = list(hand.trick)
        size = self.trick_size()
        room = size - len(before)
        if len(entry.cards) > room:
            return Reply(refused=[ngettext("trick {number} has {room} card left to play",
                                           "trick {number} has {room} cards left to play", room).format(
                number=len(hand.trick_lines) + 1, room=room)])
        said: list[str] = []
        for index, token in enumerate(entry.cards):
            player = self.to_play()
            hand.trick.append(token)
            check = hand.check(self.players, self.knobs, self.previous_dealer)
            if self.excused(check):
                reasons = words.joined(map(self.explain, check.refusals))
                reason = fill(_("{player} cannot play {card}: {reasons} (not written)"), player=player,
                              card=self.shown_card(token), reasons=reasons)
                if not self.interactive:  # piped: the line is refused whole, to be piped again fixed
                    hand.trick = before
                    return Reply(refused=[reason])
                hand.trick.pop()  # at a terminal the cards before it stand: they are written
                return Reply(said=said + words.kept_words(entry.cards[:index], entry.cards[index + 1:]),
                             refused=[reason])
            said += self.revealed(check.others)
        if entry.comment:
            self.comments.append(entry.comment)
        if len(hand.trick) == size:
            line = f"  {quote(hand.leader)}: {' '.join(hand.trick)}"
            hand.trick = []
            return self.commit_trick(line, said)
        return Reply(said=said)

    def trick_line(self, entry: Entry) -> Reply:
        """A whole trick line as `.rvs` writes it (``Claire: 2C JC 7C 5C``, or explicit)."""
        if self.hand and self.hand.trick:
            return Reply(refused=[_("finish trick {number} first (or `undo`)").format(
                number=len(self.hand.trick_lines) + 1)])
        cards = self.under_way(entry.text)
        if cards is not None:  # a trick short of its fourth card: its cards so far, as entered
            return self.cards(read_entry(" ".join(cards) + (f"  {entry.comment}" if entry.comment else "")))
        return self.commit_trick("  " + entry.line(), [])

    def under_way(self, text: str) -> list[str] | None:
        """The cards of a trick line short of its fourth card by the player to lead (as ``record``
        writes a trick under way: ``Bruno: 9D 8D``), else None."""
        name, colon, rest = text.partition(":")
        tokens = rest.replace(",", " ").split()
        hand = self.hand
        if not colon or hand is None or name.strip().strip('"') != hand.leader:
            return None
        return tokens if 0 < len(tokens) < 4 and all(map(looks_like_card, tokens)) else None

    def commit_trick(self, line: str, said: list[str]) -> Reply:
        reply = self.commit_line("tricks", line)
        if reply.refused:
            return reply
        hand = self.hand
        assert hand is not None
        check = hand.check(self.players, self.knobs, self.previous_dealer)
        trick = check.tricks[-1]
        hand.leader = trick.winner
        if len(check.tricks) == TRICKS_PER_HAND - 1 and self.ten_cards():
            hand.leader = last_leader(trick.winner, self.players, self.ten_cards())
        reply.said = said + reply.said + [words.trick_won(trick)]
        reply.said += self.trick_payments(check.tricks)
        if hand.whole():
            reply.said += self.hand_done()
        return reply

    def excused(self, check: Check) -> list[Diagnostic]:
        """The refusals that stand: a revoke against a known hand is taken when the input goes
        on to acknowledge it (a .rvs file writes `irregular: revoke NAME` after the tricks)."""
        if check.refusals and self.ahead is not None:
            later = self.acknowledged_later()
            excused = [d for d in check.refusals if is_revoke(d) and d.player in later]
            check.refusals = [d for d in check.refusals if d not in excused]
            check.others += excused
        return check.refusals

    def revealed(self, others: list[Diagnostic]) -> list[str]:
        """A revoke that a later card proves: said once, to acknowledge or correct."""
        out: list[str] = []
        coming = self.acknowledged_later()
        for diag in others:
            told = f"{diag.player} {diag.trick}"  # the evidence may change, the revoke does not
            if diag.is_error and diag.player and told not in self.revokes_told and diag.player not in coming:
                self.revokes_told.add(told)
                out.append(words.Note(_("{problem}; or `undo` back to trick {trick} to correct it").format(
                    problem=self.explain(diag), trick=diag.trick)))
        return out

    def acknowledged_later(self) -> set[str]:
        """The players whose revoke the input acknowledges further down this hand."""
        if self.ahead is None:
            return set()
        return {e.rest.split(None, 1)[1].strip().strip('"') for e in self.entries_ahead()
                if e.word == "irregular" and e.rest.split()[:1] == ["revoke"] and " " in e.rest}

    def entries_ahead(self) -> list[Entry]:
        """The input's rest of this hand, as entries (in the grammar's spelling)."""
        if self.ahead is None:
            return []
        as_written = self.french and self.typed_as_written
        lines = self.ahead(as_written)
        if as_written:
            lines = [entries.to_grammar(line) for line in lines]
        return [read_entry(line) for line in lines]

    def more_to_come(self) -> bool:
        """Whether the input goes on to lines that change this hand's settlement."""
        return self.ahead is not None and any(
            entry.word in ("irregular", "claims", "void") for entry in self.entries_ahead())

    def tail_line(self, line: str) -> Reply:
        hand = self.hand
        if hand is None:
            return Reply(refused=[_("no hand is under way")])
        if line.startswith("void") and (hand.started_play or hand.parts["deal"] or hand.parts["exchange"]):
            return Reply(refused=[_("a void hand has no deal, exchange or tricks: `undo` them first")])
        reply = self.commit_line("tail", line)
        if not reply.refused and hand.whole():
            reply.said += self.hand_done()
        return reply

    def commit_line(self, part: str, line: str) -> Reply:
        """Check one whole line with the hand so far; commit it unless it is refused."""
        hand = self.hand
        if hand is None:
            return Reply(refused=[words.no_hand()])
        check = hand.check(self.players, self.knobs, self.previous_dealer, (part, line))
        if self.excused(check):
            return Reply(refused=[self.explain(d) for d in check.refusals])
        named = part == "table" and check.record and ("pool:" in line or "panier:" in line)
        missing = self.missing_pools(check.record) if named else []
        if missing:  # check's own words: written, it would stop the record at the next hand
            return Reply(refused=[self.explain(d) for d in missing])
        for comment in self.comments:
            hand.add(part, comment, content=False)
        self.comments = []
        hand.add(part, line)
        return Reply(said=self.revealed(check.others))

    def missing_pools(self, record) -> list[Diagnostic]:
        """A table payment to or from ``pool:N`` where no N-th pool stands in this hand, before
        or after it (``check``'s rule, pipeline.missing_pools)."""
        from reversis_score.pipeline import missing_pools
        from reversis_score.settle.hand import settle_hand
        pools = self.running().pools
        standing = len(pools.amounts)
        hand = self.hand
        played = self.checked(hand).play if hand is not None and hand.whole() else None
        if played is not None:
            standing = max(standing, len(settle_hand(played, self.knobs, pools)[1].amounts))
        return missing_pools(record, standing)

    def known_hand(self) -> frozenset[Card] | None:
        """What the player to play still holds, when that player's deal and exchange are recorded."""
        player, hand = self.to_play(), self.hand
        record = hand.parse(pending=True)[0].record if hand else None
        if record is None or record.deal is None or player is None or \
                player not in {e.player.text for e in record.exchange or ()}:
            return None
        check = hand.check(self.players, self.knobs, self.previous_dealer) if hand else None
        tricks = check.tricks if check else ()
        played = {p: [c for t in tricks for who, c in t.plays if who == p] for p in self.players}
        held, _ = check_holdings(record, self.players, self.knobs, played, Findings(record.number),
                                 finished=False)
        return held[player] - set(played[player])

    def played(self) -> set[Card]:
        """The cards played so far in the hand in progress."""
        if self.hand is None:
            return set()
        check = self.hand.check(self.players, self.knobs, self.previous_dealer)
        return {card for t in check.tricks for _who, card in t.plays}


def is_revoke(diag: Diagnostic) -> bool:
    """A revoke found by replay (its message asks for the acknowledgement)."""
    return diag.player is not None and diag.message.endswith(f"`irregular: revoke {diag.player}`")
