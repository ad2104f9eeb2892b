"""Changing a card already played in the hand under way, where it lies, and taking back one
card (never a whole trick).

A card is fixed by taking the tricks back to the one that holds it, then entering the cards
again one by one through the Recorder's own checks (``PlaySteps.cards``), the wrong card
replaced. Each later card is kept as *the card of its player in its trick*: when the fix
changes who wins a trick, the next trick's leader changes, and each card stays with the
player who played it. The first card that no longer passes the checks stops the replay: it and the cards
after it are said, to be entered again. Nothing is changed when the new card itself is
refused.

>>> from reversis_score.record.session import Recorder
>>> r = Recorder("x.rvs", interactive=False)
>>> for line in ["players: A B C D", "dealer: D", "2C 3C 4C 5C", "6C 7C"]:
...     _ = r.enter(line)
>>> replace_card(r, 1, "C", "KH").said
['4♣ → K♥ (C, trick 1); the 3 cards after it are kept']
>>> replace_card(r, 1, "B", "8C").said[1]
'no longer possible, taken out: 6♣ (D, trick 2), 7♣ (A, trick 2); enter them again'
>>> undo_card(r).said, r.hand.trick
(['took back 5♣ (D, trick 1)'], ['2C', '8C', 'KH'])
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from reversis_score.i18n import _, fill, ngettext
from reversis_score.notation.cards import Card, looks_like_card
from reversis_score.record.entries import read_entry
from reversis_score.record.header import Reply
from reversis_score.record.words import face

if TYPE_CHECKING:
    from reversis_score.record.play import PlaySteps

Play = tuple[int, str, str]  # trick number, player, card (the notation's spelling)


def plays_so_far(recorder: PlaySteps) -> list[Play]:
    """Every card played in the hand under way, in order of play (the trick under way too)."""
    hand = recorder.hand
    if hand is None:
        return []
    check = hand.check(recorder.players, recorder.knobs, recorder.previous_dealer)
    return [(t.number, who, str(card)) for t in check.tricks for who, card in t.plays]


def undo_card(recorder: PlaySteps) -> Reply | None:
    """Take back the last card played: from the trick under way, or the last card of the last
    trick (the trick is then under way again). None when the last entry is not a card."""
    hand = recorder.hand
    if hand is None or hand.block:
        return None
    if hand.trick:
        plays = plays_so_far(recorder)
        hand.trick.pop()
        return Reply(said=[_took(plays[-1])])
    if not hand.entered or hand.entered[-1] != "tricks":
        return None
    plays = plays_so_far(recorder)
    number = plays[-1][0]
    last = [p for p in plays if p[0] == number]
    hand.undo_line()
    hand.leader = last[0][1]
    hand.trick = [card for _, _, card in last[:-1]]
    recorder.revokes_told = set()
    return Reply(said=[_took(last[-1])])


def replace_card(recorder: PlaySteps, number: int, player: str, card: str) -> Reply:
    """``player``'s card in trick ``number`` becomes ``card``; the cards after it are entered
    again, each kept while it passes the checks."""
    hand = recorder.hand
    if hand is None or not looks_like_card(card):
        return Reply(refused=[_("no card to change: no hand is under way")])
    plays = plays_so_far(recorder)
    found = next((i for i, (t, who, _) in enumerate(plays) if t == number and who == player), None)
    if found is None:
        return Reply(refused=[fill(_("{player} has no card in trick {number} yet"), player=player,
                                   number=number)])
    old, new = plays[found][2], str(Card.parse(card))
    if old == new:
        return Reply(said=[_("{card} stays as it was").format(card=face(Card.parse(new)))])
    saved = (copy.deepcopy(hand), set(recorder.revokes_told), recorder.table_open, list(recorder.comments))
    later_lines = _take_back_to(recorder, number, plays)
    wanted = {(t, who): c for t, who, c in plays[found + 1:]}
    before = [c for t, _, c in plays[:found] if t == number]  # the trick's cards before it
    first = recorder.cards(read_entry(" ".join([*before, new])))  # checked as any card
    if first.refused:
        recorder.hand, recorder.revokes_told, recorder.table_open, recorder.comments = saved
        return Reply(refused=first.refused)
    kept, lost = _enter_again(recorder, plays[found + 1:], wanted)
    lost_lines = _lines_again(recorder, later_lines) if not lost else later_lines
    head = _("{old} → {new} ({player}, trick {number})").format(
        old=face(Card.parse(old)), new=face(Card.parse(new)), player=player, number=number)
    return Reply(said=_fixed_words(recorder, head, kept, lost, lost_lines))


def replace_trick(recorder: PlaySteps, number: int, cards: list[str]) -> Reply:
    """Trick ``number`` entered again whole: its four ``cards`` in order of play, from the
    leader it had; the tricks after it are entered again, each card kept as the card of its
    player in its trick while it passes the checks (as ``replace_card`` keeps them)."""
    hand = recorder.hand
    plays = plays_so_far(recorder)
    trick = [p for p in plays if p[0] == number]
    if hand is None or len(trick) != 4 or len(cards) != 4 or not all(map(looks_like_card, cards)):
        return Reply(refused=[fill(_("trick {number} is not a finished trick of this hand: its four "
                                     "cards are needed"), number=number)])
    saved = (copy.deepcopy(hand), set(recorder.revokes_told), recorder.table_open, list(recorder.comments))
    later_lines = _take_back_to(recorder, number, plays)
    first = recorder.cards(read_entry(" ".join(cards)))  # checked as any card
    if first.refused or len(recorder.hand.trick_lines if recorder.hand else []) < number:
        recorder.hand, recorder.revokes_told, recorder.table_open, recorder.comments = saved
        return Reply(refused=first.refused or [fill(_("trick {number} is not whole"), number=number)])
    later = [p for p in plays if p[0] > number]
    kept, lost = _enter_again(recorder, later, {(t, who): c for t, who, c in later})
    lost_lines = _lines_again(recorder, later_lines) if not lost else later_lines
    head = fill(_("trick {number} entered again: {cards}"), number=number,
                cards=" ".join(face(Card.parse(c)) for c in cards))
    return Reply(said=_fixed_words(recorder, head, kept, lost, lost_lines))


def _fixed_words(recorder: PlaySteps, head: str, kept: int, lost: list[Play],
                 lost_lines: list[tuple[str, str]]) -> list[str]:
    """What a fix says: ``head`` and how many later cards it kept; the later cards no longer
    possible, the lines after the tricks, taken out."""
    said = [head + (ngettext("; the {kept} card after it are kept", "; the {kept} cards after it are kept",
                             kept).format(kept=kept) if kept else "")]
    if lost:
        said.append(_("no longer possible, taken out: {plays}; enter them again").format(
            plays=", ".join(_play(t, who, c) for t, who, c in lost)))
    if lost_lines:
        said.append(_("taken back as well: {lines}").format(lines=_("; ").join(
            " ".join(recorder.shown(line).split()) for _part, line in lost_lines)))
    return said


def _take_back_to(recorder: PlaySteps, number: int, plays: list[Play]) -> list[tuple[str, str]]:
    """Take back the tricks from ``number`` on (and the hand's lines after its tricks, which
    are returned to be entered again); the trick ``number`` is then to be played, by the
    leader it had."""
    hand = recorder.hand
    assert hand is not None
    after: list[tuple[str, str]] = []
    while hand.entered and hand.entered[-1] in ("tail", "table"):
        part = hand.entered[-1]
        line = hand.undo_line()
        assert line is not None
        after.insert(0, (part, line))
    while hand.entered and hand.entered[-1] == "tricks" and len(hand.trick_lines) >= number:
        hand.undo_line()
    hand.trick = []
    hand.leader = next(who for t, who, _ in plays if t == number)
    recorder.table_open = False
    recorder.revokes_told = set()
    return after


def _enter_again(recorder: PlaySteps, later: list[Play],
                 wanted: dict[tuple[int, str], str]) -> tuple[int, list[Play]]:
    """Enter each player's later cards again, trick by trick, in the order of play the fixed
    hand now has; how many were kept, and the ones that were not (in their first order)."""
    kept = 0
    while wanted:
        hand = recorder.hand
        assert hand is not None
        key = (len(hand.trick_lines) + 1, recorder.to_play() or "")
        card = wanted.get(key)
        if card is None or recorder.cards(read_entry(card)).refused:
            break
        del wanted[key]
        kept += 1
    return kept, [p for p in later if (p[0], p[1]) in wanted]


def _lines_again(recorder: PlaySteps, lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The hand's lines after its tricks committed again; those refused now."""
    refused = []
    for part, line in lines:
        if recorder.commit_line(part, line).refused:
            refused.append((part, line))
    return refused


def _play(number: int, who: str, card: str) -> str:
    """``5♣ (Denis, trick 1)``."""
    return _("{card} ({player}, trick {number})").format(card=face(Card.parse(card)), player=who,
                                                          number=number)


def _took(play: Play) -> str:
    return _("took back {play}").format(play=_play(*play))
