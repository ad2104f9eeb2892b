"""The words ``record`` says that need no recorder: the banner, the help, who won a trick, a
hand's settlement beside the running balances. Plain text within 80 columns; nothing said by
colour alone. (``show`` adds the prompts and the toolbar, which read the recorder.)
"""
from __future__ import annotations

import textwrap

from reversis_score.render.tables import Block, outcome_words, pools_text, write_blocks
from reversis_score.replay.play import PlayedTrick
from reversis_score.settle.hand import HandSettlement

BANNER = "{file}: each line is written as it is entered; type help for the commands."
INTERRUPTED = ("interrupted: everything entered is written (the cards of a trick under way too);\n"
               "`reversis-score record {file}` goes on from there.")
HELP = """\
Enter the cards in order of play, one at a prompt or a trick's four on a line,
spelt as a .rvs file spells them: AS, 9h, A♦, and 10C or TC where the pack has
tens. Enter takes what a prompt proposes; Tab offers what may come next. A .rvs
line works at any prompt too (dealer: Anne, tricks:, Claire: 2C JC 7C 5C). A
hand may be recorded by its events instead: `events:` after the dealer, then
one event a line (party: Anne wins, Claire loses; talon: 7 points; 3. Anne
places AD, Bruno takes it; 5. Denis forces JH from Claire; 7. Bruno leads AC;
reversis: Anne makes it), Enter ends.
Commands, at any prompt:
  undo                 take back the last card, or the last whole line
  irregular KIND NAME  revoke, out-of-turn, peek, expose or misdeal (RULES §10)
  void                 this hand is void (a misdeal)
  claims waived        the led Aces and Quinola were not claimed
  table                the payments as made: PAYER -> PAYEE AMOUNT (Enter ends)
  show                 this hand so far
  help (or ?)          this text
  quit (or exit)       stop here (everything entered is written already)"""

# Words a scorer may type for a command: each is taken as the command it means.
SAME_AS = {"exit": "quit", "bye": "quit", "stop": "quit", "q": "quit", ":q": "quit",
           "?": "help", "h": "help", "commands": "help", "back": "undo", "oops": "undo",
           "status": "show"}
# Words that sound like commands record has not: refused with the words it knows.
NOT_COMMANDS = ("clear", "cls", "reset", "cancel", "abort", "delete", "del", "erase", "redo",
                "save", "list", "restart", "menu")
KNOWN = ("the commands are undo (take back the last card), show, help, quit, void, claims waived, "
         "table and irregular KIND NAME; type help for what each does")


def understood(raw: str, question: str, players: tuple[str, ...]) -> tuple[str, str | None]:
    """An entry as a scorer means it: the line to enter (a command's other word taken as the
    command; names separated by commas as names), or the refusal that says what is known
    (a command record has not; a dealer who is not a player)."""
    text, hash_, comment = raw.partition("#")
    word = " ".join(text.split()).lower()
    if word in SAME_AS:
        return SAME_AS[word] + (f"  #{comment}" if hash_ else ""), None
    if word in NOT_COMMANDS and question != "session":
        return raw, f"'{word}' is not a word record knows: {KNOWN}"
    if (question == "players" or word.startswith("players:")) and "," in text and '"' not in text:
        return " ".join(text.replace(",", " ").split()) + (f"  #{comment}" if hash_ else ""), None
    dealer = " ".join(text.split()).removeprefix("dealer:").strip() if word.startswith("dealer:") else \
        " ".join(text.split()) if question in ("dealer", "after") else ""
    if players and _a_name(dealer.lower()) and dealer.casefold() not in {p.casefold() for p in players}:
        from reversis_score.notation.suggest import did_you_mean
        close = did_you_mean(dealer, players)
        return raw, f"'{dealer}' is not a player of this session (players: {' '.join(players)}){close}"
    if question == "card" and _a_name(word) and word not in {p.casefold() for p in players}:
        return raw, f"'{' '.join(text.split())}' is not a card, and not a word record knows: {KNOWN}"
    return raw, None


def _a_name(word: str) -> bool:
    """One word of letters (not a card, not a command, not a .rvs line)."""
    from reversis_score.notation.cards import looks_like_card
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
        return (f"trick {trick.number}: {trick.winner} gathers it, won by {who} with {best.symbol()}: "
                f"it counts for {trick.winner}")
    return f"trick {trick.number}: {trick.winner} wins it with {trick.winning_card.symbol()}"


def wrap(text: str) -> str:
    """An indented note within 80 columns."""
    return textwrap.fill(text, 80, initial_indent="  ", subsequent_indent="    ")


def settlement(number: int, s: HandSettlement, stake: int, totals: dict[str, int],
               between: dict[str, int]) -> str:
    """The hand as ``settle`` words it (outcome, pools after) and its nets beside the running
    balances (``settle``'s Balances table: ``totals`` and ``between`` include this hand)."""
    title = wrap(f"Hand {number} settled: {outcome_words(s.outcome, s)}; pools after: "
                 f"{pools_text(s.pools_after)}").strip()
    rows = [[p, f"{s.net[p]:+d}" if s.net[p] else "0", f"{totals[p]:+d}", stake + totals[p],
             f"{between[p]:+d}", between[p] - totals[p]] for p in totals]
    headers = ["player", "this hand", "session", "balance", "from players", "into pools"]
    return write_blocks([Block(title, headers, rows)], "table").rstrip("\n")
