"""The words ``record`` says that need no recorder: the banner, the help, who won a trick, a
hand's settlement beside the running balances. Plain text within 80 columns; nothing said by
colour alone. (``show`` adds the prompts and the toolbar, which read the recorder.)
"""
from __future__ import annotations

import textwrap
from collections.abc import Iterable

from reversis_score.i18n import N_, _, fill, is_french
from reversis_score.i18n import number as number_of
from reversis_score.notation.cards import Card
from reversis_score.render.csv_rows import pools_text
from reversis_score.render.tables import Block, outcome_words, write_blocks
from reversis_score.replay.play import PlayedTrick
from reversis_score.settle.hand import HandSettlement


class Said(str):
    """A message kept in a constant (``BANNER``): put in the chosen language as it is filled
    (``BANNER.format(file=...)``), whenever the constant was read."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:  # type: ignore[override]
        return fill(_(str(self)), **kwargs)


BANNER = Said(N_("{file}: each line is written as it is entered; type help for the commands."))
INTERRUPTED = Said(N_("interrupted: everything entered is written (the cards of a trick under way too);\n"
                      "`reversis-score record {file}` goes on from there."))
HELP_ENTERING = N_("""\
Enter the cards in order of play, one at a prompt or a trick's four on a line,
spelt as a .rvs file spells them: AS, 9h, A♦, and 10C or TC where the pack has
tens. Enter takes what a prompt proposes; Tab offers what may come next. A .rvs
line works at any prompt too (dealer: Anne, tricks:, Claire: 2C JC 7C 5C). A
hand may be recorded by its events instead: `events:` after the dealer, then
one event a line (party: Anne wins, Claire loses; talon: 7 points; 3. Anne
places AD, Bruno takes it; 5. Denis forces JH from Claire; 7. Bruno leads AC;
reversis: Anne makes it), Enter ends.""")
HELP_COMMANDS = N_("""\
Commands, at any prompt:
  undo                 take back the last card, or the last whole line
  irregular KIND NAME  revoke, out-of-turn, peek, expose or misdeal (RULES §10)
  void                 this hand is void (a misdeal)
  claims waived        the led Aces and Quinola were not claimed
  table                the payments as made: PAYER -> PAYEE AMOUNT (Enter ends)
  show                 this hand so far
  help (or ?)          this text
  quit (or exit)       stop here (everything entered is written already)""")
HELP = HELP_ENTERING + "\n" + HELP_COMMANDS
# How a French record's cards and lines are entered (the help's first paragraph for it).
HELP_FRENCH_RECORD = N_("""\
This record is written in French (langue: fr): enter its cards with the French
letters, R roi, D dame, V valet and P pique, C cœur, K carreau, T trèfle (RC is
the king of hearts, VC the Quinola, AT the Ace of clubs; a ten is 10), in order
of play, one at a prompt or a trick's four on a line. Enter takes what a prompt
proposes; Tab offers what may come next. A line of the record works at any
prompt too (donneur: Anne, levées:, Claire: 2T VT 7T 5T). A hand may be
recorded by its events instead: `événements:` after the dealer, then one event
a line, Enter ends.""")

# Words a scorer may type for a command: each is taken as the command it means.
SAME_AS = {"exit": "quit", "bye": "quit", "stop": "quit", "q": "quit", ":q": "quit",
           "?": "help", "h": "help", "commands": "help", "back": "undo", "oops": "undo",
           "status": "show"}
# The commands in French, understood when the program speaks French or the record is French.
FRENCH_SAME_AS = {"quitter": "quit", "sortir": "quit", "fin": "quit", "aide": "help", "annuler": "undo",
                  "retour": "undo", "montrer": "show", "voir": "show", "nul": "void",
                  "réclamations abandonnées": "claims waived", "reclamations abandonnees": "claims waived"}
FRENCH_KINDS = {"renonce": "revoke", "avant-son-tour": "out-of-turn", "regard": "peek",
                "découverte": "expose", "maldonne": "misdeal"}
# Words that sound like commands record has not: refused with the words it knows.
NOT_COMMANDS = ("clear", "cls", "reset", "cancel", "abort", "delete", "del", "erase", "redo",
                "save", "list", "restart", "menu")
KNOWN = N_("the commands are undo (take back the last card), show, help, quit, void, claims waived, "
           "table and irregular KIND NAME; type help for what each does")


def help_text(french_record: bool = False) -> str:
    """``help``: how to enter the cards (as the record spells them) and the commands."""
    if not (french_record or is_french()):
        return HELP
    return (_(HELP_FRENCH_RECORD) if french_record else _(HELP_ENTERING)) + "\n" + _(HELP_COMMANDS)


def known() -> str:
    return _(KNOWN)


def token_face(token: str, spelled: str) -> str:
    """A card the scorer typed (the grammar's ``JH``), said in a line for people: in French its
    face, « V♥ », as every French line shows a card; in English as typed (``spelled``)."""
    return face(Card.parse(token)) if is_french() else spelled


def face(card: Card) -> str:
    """A card for people: ``K♦``; in French its French rank, ``R♦`` (roi, dame, valet)."""
    if not is_french():
        return card.symbol()
    from reversis_score.record.entries import face as french_face
    return french_face(card)


def joined(reasons: Iterable[str]) -> str:
    """Reasons one after the other: ``a; b`` (in French with its narrow space: « a ; b »)."""
    return _("; ").join(reasons)


def no_hand() -> str:
    return _("no hand is under way: give the dealer first")


def needs_every_line(kind: str, first: bool = False) -> str:
    """The refusal of a deal or an exchange short of a player's line."""
    if kind == "deal":
        return _("the deal needs a line for every player first (or `undo`)") if first else \
            _("the deal needs a line for every player (or `undo`)")
    return _("the exchange needs a line for every player first (or `undo`)") if first else \
        _("the exchange needs a line for every player (or `undo`)")


def comes_once(kind: str) -> str:
    if kind == "deal":
        return _("the deal comes once, before the tricks (`undo` to change it)")
    return _("the exchange comes once, before the tricks (`undo` to change it)")


def understood(raw: str, question: str, players: tuple[str, ...],
               french: bool = False, french_record: bool = False) -> tuple[str, str | None]:
    """An entry as a scorer means it: the line to enter (a command's other word taken as the
    command; names separated by commas as names), or the refusal that says what is known
    (a command record has not; a dealer who is not a player).

    ``french``: the command words are understood in French too (``annuler``, ``quitter``,
    ``irrégulier renonce Bruno``); ``french_record``: the cards are French ones (``RC``).
    """
    text, hash_, comment = raw.partition("#")
    word = " ".join(text.split()).lower()
    again = f"  #{comment}" if hash_ else ""
    if word in SAME_AS:
        return SAME_AS[word] + again, None
    french = french or french_record
    if french and word in FRENCH_SAME_AS:
        return FRENCH_SAME_AS[word] + again, None
    if french and word.startswith(("irrégulier ", "irregulier ")) and ":" not in word:
        kind, _space, rest = " ".join(text.split()).split(" ", 1)[1].partition(" ")
        return f"irregular {FRENCH_KINDS.get(kind.lower(), kind)} {rest}".rstrip() + again, None
    if word in NOT_COMMANDS and question != "session":
        return raw, _("'{word}' is not a word record knows: {known}").format(word=word, known=known())
    if (question == "players" or word.startswith(("players:", "joueurs:"))) and "," in text and \
            '"' not in text:
        return " ".join(text.replace(",", " ").split()) + again, None
    dealer = _dealer(text, word, question)
    names = {p.casefold() for p in players}
    if players and _a_name(dealer.lower(), french_record) and dealer.casefold() not in names:
        from reversis_score.notation.suggest import nearest
        close = nearest(dealer, players)
        return raw, (_("'{name}' is not a player of this session (players: {players}); did you mean "
                       "'{close}'?") if close else _("'{name}' is not a player of this session (players: "
                                                      "{players})")).format(
            name=dealer, players=" ".join(players), close=close)
    if question == "card" and _a_name(word, french_record) and word not in names:
        return raw, _("'{entry}' is not a card, and not a word record knows: {known}").format(
            entry=" ".join(text.split()), known=known())
    return raw, None


def _dealer(text: str, word: str, question: str) -> str:
    """The dealer an entry names (``dealer: X``, ``donneur: X``, or X at the dealer's prompt)."""
    for keyword in ("dealer:", "donneur:"):
        if word.startswith(keyword):
            return " ".join(text.split())[len(keyword):].strip()
    return " ".join(text.split()) if question in ("dealer", "after") else ""


def _a_name(word: str, french_record: bool = False) -> bool:
    """One word of letters (not a card, not a command, not a .rvs line)."""
    from reversis_score.notation.cards import looks_like_card
    if french_record:
        from reversis_score.notation.french import french_card
        if french_card(word) is not None:
            return False
    return bool(word) and " " not in word and word.isalpha() and not looks_like_card(word) and \
        word not in ("undo", "show", "help", "quit", "table", "void", "hand", "tricks")


class Note(str):
    """Something said that needs the scorer's attention (a revoke a later card reveals, a hand
    that cannot be settled): shown even when piped input runs quietly."""

    __slots__ = ()


def trick_won(trick: PlayedTrick) -> str:
    """``trick 3: Bruno wins it with K♦`` (or, gathered by another: ``Claire gathers it``)."""
    who, best = max(((w, c) for w, c in trick.plays if c.suit == trick.suit), key=lambda p: p[1].strength)
    if who != trick.winner:
        return fill(_("trick {number}: {winner} gathers it, won by {who} with {card}: it counts for "
                      "{winner}"), number=trick.number, winner=trick.winner, who=who, card=face(best))
    return fill(_("trick {number}: {winner} wins it with {card}"), number=trick.number, winner=trick.winner,
                card=face(trick.winning_card))


def wrap(text: str) -> str:
    """An indented note within 80 columns."""
    return textwrap.fill(text, 80, initial_indent="  ", subsequent_indent="    ")


def settlement(number: int, s: HandSettlement, stake: int, totals: dict[str, int],
               between: dict[str, int]) -> str:
    """The hand as ``settle`` words it (outcome, pools after) and its nets beside the running
    balances (``settle``'s Balances table: ``totals`` and ``between`` include this hand)."""
    title = wrap(_("Hand {number} settled: {outcome}; pools after: {pools}").format(
        number=number, outcome=outcome_words(s.outcome, s), pools=pools_text(s.pools_after))).strip()
    rows: list[list[str | int]]
    if is_french():
        rows = [[p, _signed(s.net[p]) if s.net[p] else "0", _signed(totals[p]), number_of(stake + totals[p]),
                 _signed(between[p]), number_of(between[p] - totals[p])] for p in totals]
    else:  # as ever: the numbers as Python writes them
        rows = [[p, f"{s.net[p]:+d}" if s.net[p] else "0", f"{totals[p]:+d}", stake + totals[p],
                 f"{between[p]:+d}", between[p] - totals[p]] for p in totals]
    headers = [_("player"), _("this hand"), _("net"), _("balance"), _("from players"), _("into pools")]
    return write_blocks([Block(title, headers, rows)], "table").rstrip("\n")


def _signed(value: int) -> str:
    """``+5``, ``−5`` (the typographic minus), grouped the French way."""
    return ("+" if value > 0 else "") + number_of(value)


def kept_words(kept: tuple[str, ...], after: tuple[str, ...]) -> list[str]:
    """What stands of a line of cards refused part way: the cards written before the refused
    one, and those after it, which are not (a refused card would put them in the wrong hands)."""
    if not kept and not after:
        return []
    shown = " ".join(face(Card.parse(c)) for c in kept)
    text = _("written: {cards}").format(cards=shown) if kept else _("nothing of the line is written")
    if after:
        text += _("; not written: {cards} (enter them again)").format(
            cards=" ".join(face(Card.parse(c)) for c in after))
    return [Note(text)]
