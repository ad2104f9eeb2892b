"""The Lark Transformer that turns the parse of a chunk into records (records.py).

It runs during the LALR parse. Problems that are not syntax (a token that is not a card, a
name that reads as a card, a bad date, a header key given twice) are collected in
``diagnostics`` instead of raised, so one reading reports them all.
"""
from __future__ import annotations

import dataclasses
import re
from typing import NamedTuple

from lark import Token, Transformer, v_args

from reversis_score.i18n import _, fill, grouped, ngettext
from reversis_score.notation.cards import _parse_card
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.french import french_hint
from reversis_score.notation.lexicon import (
    MAX_FISH,
    SECTION_ORDER,
    KeyRepeats,
    is_count,
    night_fields,
    player_name_problem,
    pool_number,
    read_carried,
    read_club,
    read_paid,
    read_rate,
    trick_number,
    unquoted,
)
from reversis_score.notation.records import (
    MAX_NAME_CHARS,
    MAX_TITLE_CHARS,
    DealLine,
    EspagnoletteLine,
    EventCard,
    EventsRecord,
    ExchangeLine,
    HandRecord,
    Header,
    Irregular,
    Name,
    Paid,
    PartySide,
    PlacedCard,
    PlayerPoints,
    ReversisLine,
    RuleLine,
    Span,
    TableLine,
    TrickLine,
)
from reversis_score.scrub import shortened

_CARD_SPLIT = re.compile(r"\S+")

# NAME_DISCARDS and NAME_KEEPS of the grammar, the name and the card as groups.
_EXCHANGE = re.compile(r"""([^\W\d][\w'\-]*|"[^"\n]*")[ \t]+(?:discards[ \t]+([^\s#,|:]+)|keeps)""")
# The NAMED_CARDS terminal of the grammar, with its two parts as groups.
_NAMED_CARDS = re.compile(r"""([^\W\d][\w'\-]*|"[^"\n]*")[ \t]*:[ \t]*([^\s#,|:]+(?:[ \t]+[^\s#,|:]+)*)""")
HeaderItem = tuple[str, object, Span]  # (key, value, place) of one header line


class Gathered(NamedTuple):
    """``| gathered by NAME`` of a trick line, as the rule ``gathered`` hands it up."""

    player: Name


def _gathered_of(args: tuple) -> tuple[tuple, Name | None]:
    """A trick line's tokens without its ``gathered`` part, and the gatherer (None if none)."""
    if args and isinstance(args[-1], Gathered):
        return args[:-1], args[-1].player
    return args, None


@v_args(inline=True)
class RecordBuilder(Transformer):
    """Builds Header and HandRecord values; call ``begin`` before each chunk."""

    def begin(self, line_offset: int, hand: int | None) -> None:
        """Reset for a chunk whose first line is ``line_offset + 1`` of the file."""
        self.line_offset = line_offset
        # Not ``self.hand``: that is the rule method Lark calls for a hand.
        self.hand_number = hand
        self.trick: int | None = None
        self.trick_count = 0
        self.number_span: Span | None = None
        self.diagnostics: list[Diagnostic] = []

    # ------------------------------------------------------------------ helpers
    def _span(self, tok: Token, width: int | None = None) -> Span:
        # The lexer always sets a token's place; Lark types it Optional for tokens made by hand.
        line, column = tok.line or 1, tok.column or 1
        return Span(line + self.line_offset, column, width if width is not None else max(1, len(tok)))

    def _error(self, message: str, span: Span) -> None:
        self.diagnostics.append(Diagnostic(message, span, hand=self.hand_number, trick=self.trick))

    def _card(self, token: str, span: Span) -> PlacedCard:
        card = _parse_card(token)
        if card is None:
            self._error(_("'{token}' is not a card: expected a card such as AS or 9♥").format(
                token=shortened(token)) + french_hint(token), span)
        return PlacedCard(card, token, span)

    def _cards(self, tok: Token) -> tuple[PlacedCard, ...]:
        at = self._span(tok)
        return self._card_list(str(tok), at.line, at.column)

    def _card_list(self, text: str, line: int, column: int) -> tuple[PlacedCard, ...]:
        """The cards of a card list starting at ``column``; each keeps its own place."""
        # The hottest loop of the reader (a hundred cards a hand): kept flat on purpose.
        cards = []
        for m in _CARD_SPLIT.finditer(text):
            token = m.group()
            cards.append(self._card(token, Span(line, column + m.start(), len(token))))
        return tuple(cards)

    # ------------------------------------------------------------------ names
    def _name(self, tok: Token) -> Name:
        return self._name_at(str(tok), self._span(tok))

    @staticmethod
    def _name_at(raw: str, at: Span) -> Name:
        """A name as written (quotes dropped) at the start of ``at``, as wide as it is written."""
        return Name(unquoted(raw), Span(at.line, at.column, max(1, len(raw))))

    def players_line(self, keyword: Token, *tokens: Token) -> HeaderItem:
        names = [self._name(t) for t in tokens]
        for name in names:
            self._check_player_name(name)
        if not names:  # 'players:' alone: said at the keyword, where the names should follow
            self._error(_("'players:' names no player: name the four players in order of play"),
                        self._span(keyword))
        return "players", tuple(names), names[0].span if names else self._span(keyword)

    def _check_player_name(self, name: Name) -> None:
        problem = player_name_problem(name.text)
        if problem is not None:
            self._error(problem, name.span)

    # ------------------------------------------------------------------ header
    def session_line(self, tok: Token) -> HeaderItem:
        title = str(tok).split(":", 1)[1].strip()
        return "title", title, self._span(tok)

    def date_line(self, tok: Token) -> HeaderItem:
        try:
            import datetime as dt  # here: only a date line needs it (start-up)
            value = dt.date.fromisoformat(str(tok))
        except ValueError:
            self._error(_("'{value}' is not a date: write it as YYYY-MM-DD, e.g. 2026-11-15").format(
                value=shortened(str(tok))), self._span(tok))
            value = None
        return "date", value, self._span(tok)

    def rules_line(self, tok: Token) -> HeaderItem:
        return "rules", str(tok), self._span(tok)

    def rule_line(self, knob: Token, value: Token) -> HeaderItem:
        line = RuleLine(str(knob), str(value).strip(), self._span(knob), self._span(value))
        return "rule", line, line.span

    def stake_line(self, tok: Token) -> HeaderItem:
        if not is_count(str(tok)):
            self._error(_("'{value}' is not a stake: expected a whole number of fish up to {most}, e.g. 100"
                          ).format(value=shortened(str(tok)), most=grouped(MAX_FISH)), self._span(tok))
            return "stake", None, self._span(tok)
        return "stake", int(str(tok)), self._span(tok)

    def club_line(self, tok: Token) -> HeaderItem:
        return self._night("club", read_club, tok)

    def paid_line(self, tok: Token) -> HeaderItem:
        return self._night("paid", read_paid, tok)

    def rate_line(self, unit: Token, tok: Token) -> HeaderItem:
        return self._night("rate", lambda raw: read_rate(str(unit).split(":")[0].strip(), raw), tok)

    def carried_line(self, keyword: Token, tok: Token | None = None) -> HeaderItem:
        if tok is None:  # 'carried:' alone: none, at the keyword's own line
            return "carried", (), self._span(keyword)
        return self._night("carried", read_carried, tok)

    def _night(self, key: str, read, tok: Token) -> HeaderItem:
        """A night's line (its reader in notation/lexicon.py): its value, or its message and no value."""
        try:
            return key, read(str(tok)), self._span(tok)
        except ValueError as exc:
            self._error(str(exc), self._span(tok))
            return key, None, self._span(tok)

    def header(self, *lines: HeaderItem) -> Header:
        repeats = KeyRepeats()
        values: dict[str, tuple[object, Span]] = {}
        rule_lines: list[RuleLine] = []
        paid: list[Paid] = []
        for key, value, span in lines:
            if isinstance(value, RuleLine):
                repeats.see(f"rule {value.knob}", span)
                rule_lines.append(value)
                continue
            if key == "paid" and isinstance(value, tuple):  # a sum handed over: as many as there were
                paid.append(Paid(*value, span))  # type: ignore[misc, call-arg]
                continue
            repeats.see(key, span)
            values[key] = (value, span)
        self.diagnostics.extend(repeats.close())  # a header's: no hand, no trick
        places = tuple((key, span.line) for key, _, span in lines)
        header = self._make_header(values, tuple(rule_lines), places)
        return self._night_header(header, values, tuple(paid))

    def _night_header(self, header: Header, values: dict, paid: tuple[Paid, ...]) -> Header:
        """The header with its night's lines; a payment at the table names two of the players."""
        names = set(header.player_names)
        for line in paid:
            for who in (line.payer, line.payee):
                if names and who not in names:
                    self._error(fill(_("'{name}' is not one of the players ({players}): a payment at the "
                                       "table is between two of them"), name=shortened(who),
                                     players=" ".join(header.player_names)), line.span)
        return dataclasses.replace(header, **night_fields(values, paid))

    def _make_header(self, values: dict, rule_lines: tuple[RuleLine, ...], lines) -> Header:
        players = values.get("players", ((),))[0]
        if players and len(players) != 4:
            self._error(ngettext("'players:' names {n} player; Reversis is played by exactly four",
                                 "'players:' names {n} players; Reversis is played by exactly four",
                                 len(players)).format(n=len(players)), players[0].span)
        seen: set[str] = set()  # a set, not the names before each: 100,000 names stay linear
        for p in players:
            if p.text in seen:
                self._error(_("'{name}' is named twice in 'players:': four distinct names are needed"
                              ).format(name=shortened(p.text)), p.span)
            seen.add(p.text)
            if len(p.text) > MAX_NAME_CHARS:
                said = _("'{name}' is {length} characters long: a player's name is at most {most}")
                self._error(said.format(name=shortened(p.text), length=grouped(len(p.text)),
                                        most=MAX_NAME_CHARS), p.span)
        title = values.get("title")
        if title is not None and isinstance(title[0], str) and len(title[0]) > MAX_TITLE_CHARS:
            said = _("the session's title is {length} characters long: at most {most}")
            self._error(said.format(length=grouped(len(title[0])), most=MAX_TITLE_CHARS), title[1])
        rules = values.get("rules")
        return Header(title=values.get("title", (None,))[0], date=values.get("date", (None,))[0],
                      players=tuple(players), rules=rules[0] if rules else None,
                      rules_span=rules[1] if rules else None, rule_lines=rule_lines,
                      stake=values.get("stake", (None,))[0], has_players="players" in values,
                      lines=lines)

    # ------------------------------------------------------------------ hand
    def hand_line(self, hand_tok: Token, number: Token | None = None) -> tuple[int, Span]:
        span = self._span(hand_tok)
        expected = self.hand_number if self.hand_number is not None else 1
        if number is None:
            return expected, span
        text = str(number)
        if not is_count(text):
            self._error(_("'{value}' is not a hand number: expected a whole number, or 'hand' alone").format(
                value=shortened(text)), self._span(number))
            return expected, span
        if int(text) != expected:
            self._error(_("hand {number} is out of order: hands count up from 1, so this is hand {expected}"
                          ).format(number=text, expected=expected), self._span(number))
            return expected, span
        return int(text), span

    def dealer_line(self, name: Token) -> Name:
        return self._name(name)

    def hand(self, head: tuple[int, Span], dealer: Name, *items: tuple[str, Span, object]) -> HandRecord:
        number, span = head
        fields: dict[str, object] = {}
        last_order, last_key = -1, ""
        irregulars = []
        for key, item_span, value in items:
            if key == "irregular":
                irregulars.append(value)
                continue
            if key in fields:
                self._error(_("'{key}:' is given twice in hand {number}").format(key=key, number=number),
                            item_span)
                continue
            order = SECTION_ORDER.get(key)
            if order is not None:
                if order < last_order:
                    message = _("'{key}:' must come before '{last}:' in a hand")
                    self._error(message.format(key=key, last=last_key), item_span)
                last_order, last_key = order, key
            fields[key] = (item_span, value)
        lines = (("hand", span.line), ("dealer", dealer.span.line)) + \
            tuple((key, item_span.line) for key, item_span, _ in items)
        return self._make_hand(number, span, dealer, fields, tuple(irregulars), lines)

    def _make_hand(self, number, span, dealer, fields, irregulars, lines) -> HandRecord:
        void = fields.get("void")
        if void:
            for key in ("deal", "exchange", "tricks", "events", "announce"):
                if key in fields:
                    message = _("a void hand (void: misdeal) has no '{key}:'")
                    self._error(message.format(key=key), fields[key][0])
        get = lambda key, default=None: fields[key][1] if key in fields else default  # noqa: E731
        return HandRecord(number=number, dealer=dealer, span=span, deal=get("deal"),
                          exchange=get("exchange"), announce=get("announce"),
                          tricks=get("tricks", ()), events=get("events"), irregulars=irregulars,
                          void=bool(void),
                          void_span=void[0] if void else None, claims_waived="claims" in fields,
                          table=get("table"), lines=lines)

    def deal(self, tok: Token, *lines: DealLine):
        return "deal", self._span(tok), tuple(lines)

    def deal_line(self, *args: Token) -> DealLine:
        name, cards, rest = self._named_cards(args)
        face_down = rest[0] if rest else None
        down = self._card(str(face_down), self._span(face_down)) if face_down is not None else None
        return DealLine(name, cards, down, name.span)

    def _named_cards(self, args: tuple[Token, ...]
                     ) -> tuple[Name, tuple[PlacedCard, ...], tuple[Token, ...]]:
        """``NAME: CARDS`` from its one token (NAMED_CARDS) or its three; the tokens after."""
        first = args[0]
        if first.type != "NAMED_CARDS":
            return self._name(first), self._cards(args[1]), args[2:]
        match = _NAMED_CARDS.match(str(first))
        assert match is not None  # the terminal's own pattern
        at = self._span(first)
        cards = self._card_list(match.group(2), at.line, at.column + match.start(2))
        return self._name_at(match.group(1), at), cards, args[1:]

    def exchange(self, tok: Token, *lines: ExchangeLine):
        return "exchange", self._span(tok), tuple(lines)

    def ex_discards(self, *args: Token) -> ExchangeLine:
        if args[0].type == "NAME_DISCARDS":
            name, card = self._split_exchange(args[0])
        else:
            name, card = self._name(args[0]), self._card(str(args[1]), self._span(args[1]))
        return ExchangeLine(name, "discards", card, name.span)

    def ex_discards_two(self, *args: Token) -> ExchangeLine:
        """``NAME discards CARD CARD``: two cards discarded, so he plays with ten."""
        if args[0].type == "NAME_DISCARDS":
            name, card = self._split_exchange(args[0])
        else:
            name, card = self._name(args[0]), self._card(str(args[1]), self._span(args[1]))
        second = self._card(str(args[-1]), self._span(args[-1]))
        return ExchangeLine(name, "discards-two", card, name.span, second)

    def ex_keeps(self, tok: Token) -> ExchangeLine:
        name = self._split_exchange(tok)[0] if tok.type == "NAME_KEEPS" else self._name(tok)
        return ExchangeLine(name, "keeps", None, name.span)

    def _split_exchange(self, tok: Token) -> tuple[Name, PlacedCard | None]:
        """The name, and the card if any, of one NAME_DISCARDS or NAME_KEEPS token."""
        match = _EXCHANGE.match(str(tok))
        assert match is not None  # the terminals' own patterns
        at, card = self._span(tok), match.group(2)
        name = self._name_at(match.group(1), at)
        if card is None:
            return name, None
        return name, self._card(card, Span(at.line, at.column + match.start(2), len(card)))

    def ex_peeks(self, name: Token, card: Token) -> ExchangeLine:
        who = self._name(name)
        return ExchangeLine(who, "peeks", self._card(str(card), self._span(card)), who.span)

    def ex_exposes(self, name: Token, card: Token) -> ExchangeLine:
        who = self._name(name)
        return ExchangeLine(who, "exposes", self._card(str(card), self._span(card)), who.span)

    def ex_takes(self, name: Token) -> ExchangeLine:
        who = self._name(name)
        return ExchangeLine(who, "takes", None, who.span)

    def announce(self, tok: Token, name: Token):
        return "announce", self._span(tok), self._name(name)

    def tricks(self, tok: Token, *lines: TrickLine):
        self.trick = None
        return "tricks", self._span(tok), tuple(lines)

    def _trick_number(self, args: tuple) -> tuple[int | None, tuple]:
        self.trick_count += 1
        self.trick = self.trick_count
        first = args[0]
        if isinstance(first, Token) and first.type == "TRICK_NUMBER":
            self.number_span = self._span(first)
            number = trick_number(str(first))
            if number is None:
                self._error(_("'{value}' is not a trick number: tricks are numbered 1 to 11").format(
                    value=shortened(str(first))), self.number_span)
            return number, args[1:]
        self.number_span = None
        return None, args

    def short_trick(self, *args) -> TrickLine:
        number, rest = self._trick_number(args)
        rest, gatherer = _gathered_of(rest)
        leader, cards, _ = self._named_cards(rest)
        return TrickLine(number, leader, cards, None, self.number_span or leader.span, gatherer)

    def explicit_trick(self, *args) -> TrickLine:
        number, rest = self._trick_number(args)
        rest, gatherer = _gathered_of(rest)
        names = [self._name(t) for t in rest[0::2]]
        cards = tuple(self._card(str(tok), self._span(tok)) for tok in rest[1::2])
        return TrickLine(number, names[0], cards, tuple(names), self.number_span or names[0].span,
                         gatherer)

    def gathered(self, name: Token) -> Gathered:
        return Gathered(self._name(name))

    # ------------------------------------------------------------------ events
    def events(self, tok: Token, *lines: tuple[str, object]):
        self.trick = None
        parts: dict[str, list] = {"party": [], "points": [], "talon": [], "cards": [], "reversis": [],
                                  "espagnolette": []}
        for key, value in lines:
            parts[key].append(value)
        record = EventsRecord(self._span(tok), **{k: tuple(v) for k, v in parts.items()})
        return "events", self._span(tok), record

    def _count(self, tok: Token) -> int | None:
        text = str(tok)
        if not is_count(text):
            self._error(_("'{value}' is too large a number").format(value=shortened(text)), self._span(tok))
            return None
        return int(text)

    def _score(self, name: Token, counts: tuple[Token, ...]) -> PlayerPoints:
        who = self._name(name)
        numbers = [self._count(t) for t in counts]
        return PlayerPoints(who, numbers[0] if numbers else None, numbers[1] if len(numbers) > 1 else None,
                            who.span)

    def party_line(self, _tok: Token, *sides: PartySide):
        return "party", tuple(sides)

    def party_side(self, name: Token, verb: Token, *counts: Token) -> PartySide:
        return PartySide(str(verb) == "wins", self._score(name, counts))

    def points_line(self, _tok: Token, *scores: PlayerPoints):
        return "points", tuple(scores)

    def player_points(self, name: Token, *counts: Token) -> PlayerPoints:
        return self._score(name, counts)

    def talon_line(self, tok: Token, value: Token):
        if value.type == "TALON_POINTS":
            number = str(value).split()[0]
            if not is_count(number):  # (never 0 in its place: the hand would be settled wrong)
                self._error(_("'{value}' is too large a number").format(value=shortened(number)),
                            self._span(value))
                return "talon", (0, self._span(value))
            return "talon", (int(number), self._span(value))
        return "talon", (self._cards(value), self._span(value))

    def _token_card(self, tok: Token) -> PlacedCard:
        return self._card(str(tok), self._span(tok))

    def _event_number(self, tok: Token) -> tuple[int | None, Span]:
        span = self._span(tok)
        number = trick_number(str(tok))
        if number is None:
            self._error(_("'{value}' is not a trick number: tricks are numbered 1 to 11").format(
                value=shortened(str(tok))), span)
        return number, span

    def placed_line(self, number: Token, player: Token, card: Token, *rest: Token):
        trick, span = self._event_number(number)
        suit = str(rest[0]) if len(rest) == 3 else None
        taker, verb = rest[-2], rest[-1]
        symbol = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
        return "cards", EventCard(trick, "placed", self._name(player), self._token_card(card),
                                  self._name(taker), symbol.get(suit, suit.upper()) if suit else None,
                                  str(verb) == "gathers", span)

    def led_line(self, number: Token, player: Token, card: Token):
        trick, span = self._event_number(number)
        return "cards", EventCard(trick, "led", self._name(player), self._card(str(card), self._span(card)),
                                  None, None, False, span)

    def forced_line(self, number: Token, leader: Token, card: Token, player: Token):
        trick, span = self._event_number(number)
        return "cards", EventCard(trick, "forced", self._name(player), self._token_card(card),
                                  self._name(leader), None, False, span)

    def reversis_made(self, tok: Token, name: Token):
        return "reversis", ReversisLine(self._name(name), None, None, False, self._span(tok))

    def reversis_broken(self, tok: Token, name: Token, breaker: Token, number: Token, *quinola: Token):
        return "reversis", ReversisLine(self._name(name), self._name(breaker), self._count(number),
                                        bool(quinola), self._span(tok))

    def espagnolette_line(self, tok: Token, name: Token, verb: Token):
        return "espagnolette", EspagnoletteLine(self._name(name), str(verb) == "wins", self._span(tok))

    def irregular(self, tok: Token, kind: Token, name: Token):
        return "irregular", self._span(tok), Irregular(str(kind), self._name(name), self._span(kind))

    def void(self, tok: Token):
        return "void", self._span(tok), True

    def claims(self, tok: Token):
        return "claims", self._span(tok), True

    def table(self, tok: Token, *lines: TableLine):
        return "table", self._span(tok), tuple(lines)

    def table_line(self, payer, arrow: Token, payee, amount: Token) -> TableLine:
        sides = [self._side(s) for s in (payer, payee)]
        span = self._span(arrow)
        value = str(amount)
        if not is_count(value) or int(value) == 0:
            message = _("'{value}' is not an amount: expected a whole number of fish from 1 to {most}")
            self._error(message.format(value=shortened(value), most=grouped(MAX_FISH)), self._span(amount))
            value = "0"
        for side, tok in ((sides[0], payer), (sides[1], payee)):
            if pool_number(side) == 0:
                self._error(_("'{side}' is not a pool: pools are numbered from pool:1, the oldest").format(
                    side=shortened(side)), self._span(tok))
        if sides[0] == sides[1]:
            self._error(_("'{side}' pays itself: payer and payee must differ").format(side=sides[0]), span)
        return TableLine(sides[0], sides[1], int(value), span, self._span(payer), self._span(payee))

    @staticmethod
    def _side(side: Token) -> str:
        return unquoted(str(side))
