"""Mutation testing of the settlement, the replay and the rules with mutmut (a script, not in CI).

    nice -n 15 python bench/mutate.py                       # settle/ under the settle-focused tests
    nice -n 15 python bench/mutate.py --only replay rules   # the replay and the rules
    nice -n 15 python bench/mutate.py --resume              # a stopped run goes on (results kept)
    nice -n 15 python bench/mutate.py --verify              # survivors on tests/test_mutants_killed.py now
    python bench/mutate.py --report                         # the last run's results again

mutmut changes one thing at a time in the code (a ``<`` into ``<=``, a ``9`` into ``10``, a
``and`` into ``or``, ...) and runs the tests that reach the changed function: a mutant no test
notices "survives". The script copies the checkout into ``build/mutation/`` (git-ignored; the
checkout itself is never changed), adds mutmut's settings to that copy's pyproject.toml, runs
``mutmut run`` there and writes ``bench/mutants.md``: the score per package and every surviving
mutant as a diff, to be killed by a new test or explained.

Hypothesis is held to fixed examples (``--hypothesis-seed=0``, the ``mutation`` profile of
tests/conftest.py: derandomized, no example database), so a mutant is caught or not the same
way on every run. Only the settle-focused test files run (``TESTS``): the whole suite takes
minutes a mutant. mutmut needs a fork-capable POSIX system. settle/'s 1,991 mutants took 70 min
with two children on the shared two-core machine under a load of 8 to 13 (bench/mutants.md).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutation"  # settle/; build/mutation-replay-rules for --only replay rules
REPORT = ROOT / "bench" / "mutants.md"  # settle/; bench/mutants-replay-rules.md for the others
MUTMUT = Path(sys.executable).with_name("mutmut")
COPIED = ["reversis_score", "grammar", "tests", "samples", "docs", "bench", "pyproject.toml", "LICENSE",
          "README.md"]  # bench/: tests/test_fast.py imports bench/fuzz.py
# The tests that hand-work settlements: the sources' sentences, the edges, the oracle, the goldens.
# (Not tests/test_properties.py: its hypothesis properties take minutes a mutant, and what
# they check of the settlement the oracle's comparison on fixed hands checks too.)
TESTS = ["tests/test_sources.py", "tests/test_edges.py", "tests/test_oracle.py",
         "tests/test_against_oracle.py", "tests/test_worked_hand.py", "tests/test_reversis.py",
         "tests/test_espagnolette.py", "tests/test_items.py", "tests/test_engine.py",
         "tests/test_presets.py", "tests/test_samples.py", "tests/test_rules_doc.py",
         "tests/test_replay.py", "tests/test_mutants_killed.py", "tests/test_i18n.py"]
# Tests of those files that settle whole samples only to check what another test checks of the
# settlement (the ledger's keys; the samples' settlements are compared with goldens beside them):
# they cost a second a mutant and kill nothing the goldens do not. (tests/test_edge_cases.py,
# the CLI's edge cases, left TESTS for the same reason.)
# tests/test_clean.py's two largest comparisons of the one-pass replay with the detailed one
# (14 s of its 17) leave the replay/ run for the same reason: its smaller ones stay.
DESELECT = ["tests/test_samples.py::test_sample_ledger_keeps_the_contract",
            "tests/test_clean.py::test_records_mutated_one_thing_at_a_time_replay_the_same_both_ways",
            "tests/test_clean.py::test_mutated_records_replay_the_same_both_ways"]


# Surviving mutants no test can kill, and why: each is equivalent (it changes nothing any
# input can show) or changes only words no rule reads. Keyed by mutmut's name for the mutant.
_S = "reversis_score.settle."
_POOL_PAYER = ("equivalent: an item of SIDE_KINDS (an Ace or Quinola payment) is never paid by a pool, "
               "so the test `not item.payer.startswith(\"pool\")` is always true, with any prefix")
_FALLBACK = ("unreachable: every item a lost espagnolette returns is an Ace or Quinola payment, which "
             "always names its card; 'a card' is a fallback no settlement writes")
_VOID = ("unreachable: events_of's events of a void hand; settle_hand settles a void hand "
         "without asking for its events, and format --events writes no void hand's events")
_TALON_52 = ("equivalent: events_of's `talon_cards` for a hand played card by card under 52 cards; "
             "party.py's party_value and value_text count no talon card under 52 whatever it says ("
             "the same test twice: this one is dead)")
_PLACED = ("equivalent: a placed card's `how` written otherwise than \"placed\"; it is only ever "
           "compared with \"led\" and \"forced\" (side.settle_card, render/events.py's card_line): "
           "anything else is placed")
_ANTES_NONE = ("equivalent: antes's early return under no pools misspelt; without it, needs_antes answers "
               "False for \"none\" and into_latest_pool pays nothing under \"none\" (the return is a "
               "shortcut)")
_SHOWN = ("unreachable: settle/pools.shown is only ever given a pool's name ('pool:3', one colon), "
          "never a player's")
EXPLAINED: dict[str, str] = {
    # (the French whys: mutants numbered afresh once settle/'s sentences went through the catalogue)
    _S + "espagnolette.x_pay_back__mutmut_39": _POOL_PAYER,
    _S + "espagnolette.x_pay_back__mutmut_40": _POOL_PAYER,
    _S + "espagnolette.x__return__mutmut_23": "equivalent: drops the argument `None`, its default",
    _S + "party.x_pay_party__mutmut_45": ("equivalent: `_score`'s flag `None` for `False`; it is read only "
                                          "as true or false"),
    _S + "pools.x_shown__mutmut_3": "equivalent: a pool's name has one colon: partition and rpartition agree",
    _S + "pools.x_shown__mutmut_7": _SHOWN,
    _S + "espagnolette.x_pay_back__mutmut_41": _POOL_PAYER,
    _S + "espagnolette.x_pay_back__mutmut_42": _POOL_PAYER,
    _S + "espagnolette.x__card__mutmut_2": _FALLBACK,
    _S + "espagnolette.x__card__mutmut_3": _FALLBACK,
    _S + "espagnolette.x__return__mutmut_16": "equivalent: drops the argument `None`, its default",
    _S + "reversis.x_breaking_trick_payments__mutmut_3": (
        "equivalent: a reversis's breaker and trick are both set (broken) or both None (made)"),
    _S + "reversis.x_breaking_trick_payments__mutmut_15": "equivalent: `remise=None` is as false as `False`",
    _S + "pools.xǁPoolTableǁremise_amount__mutmut_3": (
        "unreachable under every preset: a standing pool holds 1 fish only under a house rule of antes "
        "of 0 and a dealer's ante of 1"),
    _S + "pools.xǁPoolTableǁadd_new_pool__mutmut_4": (
        "equivalent where reachable: under one basket a pool is returned only by the espagnolette who "
        "took it, whose take emptied the basket, and nothing is paid into it before the return"),
    _S + "pools.xǁPoolTableǁremise__mutmut_11": (
        "equivalent: `doubling = None` for `False`; `doubling` is read only as a truth value "
        "(items.py's remise, pools.py's remise and remise_standing) and copied as it is"),
    _S + "party.x_preference__mutmut_28": (
        "equivalent: `range(5)` for `range(4)` adds the dealer again at the end of the preference; "
        "`order.index` finds every player at his first place, so no ranking changes"),
    _S + "party.x__tricks_key__mutmut_3": (
        "equivalent: under `tie_rule: nearest` the tricks key is the same constant for every player "
        "(1 for 0), so it never orders two players"),
    _S + "party.x_pay_party__mutmut_32": (
        "equivalent: `_score(events, lose, None)` for `False`; `_score` reads the flag only as "
        "`if not winner`, where None is False"),
    _S + "hand.x__play_out__mutmut_5": (
        "equivalent: `esp = \"\"` for `None` when the reversis player announced the espagnolette; "
        "`esp` is then read only as a truth value (reversis.py's _made and _broken, the Outcome's "
        "`if esp`), where \"\" is None"),
    _S + "hand.x__side_payments__mutmut_21": (
        "equivalent: `book.cancelling = \"\"` for `None` after tricks 1–9; it is read only in "
        "HandBook.pay as `self.cancelling or cancelled_by`, where \"\" gives way as None does"),
    _S + "played.x_find_reversis__mutmut_43": (
        "equivalent: a broken reversis's `quinola_late` set to None; only a made reversis reads it "
        "(reversis.py's takes_made_pool)"),
    _S + "played.x_find_reversis__mutmut_49": (
        "equivalent: a broken reversis's `quinola_late` left to its default, False; only a made "
        "reversis reads it (reversis.py's takes_made_pool)"),
    _S + "pools.xǁPoolTableǁneeds_antes__mutmut_10": (
        "unreachable: needs_antes's last line answers for mode \"none\", and laws.antes returns "
        "before asking when the mode is \"none\""),
    _S + "items.xǁHandBookǁinto_latest_pool__mutmut_14": (
        "equivalent: the item's trick set to None, but no caller gives into_latest_pool a trick "
        "(antes and fines are of no trick): the parameter is never used"),
    _S + "items.xǁHandBookǁinto_latest_pool__mutmut_20": (
        "equivalent: the item's trick left to pay's default, None, but no caller gives "
        "into_latest_pool a trick (antes and fines are of no trick): the parameter is never used"),
    _S + "side.x_card_plays__mutmut_1": (
        "equivalent: card_plays's default for `gathered`; both callers (played.events_of, "
        "side.settle_trick) always give it"),
    _S + "side.x_card_plays__mutmut_13": (
        "equivalent: the suit of a led card set to None; it is read only for a placed card "
        "(side.dumped's why, render/events.py's \"on S\")"),
    _S + "side.x_card_plays__mutmut_29": (
        "equivalent: the suit of a forced card set to None; it is read only for a placed card "
        "(side.forced names the card's own suit)"),
    _S + "played.x_events_of__mutmut_5": _VOID,
    _S + "played.x_events_of__mutmut_6": _VOID,
    _S + "played.x_events_of__mutmut_7": _VOID,
    _S + "played.x_events_of__mutmut_8": _VOID,
    _S + "played.x_events_of__mutmut_9": _VOID,
    _S + "played.x_events_of__mutmut_10": _VOID,
    _S + "played.x_events_of__mutmut_25": _TALON_52,
    _S + "played.x_events_of__mutmut_27": _TALON_52,
    _S + "played.x_events_of__mutmut_29": _TALON_52,
    _S + "laws.x_antes__mutmut_3": _ANTES_NONE,
    _S + "laws.x_antes__mutmut_4": _ANTES_NONE,
    _S + "side.x_card_plays__mutmut_40": _PLACED,
    _S + "side.x_card_plays__mutmut_53": _PLACED,
    _S + "side.x_card_plays__mutmut_54": _PLACED,
    _S + "played.x_events_of__mutmut_46": (
        "equivalent: `winner = loser = \"\"` for None in a reversis or pairwise hand's events; "
        "those are read only in a party hand (hand.py's _play_out returns before, pairwise reads the "
        "points) and by render/events.py as truth values"),
    _S + "reversis.x__broken__mutmut_3": ("equivalent: a broken reversis always has both its breaker and its "
                                          "trick, so the assertion holds with `or` as with `and`"),
}


_R = "reversis_score.rules."
_NOT_STR = ("equivalent: _as_int's text of a value that is neither text nor a whole number (a TOML float "
            "or list); any text it is given instead is no run of digits either, so the message is the same")
_ASCII = ("equivalent: the isascii test on the text with a '-' stripped from its end or 'XX-XX' from its "
          "start: a text ending in '-' or holding 'XX' is no run of digits, which isdigit refuses anyway")
_PLACES = ("equivalent: load_toml's `places` (every key's line, read once for speed) not given to "
           "_toml_diag, which then reads the same places from the same lines itself")
EXPLAINED.update({
    _R + "knobs.x__as_int__mutmut_11": _NOT_STR,
    _R + "knobs.x__as_int__mutmut_13": _NOT_STR,
    _R + "knobs.x__as_int__mutmut_24": _ASCII,
    _R + "knobs.x__as_int__mutmut_25": _ASCII,
    _R + "knobs.x__as_int__mutmut_20": ("equivalent: lstrip('XX0XX') strips the same leading zeros as "
                                        "lstrip('0') from a run of digits; a text with an X is refused"),
    _R + "houserules.x_load_toml__mutmut_19": "equivalent: the codec 'UTF-8' is 'utf-8' (codecs ignore case)",
    **{_R + f"houserules.x_load_toml__mutmut_{n}": _PLACES
       for n in (104, 155, 160, 184, 189, 221, 226, 242, 247)},
    _R + "houserules.x_resolve__mutmut_1": ("equivalent: resolve's `record_file` default; the parameter is "
                                            "never read (pipeline.py passes the file; nothing uses it)"),
    _R + "houserules.x_resolve__mutmut_66": (
        "equivalent: `read`, the cache of rule lines read, always missed: each line is read again, to the "
        "same value or the same error"),
    _R + "houserules.x_resolve__mutmut_87": (
        "equivalent: with_values(knobs, {}) when no rule line set a knob is a copy equal to knobs (a frozen "
        "dataclass compared by value)"),
    _R + "houserules.x__house_rules_path__mutmut_36": (
        "equivalent: a name holding NUL that ends in .toml goes on to path.resolve(), which raises "
        "ValueError (embedded null byte), caught: the same refusal"),
    _R + "houserules.x__house_rules_path__mutmut_39": (
        "equivalent: `record_dir / ref` for an absolute ref is ref itself (pathlib drops the left side)"),
    _R + "knobs.x_largest_talon__mutmut_11": (
        "equivalent: full_deck(None) is the 48-card pack; under deck 52 talon_points counts every card "
        "0, so the tens the 52-card pack adds change no sum"),
    _R + "knobs.x_talon_points__mutmut_8": "equivalent: tuple() of a tuple is an equal tuple",
})


_P = "reversis_score.replay."
_SCRATCH = ("equivalent: cause._stray_before's check_holdings writes into a scratch Findings that is thrown "
            "away; `finished` and the hand's number change only what is written there, not the cards held")
_ZIP = ("equivalent: a trick's `plays` and `placed` are always as long as each other (play.py builds both "
        "from one line), so zip's `strict` changes nothing")
_WRITTEN = ("unreachable: _swap_hint is asked only for a trick led by another than the winner of the trick "
            "before, and that trick has a card of every player of the hand: `written` is always in it "
            "and never its winner")
_SUBSET = ("equivalent: `<` for `<=` between two sets differs only when they are equal, and then both "
           "answers are the same set (played is cards, or cards with the face-down card)")
_DOWN = ("equivalent: after _clean_deal, `down is None` exactly when the game has 52 cards or the player "
         "deals, so the mutated test keeps or gives up on the same lines")
_LATER = ("equivalent: a deal line of the wrong size, given twice or with a card twice gets past this test "
          "of the one pass, but then its holdings differ from the cards played (_plays_what_he_held) or its "
          "names from the players: the one pass gives up all the same")
_SAME_SLICE = "equivalent: with exactly two strays, strays[:3] is strays[:2]"
_ZIP4 = ("equivalent: the two sequences zipped are always as long as each other (a trick's players and "
         "cards, or the tricks and their lines), so zip's `strict` changes nothing")
_TWICE = ("unreachable: a player appears twice in a trick only in an explicit line out of the order of play, "
          "an error reported before the revokes are looked for")
_SHORTCUT = ("equivalent: _all_cards_fit only spares the card-by-card look when every card fits; the "
             "mutant answers False (look card by card) more often, or for a hand that has a card other than "
             "a ten, and the look card by card finds the same")
_EVERY = ("equivalent: `held` has every player of the hand (check_holdings and replay_unfinished build it "
          "for each), so .get's default is never used")
_NEVER_PLAYS = (
    "unreachable: holdings._compare's \"{player} held {cards} after the exchange but never plays them\" "
    "(its words, its test, and _took_extra and `finished`, read only there). Finished, check_holdings runs "
    "only on tricks _walk_tricks accepted (replay_detailed; replay_unfinished passes finished=False), so "
    "each player played one card a trick, none twice (_check_trick_shapes, _check_repeats): 11, or 10 "
    "when his line discards two (ten_card_players). When he played no card he did not hold (`not "
    "extra`), his cards played are some of those held, and held has as many: _after_exchange gives 11 "
    "(keeps, discards, peeks, exposes), 10 (discards two), 12 for `takes` (the one card allowed), and "
    "for a discard not dealt the cards played, or his dealt cards only when one played was not held "
    "(an extra); _infer gives the cards played, or the 11 dealt. So `unplayed` never passes the "
    "allowance (tests/test_fixed_replay_more.py kills the mutants that say it beside an extra)")
EXPLAINED.update({
    **{_P + f"cause.x__stray_before__mutmut_{n}": _SCRATCH for n in (5, 14, 20, 21)},
    **{_P + f"cause.x__stray_before__mutmut_{n}": _ZIP for n in (29, 32, 33)},
    _P + "cause.x__swap_hint__mutmut_3": _WRITTEN,
    _P + "cause.x__swap_hint__mutmut_6": _WRITTEN,
    _P + "cause.x_report_wrong_leader__mutmut_2": (
        "unreachable: report_wrong_leader's `knobs` is never None (tricks._walk_tricks is always given the "
        "knobs by replay_detailed and replay_unfinished)"),
    _P + "holdings.x__infer__mutmut_8": _SUBSET,
    _P + "holdings.x__infer__mutmut_17": _SUBSET,
    _P + "holdings.x__infer__mutmut_10": (
        "equivalent: a player dealt 11 who did not play his face-down card: held is his 11 cards, or with "
        "the mutant the cards he played of them; a finished hand plays all 11 (the same set), and in a hand "
        "in progress the held cards are read only for players with an exchange line, never inferred"),
    _P + "holdings.x__twelve_hint__mutmut_3": (
        "equivalent: a player who plays his own face-down card without holding it has always kept his hand "
        "(discarding, peeking, exposing or taking each takes it), so `kept` is true either way"),
    _P + "holdings.x_whereabouts__mutmut_57": (
        "unreachable: whereabouts is asked only once the deal is whole (every card of the pack dealt or face "
        "down), so every card is found dealt, face down or discarded before the last `return`"),
    _P + "irregular.x_last_leader__mutmut_9": (
        "equivalent: range(5) only adds the winner again at the end, the first one tried: `next` finds the "
        "same player, or none either way"),
    _P + "tricks.x_card_problems__mutmut_6": "equivalent: `unreadable=None` is as false as `False`",
    _P + "events.x__card__mutmut_2": (
        "unreachable: an event's card or trick number that could not be read is a notation error, and "
        "replay_detailed checks the cards before it replays the events: _card never sees either None"),
    _P + "tricks.x_replay_unfinished__mutmut_36": "equivalent: `finished=None` is as false as `False`",
    _P + "tricks.x_replay_unfinished__mutmut_56": "equivalent: `finished=None` is as false as `False`",
    **{_P + f"holdings.x__check_discards_not_played__mutmut_{n}": (
        "equivalent: `played` has every player of the hand (tricks._cards_played), so .get's default is "
        "never used") for n in (5, 7)},
    _P + "evidence.x__follow_evidence__mutmut_20": _EVERY,
    _P + "evidence.x__follow_evidence__mutmut_22": _EVERY,
    _P + "evidence.x__follow_evidence__mutmut_26": (
        "equivalent: a card of the led suit played in the trick after (index == trick.number) is found by "
        "the first loop, which returns before `before` is read"),
    **{_P + f"evidence.x__follow_evidence__mutmut_{n}": (
        "equivalent: the cards sorted are all of one suit, and a Card is the named tuple (rank, suit): "
        "sorted by itself or by str (rank + suit) gives the same order") for n in (38, 40)},
    _P + "clean.x__clean_deal__mutmut_2": (
        "equivalent: a deal of other than four lines gets past the first test, but then names other than "
        "the four players (`dealt.keys() != set(players)`): the one pass gives up all the same"),
    _P + "clean.x__clean_exchange__mutmut_40": (
        "equivalent: a discard not dealt gets past this test, but leaves its player twelve cards for eleven "
        "played: _plays_what_he_held gives up all the same"),
    _P + "clean.x__clean_exchange__mutmut_50": _DOWN,
    _P + "clean.x__clean_exchange__mutmut_51": _DOWN,
    _P + "clean.x__may_revoke__mutmut_6": (
        "equivalent: the default of last_of_suit, -1 or -2, is below every trick index (0 and up) alike"),
    _P + "clean.x__may_revoke__mutmut_7": (
        "equivalent: a player plays one card a trick, so the suit led and his off-suit card are never both "
        "his in the same trick: last_of_suit[(who, suit)] is never `index`"),
    _P + "clean.x__may_revoke__mutmut_11": (
        "equivalent: when he holds exactly what he played, held minus played is empty and any() is false"),
    **{_P + f"clean.x__clean_deal__mutmut_{n}": _LATER for n in (15, 16, 39)},
    _P + "holdings.x__compare__mutmut_1": (
        "equivalent: _compare's default for `finished`; its only caller, check_holdings, always gives it"),
    _P + "holdings.x__compare__mutmut_36": _SAME_SLICE,
    _P + "holdings.x__compare__mutmut_47": _SAME_SLICE,
    _P + "clean.x__clean_tricks__mutmut_16": "equivalent: (i - 2) % 4 is (i + 2) % 4: the seat opposite",
    _P + "events.x__card__mutmut_137": (
        "equivalent: this finding is reached only when the card's `other` is its own player, so "
        "`event.other` is set: the fallback span is never used"),
    _P + "events.x__card__mutmut_172": _EVERY,
    _P + "events.x__card__mutmut_174": _EVERY,
    **{_P + f"holdings.x__after_exchange__mutmut_{n}": (
        "equivalent: a line that takes, read as a discard of no card, keeps the dealt cards and adds the "
        "face-down one, as `takes` does") for n in (5, 6)},
    _P + "holdings.x__after_exchange__mutmut_8": (
        "equivalent: `takes` reaches _after_exchange only for a player of a 48-card game who is not the "
        "dealer (the others are refused before), and he always has a face-down card"),
    **{_P + f"clean.x__clean_tricks__mutmut_{n}": (
        "equivalent: a trick's order and its cards are both four long (_regular_trick checked it), so zip's "
        "`strict` changes nothing") for n in (58, 61, 62, 83, 86, 87)},
    _P + "clean.x__clean_tricks__mutmut_68": (
        "equivalent: two cards of one suit never have the same strength; the only equal is the led card "
        "itself, already the winner"),
    **{_P + f"holdings.x__check_deal__mutmut_{n}": "equivalent: typing.cast's first argument is not read"
       for n in (28, 32, 33, 34)},
    _P + "events.x__reversis__mutmut_50": (
        "equivalent: the span is read only when the breaker is the reversis player, so a breaker is set"),
    _P + "events.x__espagnolette__mutmut_38": (
        "equivalent: under pairwise rules an espagnolette line is an error, and a hand with an error has no "
        "Play to read `espagnolette_won` from"),
    **{_P + f"events.x__espagnolette__mutmut_{n}": (
        "equivalent: a Card is the named tuple (rank, suit) and its str is rank + suit, the rank one "
        "character (T for ten): sorted by itself or by str gives the same order") for n in (64, 66)},
    **{_P + f"evidence.x_find_revokes__mutmut_{n}": _ZIP4 for n in (29, 32, 35)},
    **{_P + f"tricks.x__gathered__mutmut_{n}": _ZIP4 for n in (4, 7, 8)},
    **{_P + f"tricks.x__make_trick__mutmut_{n}": _ZIP4 for n in (5, 8)},
    **{_P + f"tricks.x__check_explicit_order__mutmut_{n}": (
        "equivalent: zip's `strict` None or left out is False, as written") for n in (5, 8)},
    _P + "tricks.x__check_explicit_order__mutmut_9": (
        "unreachable: a trick of the wrong size is reported by _check_trick_shapes before the order of an "
        "explicit line is read, so the names and the order are always as long"),
    **{_P + f"tricks.x__make_trick__mutmut_{n}": "equivalent: typing.cast's first argument is not read"
       for n in (9, 13)},
    _P + "tricks.x__gathered__mutmut_11": (
        "equivalent: _make_trick's number is not read for the winner by the cards, the only thing used"),
    **{_P + f"evidence.x_find_revokes__mutmut_{n}": (
        "equivalent: the shortcut that spares _follow_evidence the cards of a suit its player has run out "
        "of; the mutant only asks _follow_evidence more often, and it answers the same")
       for n in (18, 43, 44)},
    **{_P + f"evidence.x_find_revokes__mutmut_{n}": (
        "equivalent: every player of a trick has his entry in `played` and `kept_suits` (built for all), "
        "so .get's default is never used") for n in (48, 50, 64, 66)},
    _P + "evidence.x_find_revokes__mutmut_11": _TWICE,
    _P + "evidence.x_find_revokes__mutmut_13": _TWICE,
    **{_P + f"evidence.x_check_announce__mutmut_{n}": (
        "equivalent: this return follows an error the announce has just reported, and a hand with an "
        "error has no Play to read it") for n in (12, 44)},
    **{_P + f"evidence.x_check_announce__mutmut_{n}": (
        "equivalent: a Card is the named tuple (rank, suit) and its str is rank + suit, the rank one "
        "character: sorted by itself or by str gives the same order") for n in (18, 20)},
    _P + "events.x__deal_talon__mutmut_9": (
        "equivalent: full_deck(None) is the 48-card pack, and _deal_talon returns before under 52 cards"),
    _P + "events.x__held__mutmut_38": "equivalent: _after_exchange's `hand` parameter is not read",
    _P + "events.x__reversis__mutmut_130": (
        "equivalent: a made reversis's line has no trick (`reversis: A makes it`), so `line.trick` is None "
        "as the else branch gives"),
    _P + "events.x__talon__mutmut_37": (
        "equivalent: when the deal gives the talon, its length is `count` (48 cards less the 44 played, "
        "plus a card for each who discards two, less one for each who takes): a deal that disagrees is an "
        "error, and a hand with an error has no Play"),
    _P + "tricks.x__check_trick_shapes__mutmut_1": (
        "equivalent: _check_trick_shapes's default for `finished`; its one caller, _walk_tricks, always "
        "gives it"),
    _P + "holdings.x__check_exchange_lines__mutmut_23": (
        "equivalent: _check_irregular_exchange's `hand` parameter is not read"),
    _P + "clean.x_clean_play__mutmut_4": (
        "equivalent: a void hand that gets past this test has no tricks, and _clean_tricks gives up on a "
        "hand of other than 11"),
    **{_P + f"tricks.x__all_cards_fit__mutmut_{n}": _SHORTCUT for n in (16, 19, 20, 25)},
    **{_P + f"tricks.x__check_cards_exist__mutmut_{n}": _SHORTCUT for n in (3, 7)},
    _P + "tricks.x__check_cards_exist__mutmut_25": (
        "equivalent: under 52 cards every ten fits, so the look card by card is reached only for a token "
        "that is not a card, which the notation refuses before the hand is replayed"),
    _P + "holdings.x_check_holdings__mutmut_61": "equivalent: _after_exchange's `hand` parameter is not read",
    **{_P + f"tricks.x__make_trick__mutmut_{n}": "equivalent: typing.cast's first argument is not read"
       for n in (14, 15)},
    _P + "tricks.x__make_trick__mutmut_28": (
        "equivalent: two cards of one suit never have the same strength; the only equal is the led card "
        "itself, already the best"),
    **{_P + f"tricks.x__check_trick_shapes__mutmut_{n}": (
        "unreachable: only a trick whose number is not its place is worded here, so its number is set and "
        "is not `number`: `or 0`/`or 1` and `>` or `>=` choose the same message") for n in (24, 25)},
    _P + "events.x__scores__mutmut_8": (
        "unreachable: `continue` for `break` past a score's points of None; the notation gives a score's "
        "tricks only after its points ('with N points in M tricks'), so no tricks follow a None"),
    _P + "events.x__deck_order__mutmut_2": "equivalent: each suit stands once in 'SHDC': rindex is index",
    **{_P + f"tricks.x__check_trick_shapes__mutmut_{n}": (
        "equivalent: `ok = None` for `ok = False`: the one caller, _walk_tricks, reads the answer only as "
        "`if not _check_trick_shapes(...)`, and None is as false as False") for n in (39, 75, 109, 144)},
    **{_P + n: _NEVER_PLAYS for n in (*(f"holdings.x__compare__mutmut_{n}" for n in range(64, 96)),
                                      "holdings.x__took_extra__mutmut_2",
                                      "holdings.x_check_holdings__mutmut_1",
                                      "holdings.x_check_holdings__mutmut_84")},
    _P + "holdings.x_check_holdings__mutmut_43": (
        "equivalent: _check_deal's one return is `None if found.has_errors else dealt`, so `dealt is None` "
        "and `found.has_errors` are always both true or both false: `or` and `and` agree"),
    _P + "tricks.x__check_trick_shapes__mutmut_122": (
        "unreachable: every trick line has a card (the grammar's CARDS and NAMED_CARDS match one token or "
        "more, explicit_trick one NAME CARD or more), so `0 < len(line.cards)` and `0 <=` agree"),
    _P + "tricks.x_replay__mutmut_2": (
        "equivalent: without the one pass every hand goes to replay_detailed, which gives a clean hand the "
        "very Play clean_play gives (clean_play answers only when the detailed replay reports nothing; "
        "tests/test_fixed_replay.py's test_a_clean_hand_is_replayed_in_one_pass_and_any_other_in_detail "
        "and tests/test_clean.py compare the two Plays): the one pass is a shortcut"),
    _P + "tricks.x_replay_detailed__mutmut_43": (
        "equivalent: replay_events returns None itself whenever `found` has an error (its early return "
        "for tricks beside events, and `if found.has_errors: return None` after its last check), so "
        "this second test never turns a Play into None"),
    _P + "events.x__deck_order__mutmut_3": "equivalent: 'XXSHDCXX'.index adds 2 to every suit's place",
})

# notation/ (mn-notation)
_N = "reversis_score.notation."
_VALUE_UNREAD = ("equivalent: the value after the span of a one-line item of a hand; _make_hand reads "
                 "only whether the key is there (`claims_waived=\"claims\" in fields`, `void=bool(void)` "
                 "of the (span, value) pair, never empty)")
_CLOSE = ("equivalent: difflib.get_close_matches's n and cutoff as they were (its defaults are n=3, "
          "cutoff=0.6, and only close[0], its best match, is read)")
_KEY_HEX = ("equivalent: the cache key's first line is hexadecimal digits (sha256's hexdigest): "
            "'ASCII' is 'ascii', and rstrip(None) or rstrip(b'XX\\nXX') strip the same newline")
_SEPARATOR = ("equivalent: the cache key's parts joined otherwise, or encoded as 'UTF-8' for 'utf-8': "
              "still one key per grammar, options and versions (a key read back is always one written by "
              "the same code)")
_DEAD = ("unreachable: dead code, no caller anywhere (cards.card_text, diagnostics.RecordError); "
         "removed since the run (issue 43)")
_HAND_PREFIX = ("equivalent: render's test for a message that names its hand first: 'hand ' and the "
                "catalogue's 'hand {number}' up to its brace are the same words in English, and no "
                "message of the catalogue begins 'hand' or 'donne' but 'hand N' or 'donne N' (so the "
                "space is never what decides)")
_SEVERITY = ("equivalent: SEVERITIES's words are its keys ('error', 'warning': N_ only marks them for the "
             "catalogue) and every Diagnostic's severity is one of them, so the lookup's key or default "
             "changes nothing")
_THROWAWAY = ("equivalent: to_french keeps no places: the Spelled it hands _applied (and the line "
              "number) is made for the call and never read again; only the text is returned")
_COLUMN_EDITED = ("unreachable: Spelled.column's default for a line without edits; span() returns "
                  "before asking when the line has none")
_CACHE = ("equivalent: a cache or a shortcut skipped (Spelled.spans, _remapped's _FIELDS and its atoms): "
          "the same value is worked out again")
_NEW_EQUAL = ("equivalent: a new Name or PlacedCard equal, field by field, to the one it replaces (the "
              "shortcut that keeps the same object skipped)")
_STRICT = ("equivalent: zip's strict check dropped: a record's fields and their remapped values are "
           "always as many")
_LINE_ZERO = ("unreachable: Spelled.message asked of line 0 or of no line: every diagnostic of the "
              "notation has a place, on a line counted from 1")
_BACKSLASH = ("equivalent: the backslashes of a French word escaped otherwise for re.sub: no word "
              "to_english turns (a card, a keyword, a phrase) holds a backslash")
_FIRST_PIECE = ("equivalent: the text before the first colon or '#' split off otherwise (split with no "
                "limit, or a limit of 2): its first piece is the same")
_LANG_FOUND = ("unreachable: to_english is only ever given a text whose header has a 'lang:' line "
               "(parse.read_head, in_grammar_spelling, serve's French entry): the first one found in the "
               "whole text is the header's, and the branches for a text without one are never taken")
_HEADER_END = ("unreachable: the header's own end is never what a failure meets: every header line ends "
                "with its newline (normalise ends the text with one; a header is cut before a line) and a "
                "header may end after any whole line, so 'found the end of the file' and the header's "
                "'the first hand' are never said")
_NO_END = ("unreachable: '$END' is never among what a failure expects inside a hand (Lark's contextual "
           "lexer fails on characters, naming the terminals allowed there)")
_SKIPPED_TOKENS = ("equivalent: the skip of a quoted name or of a word of a phrase already swapped "
                   "(to_french, to_english): no such token is a card, a suit letter or (on the players "
                   "line) a French word, so reading it or not writes the same text")
EXPLAINED.update({
    **{_N + f"diagnostics.x_render__mutmut_{n}": _HAND_PREFIX for n in (4, 5, 6)},
    **{_N + f"diagnostics.x_render__mutmut_{n}": _SEVERITY for n in (29, 30, 31, 32)},
    **{_N + f"french.x__line_to_french__mutmut_{n}": _THROWAWAY for n in (24, 30, 31, 32, 33, 112, 118,
                                                                         119, 120, 121)},
    **{_N + f"french.xǁSpelledǁcolumn__mutmut_{n}": _COLUMN_EDITED for n in (8, 10)},
    _N + "french.xǁSpelledǁcolumn__mutmut_11": ("equivalent: the first column of a turned word read as "
                                               "before it (`at <= en_start`): the shift so far carries it "
                                               "to the French word's first column all the same"),
    **{_N + f"french.xǁSpelledǁspan__mutmut_{n}": _CACHE for n in (6, 7)},
    **{_N + f"french.x__remapped__mutmut_{n}": _CACHE for n in (3, 74, 75)},
    **{_N + f"french.x__remapped__mutmut_{n}": _NEW_EQUAL for n in (19, 30)},
    **{_N + f"french.x__remapped__mutmut_{n}": _STRICT for n in (54, 57, 58, 68, 71, 72)},
    **{_N + f"french.xǁSpelledǁmessage__mutmut_{n}": _LINE_ZERO for n in (3, 4, 20)},
    **{_N + f"french.xǁSpelledǁmessage__mutmut_{n}": _BACKSLASH for n in (35, 36)},
    _N + "french.xǁSpelledǁmessage__mutmut_38": ("equivalent: message turns a message's keywords French "
                                                "whatever the language: a Spelled has places to carry back "
                                                "(and message is called) only in a French record"),
    **{_N + f"french.x__line_to_english__mutmut_{n}": _SKIPPED_TOKENS for n in (68, 70)},
    _N + "french.x__applied__mutmut_3": ("equivalent: swaps that change nothing ('table' for 'table') kept: "
                                         "their edits move no column and their words quote themselves"),
    _N + "french.x__remapped__mutmut_109": _LINE_ZERO,
    _N + "french.x__remapped__mutmut_118": _NEW_EQUAL,
    **{_N + f"diagnostics.x__source_excerpt__mutmut_{n}": ("equivalent: the first value of `cut`, read "
                                                            "only where a long line has set it again")
       for n in (26, 27)},
    _N + "lexicon.x_read_carried__mutmut_8": ("equivalent: an empty 'carried:' not named among the words "
                                              "for none: its text splits into no amounts, () all the same"),
    _N + "french.x__comment_at__mutmut_1": "equivalent: `quoted = None` for False: `not None` is True",
    **{_N + f"wording.x_keyword_meant__mutmut_{n}": _CLOSE for n in (27, 30, 44, 47)},
    **{_N + f"wording.x_keyword_meant__mutmut_{n}": _FIRST_PIECE for n in (5, 8)},
    **{_N + f"wording.x__special_case__mutmut_{n}": _FIRST_PIECE for n in (6, 9)},
    **{_N + f"wording.x__french_cards__mutmut_{n}": _FIRST_PIECE for n in (12, 15)},
    _N + "wording.x__special_case__mutmut_15": ("equivalent: the key of a line with no word at all, \"\" or "
                                                "\"XXXX\": neither is a header word, and such a line starts "
                                                "with no 'rule ' nor a hand's keyword, so no special case"),
    _N + "wording.x_expected_in_words__mutmut_2": ("unreachable: the parser never expects '| gathered by' "
                                                   "alone: where it may come, a card or the line's end may "
                                                   "too, so dropping it from a set of one never happens"),
    _N + "french.x__remapped__mutmut_36": ("equivalent: a card's width not carried back: a card is as wide "
                                           "in French as in English (RP and KS, 10P and 10S, A♠)"),
    _N + "french.x__line_to_english__mutmut_93": ("equivalent: the stand-in for an English card in a French "
                                                  "record written longer: it is no card either, and its "
                                                  "place and its words are carried back to the card as "
                                                  "written"),
    **{_N + f"transform.xǁRecordBuilderǁcarried_line__mutmut_{n}": (
        "fixed since: these mutate the place Lark gave an empty 'carried:' line, line 1 whatever its own "
        "line (so `format` moved its comment away); it is now the keyword's own place (grammar: CARRIED "
        "kept), tests/test_grammar.py::test_an_empty_carried_line_keeps_its_own_line_and_its_comment")
       for n in (4, 5, 8, 9, 10)},
    **{_N + f"french.x_french_card__mutmut_{n}": ("equivalent: the English rank of a ten is never read: a "
                                                   "ten is written back '10'") for n in (16, 17, 18)},
    _N + "french.x_french_card__mutmut_27": ("equivalent: 'X' is no rank, so 'XXKQJTXX' and 'KQJT' leave the "
                                             "same one-letter ranks"),
    _N + "french.xǁSpelledǁremap__mutmut_9": ("equivalent: _applied sets a line's edits and its words "
                                              "together: either both are there or neither"),
    **{_N + f"french.x_to_english__mutmut_{n}": _LANG_FOUND for n in (1, 9, 11, 15, 18, 19, 27, 36, 37)},
    **{_N + f"french.x_to_english__mutmut_{n}": _CACHE for n in (47, 48, 51, 52)},
    _N + "french.x_to_english__mutmut_29": "equivalent: str.count's start None is 0",
    _N + "french.x_old_hand_line__mutmut_6": "equivalent: str.count's start None is 0",
    _N + "french.x_hand_word_players__mutmut_17": "equivalent: str.count's start None is 0",
    **{_N + f"french.x__taken__mutmut_{n}": _SKIPPED_TOKENS for n in (2, 3)},
    **{_N + f"french.x__phrase_pattern__mutmut_{n}": (
        "equivalent: the phrases sorted in reverse alphabetical order rather than longest first: a phrase "
        "that begins another ('à', 'à la levée'; 'trick', 'tricks') still comes after it, and only such "
        "phrases can both match at one place") for n in (3, 6)},
    _N + "records.x__compared_on__mutmut_6": ("equivalent: `len(names) > 2` for `> 1`: no record is "
                                              "compared on exactly two fields (one, three or four)"),
    **{_N + f"wording.x__special_case__mutmut_{n}": ("equivalent: 'dealer' among the words a line before "
                                                      "any hand may begin with: 'deal' is there too, and "
                                                      "'dealer' begins with it") for n in (43, 44)},
    _N + "lexicon.x_uncommented__mutmut_10": "equivalent: str.count's start None is 0",
    **{_N + f"lexicon.x_too_long__mutmut_{n}": (
        "equivalent in what is read: a name of exactly 40 characters, or a title of exactly 200, sent to "
        "Lark, which reads it to the same header and says nothing of it (only slower)") for n in (3, 5)},
    **{_N + f"wording.x_describe_unexpected__mutmut_{n}": _HEADER_END for n in (41, 46, 48, 49, 50, 52, 53,
                                                                               162, 216)},
    **{_N + f"wording.x_expected_in_words__mutmut_{n}": _HEADER_END
       for n in (17, 18, 20, 21, 22, 23, 24, 25)},
    **{_N + f"wording.x_expected_in_words__mutmut_{n}": _NO_END for n in (19,)},
    **{_N + f"wording.x_expected_in_words__mutmut_{n}": (
        "unreachable: a terminal without words in TERMINAL_WORDS; every terminal of the grammar has its "
        "words there (all but __IGNORE_0, the spaces, which nothing expects)") for n in (11, 13, 14)},
    **{_N + f"wording.x_describe_unexpected__mutmut_{n}": (
        "equivalent: a token without a type compared with '$END' through None or 'XXXX' for '': neither "
        "is '$END'") for n in (12, 18)},
    _N + "wording.x_describe_unexpected__mutmut_28": ("unreachable: the end met after no line at all: a "
                                                      "chunk begins with its hand line, a header needs none"),
    **{_N + f"wording.x_describe_unexpected__mutmut_{n}": (
        "unreachable: the failing line is one of the chunk's lines (Lark counts from 1 and never past the "
        "text), so the fallback to no text is never taken") for n in (71, 75, 76, 77)},
    _N + "wording.x_describe_unexpected__mutmut_120": (
        "equivalent: which line is blanked after a hand's second line is not its dealer's: the hand is "
        "skipped, and the same expectation met again is not said again"),
    _N + "wording.x_describe_unexpected__mutmut_134": ("unreachable: a special case (a header word, "
                                                       "'rule ', a hand's keyword) always has a word "
                                                       "before its colon"),
    **{_N + f"wording.x_describe_unexpected__mutmut_{n}": _FIRST_PIECE for n in (174, 177)},
    **{_N + f"wording.x__expected__mutmut_{n}": ("equivalent: getattr's default None for (): `or ()` "
                                                  "turns either into ()") for n in (7, 10)},
    _N + "wording.x_describe_unexpected__mutmut_226": "equivalent: a Span's width left to its default, 1",
    _N + "lexicon.x_read_header_repeats__mutmut_6": ("equivalent: every header line's comment cut, with "
                                                     "or without a '#' in the text: the same lines"),
    **{_N + f"lexicon.xǁKeyRepeatsǁclose__mutmut_{n}": (
        "unreachable: the singular of the summed-up repeat: a key is summed up only when given five times "
        "or more") for n in (7, 13, 14, 15, 16)},
    **{_N + f"lexicon.xǁKeyRepeatsǁclose__mutmut_{n}": (
        "equivalent: the sort key of a diagnostic without a place: every repeat has one") for n in (46, 47)},
    _N + "french.x__quoted__mutmut_3": "equivalent: str.count's start None is 0",
    _N + "french.x__quoted__mutmut_6": ("equivalent: the quotes after a word counted for those before it: "
                                        "a line's quotes are balanced (the same parity both ways), or the "
                                        "line is refused at its opening quote, before any word a swap "
                                        "could change"),
    **{_N + f"french.x__line_to_french__mutmut_{n}": _SKIPPED_TOKENS for n in (72, 74)},
    _N + "wording.x_with_keyword__mutmut_12": ("equivalent: the misspelt line rstripped for lstripped before "
                                               "its split at the first colon: the part after that colon is "
                                               "the same, but for spaces at its end, which the grammar "
                                               "ignores"),
    _N + "transform.xǁRecordBuilderǁclaims__mutmut_4": _VALUE_UNREAD,
    _N + "transform.xǁRecordBuilderǁvoid__mutmut_4": _VALUE_UNREAD,
    _N + "parse.x__skipped__mutmut_15": ("equivalent: `int(digits) > expected` for `>=`: when the number "
                                         "written is the one expected, both branches give it"),
    _N + "suggest.x_nearest__mutmut_17": _CLOSE,
    _N + "suggest.x_nearest__mutmut_18": _CLOSE,
    _N + "suggest.x_nearest__mutmut_19": _CLOSE,
    _N + "lalr.x_load_cached__mutmut_7": _KEY_HEX,
    _N + "lalr.x_load_cached__mutmut_9": _KEY_HEX,
    _N + "lalr.x_load_cached__mutmut_13": _KEY_HEX,
    _N + "lalr.x_save_cached__mutmut_30": _KEY_HEX,
    _N + "lalr.x_cache_key__mutmut_12": _SEPARATOR,
    _N + "lalr.x_cache_key__mutmut_14": _SEPARATOR,
    **{_N + f"cards.x_card_text__mutmut_{n}": _DEAD for n in range(1, 5)},
    **{_N + f"diagnostics.xǁRecordErrorǁ__init____mutmut_{n}": _DEAD for n in range(1, 3)},
    _N + "lalr.x_save_cached__mutmut_1": ("equivalent: `temp = \"\"` for None before the temporary file "
                                          "is made; the cleaning reads it as `os.path.exists(temp)`, false "
                                          "for \"\" as the `is not None` test is for None"),
})

# notation/fast.py and notation/parse.py (n-fastparse: the run of those two files alone, --files)
_CHUNK_START = ("unreachable: a chunk, and each piece of one, begins with its hand line (iter_chunks cuts "
                "before a line beginning 'hand', _first_hand_miswritten before a miswritten one, _pieces "
                "before each miswritten one), never with a newline: position 0 is never a newline's, and "
                "a later hand line starts past position 1")
_ZIP_ONE_SHORTER = ("equivalent: zip's `strict` left out or None is False, as written (the bounds and the "
                    "bounds less the first are one apart in length by construction)")
_ONLY_FROM_SYNTAX = ("equivalent: _with_hand rebuilds only a diagnostic without a hand: a syntax error's "
                     "(wording.describe_unexpected's, which never names a trick); the builder's name their "
                     "hand (begin(hand=context)) and are given back as they are")
_SINGLE_SPACES = ("equivalent: _cards's choice of its quick loop (single spaces) or _tabbed_cards (any other "
                  "gap): the loop meets a token it does not know, '' between two spaces or 'AS\\tKS' "
                  "across a tab, as a KeyError and hands the line to _tabbed_cards, which places every "
                  "card at its column; and a card list (lexicon.CARDS) holds no whitespace but spaces and "
                  "tabs, so split(None) cuts single-spaced cards as split(' ') does. The same cards, the "
                  "same places either way")
_KEYWORD_ENTRY = ("equivalent: an exchange line (NAME discards CARD, NAME keeps) whose NAME is a keyword: "
                  "returning None has read() try it as a section or a one-line item, which it is not (their "
                  "keyword is followed by a colon, which no NAME holds), so the hand is declined; with the "
                  "check dropped, _name declines it at once")
_TABLE_KEYWORD = ("equivalent: the check that a table line's payer or payee is no keyword only makes the "
                  "quick reader decline: Lark's contextual lexer reads a keyword there as a name, to the "
                  "same TableLine (tried for every keyword, either side, with and without spaces around "
                  "the arrow, first or after another payment: the same record)")
EXPLAINED.update({
    **{_N + f"parse.x_read_text__mutmut_{n}": (
        "equivalent: read_text names its ParseResult by its own `file`; the file of the ParseStream "
        "read_head gives it is not read there") for n in (4, 6)},
    _N + "parse.x__read_spelled__mutmut_20": "equivalent: str.count's start None is 0",
    _N + "parse.x__read_spelled__mutmut_85": (
        "equivalent: the width of the warning at an old French hand line ('main N'), 1 for 4: its span "
        "lies in the word 'main', which to_english swapped for 'hand', and Spelled.remap carries a span "
        "inside a swapped word back to the whole word as written (4 wide)"),
    _N + "parse.x_decode__mutmut_4": "equivalent: the codec 'UTF-8' is 'utf-8' (codecs ignore case)",
    _N + "fast.xǁ_Readerǁ_one_line__mutmut_82": (
        "equivalent: the value kept for 'void:' or 'claims:' (True, or False) is never read: _record "
        "reads only the span of void's (span, value) pair, its truth (a pair is true) and whether "
        "'claims' is there"),
    **{_N + f"fast.x__table_entry__mutmut_{n}": _TABLE_KEYWORD for n in (3, 7, 10)},
    **{_N + f"fast.x__cards__mutmut_{n}": _SINGLE_SPACES for n in (1, 2, 3, 4, 5, 17, 18)},
    _N + "fast.x__exchange_entry__mutmut_6": _KEYWORD_ENTRY,
    **{_N + f"parse.x_parse_hands__mutmut_{n}": (
        "equivalent: the look for a chunk that begins with a miswritten hand line is a shortcut to the "
        "pieces: read whole, such a chunk always has a diagnostic (its first line is no hand line) and "
        "holds a miswritten line, so it goes to the pieces all the same; a chunk without one is one "
        "piece, read by parse_hand as before; and a miswritten line inside a chunk (only 'Hand', "
        "'HAND 2', 'hand2:' and so on, alone on its line) is no line of a hand, so Lark reports it and "
        "the chunk is cut as the mutant cuts it") for n in (3, 4, 5)},
    _N + "parse.x_parse_hands__mutmut_16": (
        "equivalent: every chunk with a diagnostic goes to the pieces, not only one holding a miswritten "
        "hand line: a chunk without one is one piece, read by parse_hand again to the same ParsedHand "
        "(tried on 5,544 records, the samples and fuzzed and miswritten copies of them: every hand alike "
        "with all chunks sent to the pieces)"),
    _N + "parse.x__first_hand_miswritten__mutmut_7": "equivalent: str.count's start None is 0",
    _N + "parse.x_parse_header__mutmut_1": (
        "equivalent: the quick header reader is a shortcut: where it reads a header (only one with its "
        "players), Lark builds the very Header and the same repeats (tests/test_fast.py compares them)"),
    _N + "parse.x_parse_header__mutmut_19": (
        "unreachable since the fix it found: Lark's header is None only when the recovery gives up, and "
        "in a header it never does: at the header's end (never what a failure meets), at a line blank to "
        "the grammar (spaces and tabs only, which it never fails on; a line of a form feed or a no-break "
        "space, which str.strip() took for blank, lost the whole header before the fix), or after 20 "
        "syntax errors, each expecting other terminals than the ones before, where the header's 52 LALR "
        "states expect 10 different sets of terminals at most"),
    _N + "fast.xǁ_Readerǁ_item__mutmut_5": (
        "equivalent: `<=` for `<` between two sections' orders: the only keys of one order are 'tricks' "
        "and 'events' (3), and the quick reader reads no events; a key given twice is declined before"),
    _N + "fast.xǁ_Readerǁ__init____mutmut_5": ("equivalent: the reader's `lines` set to None at its making: "
                                              "read() sets them before any use"),
    _N + "fast.xǁ_Readerǁ__init____mutmut_8": (
        "equivalent: `last_order` starts at -2 for -1: every section's order is 0 or more, above either"),
    _N + "fast.xǁ_Readerǁread__mutmut_20": (
        "equivalent: the first `entry` None for _deal_entry: it is called only once a section line has set "
        "`entries`, and with it `entry`"),
    **{_N + f"fast.xǁ_Readerǁread__mutmut_{n}": (
        "equivalent: the column and width of a section's keyword ('deal:', 'tricks:'...): _record keeps "
        "only the line of its span (HandRecord.lines); a section's span is not part of the record")
       for n in (45, 46, 48, 49, 50, 51)},
    **{_N + f"parse.x__saying_skipped__mutmut_{n}": (
        "equivalent: a syntax error's hand, trick, player, file and source line are all None "
        "(wording.describe_unexpected sets none of them; parse_hand adds the hand after): set to None, "
        "left out or shifted by one, they stay None") for n in (19, 20, 21, 22, 23, 28, 29, 30, 31, 32)},
    _N + "parse.x__parse_with_recovery__mutmut_55": (
        "equivalent: the builder's diagnostics of a hand already name their hand (begin(hand=context)): "
        "_hand_tagged with None gives them back as they are, as with the hand"),
    **{_N + f"parse.x__parse_with_recovery__mutmut_{n}": (
        "unreachable: `fixed == lines[bad_line]` is never true: `fixed` is '' for a line that is not blank, "
        "or the line with its keyword put right, which keyword_meant offers only when it differs from "
        "the word before the colon") for n in (69, 71)},
    **{_N + f"parse.x__parse_with_recovery__mutmut_{n}": (
        "unreachable: the `except VisitError` branch is dead: Lark raises VisitError only when a "
        "Transformer walks a tree, and here the builder is called during the parse (Lark(transformer=...)), "
        "so an exception of the builder would go up as itself (no input is known to raise one)")
       for n in range(74, 92)},
    **{_N + f"parse.x__hand_tagged__mutmut_{n}": (
        "equivalent: the builder's diagnostics (RecordBuilder._error and the header's KeyRepeats, its "
        "only two makers) already name the hand being read (begin(hand=context)), or none in a header: "
        "_with_hand gives a tagged one back as it is, and rebuilds one of no hand with its message, span, "
        "family, severity and trick, all it has") for n in (1, 2, 3, 5)},
    _N + "parse.x__parse_with_recovery__mutmut_101": (
        "equivalent: the builder's diagnostics already name the hand being read (begin(hand=context)), "
        "so _hand_tagged with None gives them back as they are, as with the hand"),
    _N + "parse.x_iter_chunks__mutmut_18": "equivalent: str.count's start None is 0",
    _N + "parse.x_iter_chunks__mutmut_7": (
        "equivalent: _next_hand's `after` -2 for -1: it reads only whether `after` is below 0, and "
        "max(after, 0)"),
    _N + "parse.x__parse_with_recovery__mutmut_94": (
        "equivalent: keep_partial is set only for the header, whose `context` is None, and "
        "_saying_skipped gives syntax errors of no hand back as they are"),
    _N + "parse.x_parse_hand__mutmut_1": (
        "equivalent: the quick reader is a shortcut: where it reads a hand, Lark builds the very record "
        "and reports nothing (tests/test_fast.py compares the two on every sample, bad sample, generated "
        "and mutated record); without it every hand goes to Lark"),
    _N + "parse.x_parse_hand__mutmut_16": ("equivalent: a ParsedHand's diagnostics default to a new empty "
                                           "list, as the [] written"),
    _N + "parse.x_parse_hand__mutmut_31": (
        "equivalent: a hand record's number is always the number expected (transform.hand_line gives "
        "`expected` whatever is written: another number is an error), so record.number is "
        "expected_number"),
    _N + "parse.x__pieces__mutmut_13": _CHUNK_START,
    _N + "parse.x__pieces__mutmut_30": _CHUNK_START,
    _N + "parse.x__pieces__mutmut_16": _ZIP_ONE_SHORTER,
    _N + "parse.x__pieces__mutmut_19": _ZIP_ONE_SHORTER,
    _N + "parse.x__pieces__mutmut_24": "equivalent: str.count's start None is 0",
    _N + "parse.x__with_hand__mutmut_7": _ONLY_FROM_SYNTAX,
    _N + "parse.x__with_hand__mutmut_13": _ONLY_FROM_SYNTAX,
    # (the old survivor of the whole notation/ run, reconstructed with mutmut 3.8.1's generator on
    # wording.py, unchanged since: `(phrase in order) or True`)
    _N + "wording.x__phrase_rank__mutmut_5": (
        "unreachable: only a phrase outside TERMINAL_WORDS would make order.index fail, and none is "
        "ever ranked: the header's 'the first hand' is never said (the header's end is never what a "
        "failure meets) and every terminal has its words there (all but __IGNORE_0, which nothing "
        "expects)"),
    _N + "parse.x__is_generic__mutmut_9": (
        "equivalent: re.S dropped from the match of a generic message in the chosen language: no such "
        "message holds a newline (its word and its line are of one line of the record, split at '\\n'; "
        "the catalogue's phrases and the French-card hint have none)"),
})


# notation/transform.py (n-transform): its own run, bench/mutants-notation-transform.md
_T = "reversis_score.notation.transform.xǁRecordBuilderǁ"
_HAND_TAGGED = ("equivalent: a finding of the Transformer left without its hand; parse._parse_with_recovery "
                "tags every one of them with the chunk's hand (_hand_tagged, the number `begin` was given "
                "as hand_number), and a header's has none either way")
_THREE_TOKENS = ("unreachable: _named_cards's branch for `NAME \":\" CARDS` in three tokens (the grammar's "
                 "second deal_line rule, kept so that a line NAMED_CARDS does not match fails as before): "
                 "wherever the three would match, the one token NAMED_CARDS (priority 3, the same patterns "
                 "with [ \\t]* for the spaces the grammar ignores) matches the same text first, so the rule "
                 "is never reduced")
EXPLAINED.update({
    **{_T + f"_error__mutmut_{n}": _HAND_TAGGED for n in (4, 8)},
    _T + "_trick_number__mutmut_28": ("equivalent: `number_span = \"\"` for None on a trick line without "
                                      "its number; short_trick and explicit_trick read it only as "
                                      "`self.number_span or ...`, where \"\" gives way as None does"),
    **{_T + f"hand_line__mutmut_{n}": (
        "unreachable: hand_line's `else 1`, for a hand read without its expected number; every hand chunk "
        "is read with one (parse_hand's expected_number, an int from each caller: parse_hands, "
        "record/draft.py, serve/digest.py)") for n in (5, 7)},
    **{_T + f"_named_cards__mutmut_{n}": _THREE_TOKENS for n in (6, 7, 8, 9)},
    _T + "hand__mutmut_5": ("equivalent: the order before a hand's first section -2 for -1: every section's "
                            "place in SECTION_ORDER is 0 or more, above either"),
    _T + "hand__mutmut_6": ("equivalent: the key before a hand's first section misspelt: it is named only "
                            "when a section comes after one of a later place, which sets it first"),
    _T + "_span__mutmut_13": ("equivalent: _span's `width` taken never: no caller gives one, so it is None "
                              "and the token's own length is used either way"),
    **{_T + f"_span__mutmut_{n}": ("unreachable: the fallback line or column of a token without a "
                                    "place; the lexer places every token it makes, and the Transformer sees "
                                    "no other")
       for n in (3, 5)},
    _T + "begin__mutmut_6": ("equivalent: `number_span = \"\"` for None at a chunk's start; _trick_number "
                             "sets it on every trick line before short_trick or explicit_trick reads it"),
    _T + "table_line__mutmut_56": ("equivalent: the side named in 'pays itself' taken from the payee: it is "
                                   "said only when payer and payee are the same"),
})

# Survivors that a test could kill and none does yet: what the test would be.
TO_KILL: dict[str, str] = {
}


def settings(only: list[str], tests: list[str], files: list[str] = ()) -> str:
    """The [tool.mutmut] table for the copy's pyproject.toml: the packages ``only``, or within
    them just ``files`` (paths under reversis_score/, as 'notation/transform.py')."""
    patterns = ", ".join(f'"reversis_score/{name}"' for name in files) if files else \
        ", ".join(f'"reversis_score/{name}/*"' for name in only)
    selection = ", ".join(f'"{t}"' for t in tests)
    deselect = "".join(f', "--deselect", "{t}"' for t in DESELECT)
    return f"""
[tool.mutmut]
source_paths = ["reversis_score"]
only_mutate = [{patterns}]
# reversis_score/grammar (a link to grammar/): without it the mutants read the checkout's grammar
also_copy = ["grammar", "reversis_score/grammar", "samples", "docs", "bench", "LICENSE", "README.md"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "--hypothesis-seed=0",
                       "--hypothesis-profile=mutation", "-o", "addopts=-q"{deselect}]
pytest_add_cli_args_test_selection = [{selection}]
use_git_change_detection = false
"""


def prepare(only: list[str], tests: list[str], files: list[str] = ()) -> None:
    """A fresh copy of the checkout in build/mutation/, with mutmut's settings."""
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, WORK / name, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(source, WORK / name)
    pyproject = WORK / "pyproject.toml"
    pyproject.write_text(pyproject.read_text("utf-8") + settings(only, tests, files), "utf-8")
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                          check=False).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "reversis_score"], cwd=ROOT, capture_output=True,
                           text=True, check=False).stdout.strip()
    (WORK / "commit").write_text(head + (" (reversis_score/ changed since)" if dirty else "") + "\n")


def resume() -> list[str]:
    """The checkout's tests copied in again, the mutants' results kept; the names of the mutants
    not yet killed, to be run again on the new tests. The copy's mutmut settings stay as the run
    wrote them: mutmut 3.8 forgets every result when the test selection changes, so a new test
    reaches the mutants here only from a file of the run's selection (a new file: ``--verify``)."""
    first = WORK / "first-pass.json"  # the figures of the run before any new test: kept for the report
    if not first.exists():
        first.write_text(json.dumps(results(verified_too=False), indent=0, sort_keys=True), "utf-8")
    pending = [n for n, status in results().items() if status not in ("killed", "timeout")]
    for where in (WORK, WORK / "mutants"):
        shutil.rmtree(where / "tests", ignore_errors=True)
        shutil.copytree(ROOT / "tests", where / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    (WORK / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)  # which tests reach what, again
    return pending


def run(children: int, names: list[str] = ()) -> int:
    """``mutmut run`` in the copy; its wall time is added to build/mutation*/wall-seconds."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # mutmut puts mutants/ first
    start = time.monotonic()
    code = subprocess.run([str(MUTMUT), "run", "--max-children", str(children), *names], cwd=WORK,
                          env=env, check=False).returncode
    wall = WORK / "wall-seconds"
    before = float(wall.read_text()) if wall.exists() else 0.0
    wall.write_text(f"{before + time.monotonic() - start:.0f}\n")
    return code


def results(verified_too: bool = True) -> dict[str, str]:
    """Each mutant's name and status, from ``mutmut results --all true``; a survivor that
    ``--verify`` found killed by the tests as they are now is "killed (now)"."""
    out = subprocess.run([str(MUTMUT), "results", "--all", "true"], cwd=WORK, capture_output=True,
                         text=True, check=False).stdout
    found = {}
    for line in out.splitlines():
        match = re.match(r"\s*(\S+): (.+)$", line)
        if match:
            found[match.group(1)] = match.group(2).strip()
    verified = WORK / "verified.json"
    if verified_too and verified.exists():
        for name, status in json.loads(verified.read_text("utf-8")).items():
            if found.get(name) in VERIFIED:
                found[name] = status
    # (a mutant --verify found surviving is tried again by the next --verify)
    return found


VERIFIED = ("survived", "no tests", "timeout")  # the statuses --verify tries again


def package(name: str) -> str:
    """'reversis_score.settle.party.x_value__mutmut_3' -> 'settle'."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else parts[0]


_SHOW = """import json, sys
from mutmut.__main__ import find_mutant, get_diff_for_mutant
out = {}
for name in json.load(sys.stdin):
    out[name] = get_diff_for_mutant(name, path=find_mutant(name).path)
print(json.dumps(out))
"""


def diffs(names: list[str]) -> dict[str, str]:
    """Each mutant's diff (``mutmut show``'s), from one process for them all (a ``mutmut show``
    a mutant is a second or more each), kept in build/mutation*/diffs.json."""
    cache_path = WORK / "diffs.json"
    cache = json.loads(cache_path.read_text("utf-8")) if cache_path.exists() else {}
    missing = [n for n in names if n not in cache]
    if missing:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        out = subprocess.run([str(MUTMUT.with_name("python")), "-c", _SHOW], cwd=WORK, env=env,
                             input=json.dumps(missing), capture_output=True, text=True, check=False).stdout
        cache.update(json.loads(out or "{}"))
        cache_path.write_text(json.dumps(cache), "utf-8")
    return {n: cache.get(n, "") for n in names}


def apply_mutant(tree: Path, name: str, diff: str) -> bool:
    """Put one mutant into its file in ``tree``. ``mutmut show`` gives a diff of the function alone,
    dedented and re-wrapped, so the changed lines are found by their words (whitespace aside)
    within the function, the one after the same line of context when they occur twice."""
    lines = diff.splitlines()
    path = next((line[4:].strip() for line in lines if line.startswith("+++ ")), None)
    hunk = next((i for i, line in enumerate(lines) if line.startswith("@@")), None)
    if path is None or hunk is None or not (tree / path).exists():
        return False
    body = lines[hunk + 1:]
    first = next(i for i, line in enumerate(body) if line[:1] in "-+")
    old = [line[1:] for line in body if line[:1] == "-"]
    new = [line[1:] for line in body if line[:1] == "+"]
    before = body[first - 1][1:].strip() if first > 0 else None
    text = (tree / path).read_text("utf-8").split("\n")
    function = re.sub(r"__mutmut_\d+$", "", name.rsplit(".", 1)[1]).split("ǁ")[-1]
    function = function[2:] if function.startswith("x_") else function
    start = next((i for i, line in enumerate(text) if line.lstrip().startswith(f"def {function}(")), None)
    if start is None or not old:
        return False
    found = [i for i in range(start, len(text) - len(old) + 1)
             if [line.strip() for line in text[i:i + len(old)]] == [line.strip() for line in old]]
    if len(found) > 1:
        found = [i for i in found if text[i - 1].strip() == before] or found
    if not found:
        return False
    at = found[0]
    shift = len(text[at]) - len(text[at].lstrip()) - (len(old[0]) - len(old[0].lstrip()))
    text[at:at + len(old)] = [" " * shift + line if line.strip() else line for line in new]
    try:  # a mutant put in wrongly would fail every test: "killed" by nothing
        compile("\n".join(text), path, "exec")
    except SyntaxError:
        return False
    (tree / path).write_text("\n".join(text), "utf-8")
    return True


def keep_verified(name: str, status: str) -> None:
    """One mutant's verdict added to build/mutation*/verified.json as it is now (two --verify runs at
    once keep each other's verdicts)."""
    path = WORK / "verified.json"
    verified = json.loads(path.read_text("utf-8")) if path.exists() else {}
    verified[name] = status
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(verified, indent=1, sort_keys=True), "utf-8")
    temp.replace(path)


def verify(found: dict[str, str], tests: list[str], only: list[str] | None = None,
           again: bool = True) -> dict[str, str]:
    """Each survivor not explained, each mutant no test of the run reached and each timeout
    (mutmut's CPU limit: caught, but maybe only by a slow machine), applied (its diff, ``mutmut
    show``) to a copy of the checkout (its file put back after) and tried on
    tests/test_mutants_killed.py and tests/test_i18n.py (the whys in French; ``--verify-tests``)
    as they are now (a timeout: on every test): "killed (now)" when a test fails, else "survived". Kept in
    build/mutation*/verified.json. (A test added to another file: run mutmut again.) Without
    ``again``, a mutant --verify tried before is left as it was found (while a run goes on)."""
    scratch = WORK.with_name(WORK.name + "-verify")
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "PYTHONPATH": str(scratch)}
    verified_path = WORK / "verified.json"
    verified = json.loads(verified_path.read_text("utf-8")) if verified_path.exists() else {}
    todo = sorted(name for name, status in found.items() if status in VERIFIED and name not in EXPLAINED
                  and name not in TO_KILL  # (known survivors, each with the test that would kill it)
                  and verified.get(name) != "killed (now)"
                  and (not only or any(o in name for o in only))
                  and (again or name not in verified))
    shown = diffs(todo)
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    for item in COPIED:  # one copy; each mutant's file is put back as it was after its tests
        source = ROOT / item
        if source.is_dir():
            shutil.copytree(source, scratch / item, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, scratch / item)
    for name in todo:
        status, diff = found[name], shown[name]
        changed = next((line[4:].strip() for line in diff.splitlines() if line.startswith("+++ ")), "")
        if not apply_mutant(scratch, name, diff):
            print(name, "not applied: the code moved since the run", flush=True)
            continue
        try:
            # the file of tests written for the survivors, alone: the run tried every other test
            # on a survivor already; a timeout is tried on them all
            failed = any(subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                         "-p", "no:xdist", "--hypothesis-seed=0",
                                         "--hypothesis-profile=mutation", "-o", "addopts=-q",
                                         *[f"--deselect={t}" for t in DESELECT], *chosen],
                                        cwd=scratch, env=env, capture_output=True, text=True, check=False,
                                        timeout=600).returncode != 0
                         for chosen in ((tests[:2], tests[2:]) if status == "timeout" else (tests[:2],)))
        except subprocess.TimeoutExpired:
            print(name, "still a timeout", flush=True)
            continue
        finally:
            shutil.copy2(ROOT / changed, scratch / changed)
        found[name] = verified[name] = "killed (now)" if failed else "survived"
        keep_verified(name, verified[name])
        print(name, status, "->", found[name], flush=True)
    shutil.rmtree(scratch, ignore_errors=True)
    return found


_FORKED = """import json, os, signal, sys
import pytest
names, tests = json.loads(sys.argv[1]), sys.argv[2:]
pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *tests])  # imported once, before the forks
pid = os.fork()  # they must pass with no mutant, or every mutant would be "killed"
if pid == 0:
    os._exit(int(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist", *tests])))
if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0:
    sys.exit("the tests fail on the run's own code: nothing verified")
for name in names:
    pid = os.fork()
    if pid == 0:
        os.environ["MUTANT_UNDER_TEST"] = name
        signal.alarm(120)  # a mutant that loops is caught: a timeout, as mutmut says it
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1), os.dup2(null, 2)
        os._exit(int(pytest.main(["-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", *tests])))
    print(json.dumps([name, os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])]), flush=True)
"""


def verify_forked(found: dict[str, str], tests: list[str], only: list[str] | None = None) -> dict[str, str]:
    """``--verify`` through mutmut's own copy (build/mutation*/mutants/, each mutant behind its
    trampoline): the test files copied in, imported once, and each survivor tried in a fork of
    that process with MUTANT_UNDER_TEST set, as mutmut runs a mutant (under a second each, where
    ``--verify`` copies the checkout and starts Python afresh). A mutant of code run only at import
    (a class decorator, a module's table) is not reached so: ``--verify`` tries those."""
    verified_path = WORK / "verified.json"
    verified = json.loads(verified_path.read_text("utf-8")) if verified_path.exists() else {}
    todo = sorted(name for name, status in found.items() if status in VERIFIED and name not in EXPLAINED
                  and verified.get(name) != "killed (now)"
                  and (not only or any(o in name for o in only)))
    for test in tests:
        shutil.copy2(ROOT / test, WORK / "mutants" / test)
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "PYTHONPATH": str(WORK / "mutants")}
    with subprocess.Popen([sys.executable, "-c", _FORKED, json.dumps(todo), *tests], cwd=WORK / "mutants",
                          env=env, stdout=subprocess.PIPE, text=True) as child:
        for line in iter(child.stdout.readline if child.stdout else str, ""):  # a mutant a line, as done
            if not line.startswith("["):
                continue  # pytest's own words, of the collection before the forks
            name, code = json.loads(line)
            found[name] = verified[name] = "killed (now)" if code != 0 else "survived"
            keep_verified(name, verified[name])
            print(name, "->", found[name], flush=True)
    return found


# What the figures alone do not say, by the packages of the run: how it was run.
NOTES: dict[tuple[str, ...], list[str]] = {
    ("rules",): [
        "Run whole with `nice -n 15 python bench/mutate.py --only rules --tests tests/test_fixed_rules.py",
        "tests/test_stages.py tests/test_presets.py tests/test_rules_doc.py tests/test_edges.py",
        "tests/test_sources.py tests/test_mutants_killed.py tests/test_bad_records.py` (mutmut 3.8.1, two",
        "children) on the shared two-core machine at a load of 2 to 4 (issue 43). The first pass ran with",
        "only the first test of tests/test_fixed_rules.py: 647 of 981 mutants killed, 271 survived, 63",
        "reached by no test (70.5% of those reached). The rest of that file was written from its",
        "survivors, and `--resume` had mutmut itself run every survivor again on it (the figures of",
        "\"the run\" below: the wall time counts both passes). Of the 43 that lived on there, 18 are of",
        "rules/knobs.py's `_knob` and `_build_presets`, which run only at import, before mutmut forks its",
        "children, so that no test in a child sees them; 3 more had tests written after the resume.",
        "`--verify` (each put into a copy of the checkout, tests/test_fixed_rules.py and test_stages.py",
        "run on it in a fresh process) kills all 21. The 22 left are explained below.",
    ],
    ("replay",): [
        "Run with `nice -n 15 python bench/mutate.py --only replay --tests tests/test_fixed_replay.py",
        "tests/test_stages.py tests/test_edges.py tests/test_replay.py tests/test_bad_records.py",
        "tests/test_one_cause.py tests/test_irregular_lines.py tests/test_events.py",
        "tests/test_mutants_killed.py tests/test_sources.py tests/test_reversis.py",
        "tests/test_espagnolette.py tests/test_skip_deal.py tests/test_events_record.py",
        "tests/test_clean.py::test_every_sample_replays_the_same_both_ways",
        "tests/test_clean.py::test_the_quick_pass_replays_every_plain_generated_hand` (mutmut 3.8.1, two",
        "children) on the shared two-core machine at a load of 5 to 8 (another helper's mutation run of",
        "notation/ and a speed benchmark beside it; issue 43). The third start: the first, with the whole of",
        "tests/test_clean.py (28 of its 35 s of tests a survivor), and the second, whose survivors of",
        "replay/events.py cost 10 s each, were stopped, and their survivors guided",
        "tests/test_fixed_replay.py. This run copied that file as it stood at its start (commit 3c497c1);",
        "the tests written after it were tried on the run's survivors with `--verify --verify-tests",
        "tests/test_fixed_replay.py tests/test_stages.py` (each put into a copy of the checkout, the two",
        "files run on it in a fresh process). tests/test_fixed_replay.py takes about 2 s of CPU. The",
        "survivors still left after it were tried the same way on tests/test_fixed_replay_more.py",
        "(`--verify-tests tests/test_fixed_replay_more.py tests/test_stages.py`; under 1 s of CPU).",
    ],
    ("notation",): [
        "Run with `nice -n 15 python bench/mutate.py --only notation --tests` and the fast files",
        "tests/test_stages.py, test_edges.py, test_grammar.py, test_bad_records.py,",
        "test_bad_records_fr.py, test_french_records.py, test_one_cause.py, test_irregular_lines.py,",
        "test_fr_words.py, test_mutants_killed.py, test_fast.py less its four hypothesis searches of",
        "generated records and its tuple property, and test_lalr.py less its two-process test (785",
        "tests, 11.6 s in mutmut's own count; mutmut 3.8.1, two children) on the shared two-core",
        "machine at a load of 4 to 7 (another engineer's mutmut run of replay/ beside it). The run",
        "stopped once at 821 mutants (its process ended with no message) and went on file by file",
        "(`mutmut run` given the names of one file's mutants not yet tried) so that each file it",
        "reached is whole (\"Files\" below); fast.py, parse.py and transform.py were not reached",
        "whole by the deadline: their untried mutants count in no score. The tests written",
        "for the survivors, tests/test_notation_mutants.py and tests/test_french_mutants.py (150",
        "tests, half a second of calls), were tried on every survivor with `--verify --verify-forked`",
        "(each survivor in a fork of one process over the run's own mutants, as mutmut runs them),",
        "and with `--verify` (a fresh copy of the checkout) for mutants of code run at import (the",
        "records' class decorator, french.py's phrase patterns). The run's copy lacked",
        "reversis_score/grammar, so its mutants read the checkout's grammar: it changed once, while",
        "wording.py's mutants ran (an empty 'carried:' keeps its keyword token), which changes only",
        "how an empty 'carried:' line is read, a line no wording function sees; `also_copy` has the",
        "link since.",
    ],
    ("settle",): [
        "Run with `nice -n 15 python bench/mutate.py` (mutmut 3.8.1, `--max-children 2`) on the",
        "shared two-core machine, on main after the French whys were merged (settle/'s sentences",
        "through the catalogue: 2,390 mutants where the run before them had 1,991), the load",
        "average 2 to 4 (one other engineer's tests): 14 min, where the earlier run on a machine",
        "loaded 8 to 13 took 70. Each mutant ran the tests of `TESTS` that reach its function, `-x`:",
        "by mutmut's own measure they take about 3 s in all; a mutant costs mostly pytest's start",
        "in the forked child. Left out of `TESTS`: tests/test_edge_cases.py (the CLI's edge cases)",
        "and test_samples.py's ledger-keys test (a second a mutant; the goldens check the",
        "settlement). tests/test_i18n.py (the whys in French) joined `TESTS` after the run: the ten",
        "survivors it kills (a French message misspelt, a plural asked of `None`, a pool named",
        "otherwise in French) are verified with `--verify`: each put into a copy of the checkout",
        "and that file run on it. (rules/ and replay/ are in bench/mutants-rules.md and",
        "bench/mutants-replay.md, notation/ in bench/mutants-notation.md: each stage's own run.)",
    ],
}


# The same for a run of some files of a package (--files), by its report's name.
FILE_NOTES: dict[str, list[str]] = {
    "mutants-notation-fast-parse": [
        "Run with `nice -n 15 python bench/mutate.py --only notation --files notation/fast.py",
        "notation/parse.py --children 1 --tests` and tests/test_stages.py, test_grammar.py,",
        "test_bad_records.py, test_fr_words.py, test_mutants_killed.py, test_notation_mutants.py,",
        "test_french_mutants.py, test_notation_mutants_fast_parse.py (its first test only: the file was",
        "written from this run's survivors) and test_fast.py less its four hypothesis searches, its",
        "tuple property and its fuzzed bad samples (29 s alone) (issue 43, the two files the notation/",
        "run of bench/mutants-notation.md did not reach whole; mutmut 3.8.1, one child, on the shared",
        "two-core machine at a load of 2 to 9, another engineer's run of transform.py beside it). A",
        "first start with the whole notation/ selection of that run (51 s of tests in mutmut's count",
        "at that load) was stopped after 160 mutants: the French files (test_french_records.py,",
        "test_bad_records_fr.py), test_lalr.py, test_edges.py, test_one_cause.py and",
        "test_irregular_lines.py left the selection; the French path of parse.py they reached has tests",
        "of its own in test_notation_mutants_fast_parse.py. Every survivor not explained was tried on",
        "tests/test_notation_mutants_fast_parse.py and test_notation_mutants.py with `--verify",
        "--verify-forked` (each in a fork of one process over the run's own mutants, so on the code",
        "of the run; the five timeouts so too, each stopped by the fork's 120 s alarm: the 80 \"killed by",
        "a test written since\" count them). After 1,430 mutants the run was stopped and went on",
        "(`mutmut run` in its folder) with `timeout_multiplier = 3.0` in its settings: mutants of",
        "parse._chunks_from and _next_hand that loop for ever each took mutmut's limit of 15 times",
        "the tests' time, 5 minutes at that load; a timeout is caught either way. A survivor found a",
        "bug, fixed since the run: a header line of only a form feed, a vertical tab or a no-break",
        "space lost the whole header (players, stake...), the recovery taking it for a blank line",
        "(tests/test_notation_recovery.py, apart because it fails on the run's code).",
    ],
    "mutants-notation-transform": [
        "Run with `nice -n 15 python bench/mutate.py --only notation --files notation/transform.py",
        "--children 1 --tests tests/test_notation_mutants.py tests/test_french_mutants.py",
        "tests/test_mutants_killed.py tests/test_grammar.py tests/test_stages.py tests/test_edges.py",
        "tests/test_bad_records.py tests/test_bad_records_fr.py tests/test_irregular_lines.py` and the",
        "thirteen tests of tests/test_fast.py that compare the quick readers with Lark on fixed records",
        "(all but its hypothesis searches, its every-bad-sample-mutated comparison, 31 s alone, and its",
        "chunk cutting, which is parse.py's) (847 tests, 42 s in mutmut's own count; mutmut 3.8.1, one",
        "child) on the shared two-core machine at a load of 4 to 8 (engineer F's run of fast.py and",
        "parse.py beside it; issue 43). Left out of the last notation/ run's list: test_french_records.py",
        "(13 s; French reaches transform.py only as English, after french.py, whole in that run),",
        "test_one_cause.py and test_fr_words.py (the CLI's words and the catalogue), test_lalr.py (the",
        "tables' cache). The run is whole: every mutant of transform.py tried. The tests written for its",
        "survivors, tests/test_notation_mutants_transform.py (hand-worked chunks and headers read by Lark",
        "alone, every place and finding stated; 15 tests, half a second, most of it loading Lark), were",
        "tried on every survivor with `--verify --verify-forked --verify-tests",
        "tests/test_notation_mutants_transform.py` (each in a fork over the run's own mutants; no",
        "mutant of transform.py is of code run at import, so plain `--verify` adds nothing): all 107",
        "unexplained survivors killed.",
        "That file also kills wording.describe_unexpected mutmut_150 of the last notation/ run (its diff",
        "rebuilt with mutmut 3.8.1's own mutate_file_contents on wording.py as of b5e5522, 474 mutants",
        "as that run counted: a header line met in a hand blanked the line before it, the dealer's, so",
        "nothing after it was read; the test was checked failing with that line put in by hand).",
    ],
}


def figures(found: dict[str, str], package_name: str) -> dict[str, int]:
    """One package's counts: generated, not reached by a test, not yet tried, caught, survived..."""
    mine = {n: s for n, s in found.items() if package(n) == package_name}
    count = Counter(mine.values())
    f = {"generated": len(mine), "no tests": count["no tests"], "not checked": count["not checked"],
         "killed": count["killed"], "timeout": count["timeout"], "survived": count["survived"],
         "killed (now)": count["killed (now)"]}
    f["other"] = f["generated"] - sum(v for k, v in f.items() if k != "generated")
    f["tried"] = f["generated"] - f["no tests"] - f["not checked"]
    f["caught"] = f["killed"] + f["timeout"] + f["killed (now)"]
    f["explained"] = sum(1 for n, s in mine.items() if s in ("survived", "no tests") and n in EXPLAINED)
    f["left"] = sum(1 for n, s in mine.items() if s in ("survived", "no tests") and n not in EXPLAINED)
    return f


def percent(a: int, b: int) -> str:
    return f"{a} / {b} = {100 * a / max(1, b):.1f}%"


ROWS = [("generated", "generated"), ("tried", "tried (reached by a test)"),
        ("no tests", "not reached by any test of the selection"),
        ("not checked", "not yet tried (the run was stopped)"), ("killed", "killed"),
        ("timeout", "timeout (over mutmut's CPU limit)"),
        ("killed (now)", "survived, unreached or timed out in the run, killed by a test written since"),
        ("survived", "survived"), ("other", "other (suspicious, segfault)"),
        ("explained", "of the survivors and unreached: explained (equivalent or unreachable)"),
        ("left", "of the survivors and unreached: neither killed nor explained")]


def compact(found: dict[str, str]) -> list[str]:
    """The survivors and unreached mutants by function (mutmut's numbers): a run too large or too
    partial for a diff a survivor (``mutmut show NAME`` in the run's folder gives each)."""
    by: dict[tuple[str, str], list[str]] = {}
    why: dict[str, list[str]] = {}  # each explanation, and the mutants it explains
    for name, status in found.items():
        if status in ("survived", "no tests"):
            function, number = name.rsplit("__mutmut_", 1)
            if name in EXPLAINED:
                status = "explained"
                why.setdefault(EXPLAINED[name], []).append(name.removeprefix("reversis_score."))
            by.setdefault((function, status), []).append(number)
    lines = ["## Survivors and unreached mutants, by function", "",
             "| function | status | mutants | mutmut's numbers |", "|---|---|---|---|"]
    for (function, status), numbers in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        shown = ", ".join(sorted(numbers, key=int))
        lines.append(f"| `{function}` | {status} | {len(numbers)} | {shown} |")
    lines += ["", "## Why the explained ones live", ""]
    lines += [f"- {reason} ({', '.join(f'`{n}`' for n in sorted(names))})" for reason, names in why.items()]
    return lines + [""]


def by_file(found: dict[str, str]) -> list[str]:
    """Each mutated file's figures: whole when none of its mutants is left untried."""
    files: dict[str, Counter] = {}
    for name, status in found.items():
        module = name.rsplit("__mutmut_", 1)[0].rsplit(".", 1)[0].replace(".", "/") + ".py"
        if status in ("survived", "no tests"):
            status = "explained" if name in EXPLAINED else "left"
        files.setdefault(module, Counter())[status] += 1
    lines = ["## Files", "", "caught: killed, timed out, or killed by a test written since (`--verify`); "
             "left: survived or reached by no test, and neither caught since nor explained; the score "
             "leaves out the explained (equivalent or unreachable) mutants.", "",
             "| file | mutants | not yet tried | caught | explained | left | whole | "
             "caught / (tried − explained) |", "|---|---|---|---|---|---|---|---|"]
    for module, c in sorted(files.items()):
        caught = c["killed"] + c["timeout"] + c["killed (now)"]
        tried = sum(c.values()) - c["not checked"]
        lines.append(f"| {module} | {sum(c.values())} | {c['not checked']} | {caught} | {c['explained']} | "
                     f"{c['left']} | {'yes' if not c['not checked'] else 'no'} | "
                     f"{percent(caught, tried - c['explained'])} |")
    return lines + [""]


def survivors(found: dict[str, str], raw: dict[str, str]) -> list[str]:
    """A run over packages other than settle/: the mutants killed by tests written since, counted
    by function, then every mutant still surviving (or unreached) with its diff and its fate."""
    now: Counter[str] = Counter(n.rsplit("__mutmut_", 1)[0] for n, s in found.items() if s == "killed (now)")
    lines = ["## Survivors of the run killed by tests written since (verified), by function", "",
             "| function | mutants |", "|---|---|", *[f"| `{f}` | {c} |" for f, c in sorted(now.items())], "",
             "## Every mutant that survives, and its fate", ""]
    left = sorted(n for n, s in found.items() if s in ("survived", "no tests", "suspicious", "segfault"))
    shown = diffs(left)
    for name in left:
        why = EXPLAINED.get(name) or "NOT KILLED YET: " + TO_KILL.get(name, "a test to write")
        body = [line for line in shown[name].splitlines() if line.startswith(("-", "+")) and
                not line.startswith(("---", "+++"))]
        lines += [f"### {name}: {found[name]}", "", why, "", "```diff", *body, "```", ""]
    return lines


def write_report(found: dict[str, str]) -> None:
    wall = WORK / "wall-seconds"
    seconds = int(float(wall.read_text())) if wall.exists() else 0
    commit = (WORK / "commit").read_text().strip() if (WORK / "commit").exists() else "?"
    raw = results(verified_too=False)
    first_path = WORK / "first-pass.json"
    first = json.loads(first_path.read_text("utf-8")) if first_path.exists() else raw
    lines = ["# Mutants that survived the focused tests", "",
             "Written by `bench/mutate.py` (mutmut; hypothesis held to fixed examples;",
             "`python bench/mutate.py --report` writes it again). A mutant is *killed* when a test fails",
             "on it, *survived* when every test still passes; each survivor is killed by a test written",
             "since (verified: its diff applied to the checkout and the tests run, `--verify`) or",
             "explained (`EXPLAINED` in bench/mutate.py).", "",
             f"Code mutated: commit {commit}. Wall time of `mutmut run`: {seconds // 60} min "
             f"{seconds % 60} s.", "",
             *FILE_NOTES.get(REPORT.stem, NOTES.get(tuple(sorted({package(n) for n in found})), [])), ""]
    resumed = first is not raw
    for p in sorted({package(n) for n in found}):
        columns = [figures(first, p), *([figures(raw, p)] if resumed else []), figures(found, p)]
        heads = ["the run", *(["mutmut again on the new tests (`--resume`)"] if resumed else []),
                 "with the tests written since (`--verify`)" if resumed else "with the tests written since"]
        lines += [f"## {p}/", "", "| | " + " | ".join(heads) + " |", "|---" * (len(heads) + 1) + "|"]
        lines += [f"| {label} | " + " | ".join(str(c[key]) for c in columns) + " |" for key, label in ROWS]
        lines += ["| **score: caught / reached by a test** | " + " | ".join(
                      percent(c["caught"], c["tried"]) for c in columns) + " |",
                  "| **score: caught / generated** | " + " | ".join(
                      percent(c["caught"], c["generated"]) for c in columns) + " |",
                  "| caught / (generated − explained) | " + " | ".join(
                      percent(c["caught"], c["generated"] - c["explained"]) for c in columns) + " |", ""]
    if "settle" not in {package(n) for n in found}:
        packages = {package(n) for n in found}
        lines += by_file(found) + compact(found) if packages == {"notation"} else survivors(found, raw)
        REPORT.write_text("\n".join(lines) + "\n", "utf-8")
        return
    lines += ["## Every survivor and its fate", ""]
    shown = diffs(sorted(n for n, s in found.items() if s not in ("killed", "not checked", "timeout",
                                                                  "killed (now)")))
    for name, status in sorted(found.items()):
        if status in ("killed", "not checked", "timeout"):
            continue
        if status == "killed (now)":
            lines += [f"- `{name}` ({raw.get(name)} in the run): killed by a test written since", ""]
            continue
        diff = shown[name]
        why = EXPLAINED.get(name) or "NOT KILLED YET: " + TO_KILL.get(name, "a test to write")
        body = [line for line in diff.splitlines() if line.startswith(("-", "+")) and
                not line.startswith(("---", "+++"))]
        lines += [f"### {name}: {status}", "", why, "", "```diff", *body, "```", ""]
    REPORT.write_text("\n".join(lines) + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", default=["settle"], help="packages of reversis_score to mutate")
    parser.add_argument("--tests", nargs="+", default=TESTS,
                        help="the test files (or tests, file::name) to run on each mutant")
    parser.add_argument("--files", nargs="+", default=[],
                        help="only these files of the packages (e.g. notation/transform.py): their own "
                             "build/ folder and report (bench/mutants-notation-transform.md)")
    parser.add_argument("--children", type=int, default=2, help="mutants run at once")
    parser.add_argument("--report", action="store_true", help="only write bench/mutants.md again")
    parser.add_argument("--verify", action="store_true",
                        help="try each unexplained survivor on the checkout's tests as they are now")
    parser.add_argument("--verify-tests", nargs="+",
                        default=["tests/test_mutants_killed.py", "tests/test_i18n.py"],
                        help="the test files --verify runs on each survivor (the first two; a timeout: all)")
    parser.add_argument("--verify-new", action="store_true",
                        help="--verify tries only the mutants it has not tried before")
    parser.add_argument("--verify-only", nargs="*", default=[],
                        help="--verify tries only the mutants whose name holds one of these")
    parser.add_argument("--verify-forked", action="store_true",
                        help="--verify in forks of one process over the run's own mutants (quicker)")
    parser.add_argument("--resume", action="store_true",
                        help="copy the tests in again and run the mutants not yet killed (or not yet run)")
    args = parser.parse_args()
    if args.only != ["settle"]:
        global WORK, REPORT
        WORK = WORK.with_name("mutation-" + "-".join(args.only))
        REPORT = REPORT.with_name("mutants-" + "-".join(args.only) + ".md")
    if args.files:  # a part of a package, run beside the rest: its own copy and report
        stems = "-".join(Path(f).stem for f in args.files)
        WORK = WORK.with_name(f"{WORK.name}-{stems}")
        REPORT = REPORT.with_name(f"{REPORT.stem}-{stems}.md")
    tests = [t for t in args.tests if (ROOT / t.split("::")[0]).exists()]  # a file, or a test of one
    if args.resume:
        pending = resume()
        run(args.children)  # the mutants not yet run
        now = results()  # once: `mutmut results` takes a second or more
        run(args.children, [n for n in pending if now.get(n) not in ("killed", "timeout")])
    elif not args.report and not args.verify:  # --verify and --report read the last run only
        prepare(args.only, tests, args.files)
        run(args.children)
    found = results()
    if args.verify:
        first = args.verify_tests[:2]
        found = verify_forked(found, first, args.verify_only) if args.verify_forked else \
            verify(found, [*first, *[t for t in tests if t not in first]], args.verify_only,
                   again=not args.verify_new)
    write_report(found)
    print(REPORT.read_text("utf-8").split("\n## ")[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
