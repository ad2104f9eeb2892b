"""Is this JSON ledger sound? Its shape (docs/ledger.schema.json), then every sum it must keep.

Pure functions from a parsed document to a list of findings; ``verify`` (cli/verify.py)
prints them. The sums are the ledger's invariants (docs/ledger.md): a hand's net is the sum
of its counting items; nets plus the pools' growth is 0; the pools chain from hand to hand;
balances are the stake plus the nets so far; totals are the sums of the nets; the settle-up
pays exactly what the players owe each other.

>>> str(Finding(3, 7, "amount", "Denis pays Claire 2; with 1 the hand's net and pools add up"))
"hand 3, item 7, amount: Denis pays Claire 2; with 1 the hand's net and pools add up"
>>> read_documents('{"format": "reversis-ledger/2"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
reversis_score.ledger.verify.LedgerProblem: a ledger of format reversis-ledger/2, newer than this ...
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import pairwise

from reversis_score.i18n import _, fill
from reversis_score.scrub import shortened

FORMAT = "reversis-ledger/1"
POOL = re.compile(r"pool:[1-9][0-9]*\Z")


class LedgerProblem(Exception):
    """The text is not JSON, not a ledger, or a ledger of a newer format: one line says which."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One broken rule of the ledger, at a hand (or none), an item ``seq`` (or none) and a key."""

    hand: int | None
    seq: int | None
    key: str
    message: str

    def __str__(self) -> str:
        place = [fill(_("hand {hand}"), hand=self.hand)] if self.hand is not None else []
        place += [fill(_("item {seq}"), seq=self.seq)] if self.seq is not None else []
        return fill(_("{place}: {problem}"), place=", ".join(place + [self.key]), problem=self.message)


def read_documents(text: str) -> list[dict]:
    """The ledger documents in a JSON text: one document, or the list ``export`` writes for several.

    Raises LedgerProblem when the text is not JSON, holds no ledger, or a ledger of a newer format.
    """
    try:
        data = json.loads(text)
    except RecursionError:
        raise LedgerProblem(_("not JSON that can be read: nested too deeply")) from None
    except ValueError as exc:
        raise LedgerProblem(fill(_("not JSON: {problem}"), problem=exc)) from None
    docs = data if isinstance(data, list) and data else [data]
    for doc in docs:
        format_problem(doc)
    return docs


def format_problem(doc: object) -> None:
    """Raise LedgerProblem unless ``doc`` says it is a ledger of the format this version reads."""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    if fmt == FORMAT:
        return
    match = re.fullmatch(r"reversis-ledger/([0-9]+)", fmt) if isinstance(fmt, str) else None
    # The digits are counted before int(): past 4,300 of them it raises.
    if match and (len(match.group(1).lstrip("0")) > 9 or int(match.group(1)) > 1):
        raise LedgerProblem(fill(_("a ledger of format {format}, newer than this reversis-score reads "
                                   "({known}): verify it with a newer reversis-score"),
                                 format=shortened(str(fmt)), known=FORMAT))
    if match or isinstance(fmt, str):
        raise LedgerProblem(fill(_("a ledger of an unknown format '{format}' (this version reads {known})"),
                                 format=shortened(str(fmt)), known=FORMAT))
    raise LedgerProblem(fill(_('not a reversis-score ledger: it has no "format": "{known}" key'),
                             known=FORMAT))


@cache
def schema() -> dict:
    """The JSON Schema of the ledger (docs/ledger.schema.json, shipped in the package)."""
    return json.loads(files("reversis_score.ledger").joinpath("ledger.schema.json").read_text("utf-8"))


@cache
def _validator():
    from jsonschema import Draft202012Validator  # only verify needs it: keep start-up light
    return Draft202012Validator(schema())


def schema_findings(doc: dict) -> list[Finding]:
    """Every place where the document breaks the schema, each named by its JSON path."""
    errors = sorted(_validator().iter_errors(doc),
                    key=lambda e: [(isinstance(p, str), p) for p in e.absolute_path])
    return [Finding(*_hand_and_seq(doc, list(e.absolute_path)), e.json_path, e.message)
            for e in errors]


def _hand_and_seq(doc: dict, path: list) -> tuple[int | None, int | None]:
    """The hand number and item seq a JSON path points into, when it points into one."""
    if len(path) < 2 or path[0] != "hands" or not isinstance(path[1], int):
        return None, None
    hand = doc["hands"][path[1]]
    number = hand.get("number") if isinstance(hand, dict) else None
    if len(path) < 4 or path[2] != "items" or not isinstance(path[3], int):
        return _int_or_none(number), None
    item = hand["items"][path[3]]
    return _int_or_none(number), _int_or_none(item.get("seq") if isinstance(item, dict) else None)


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def verify_document(doc: dict) -> list[Finding]:
    """Every problem of one ledger: its shape first; the sums once the shape is right."""
    problems = schema_findings(doc)
    if problems:
        return problems
    return invariant_findings(doc)


def invariant_findings(doc: dict) -> list[Finding]:
    """Every broken invariant of a ledger whose shape is right."""
    players = doc["session"]["players"]
    stake = doc["session"].get("stake") or 0
    settled = [h for h in doc["hands"] if h["status"] != "error"]
    found = _hand_order(doc["hands"])
    for hand in doc["hands"]:
        found += _names(hand, players) + _items_in_order(hand)
    if any(_names(h, players) for h in doc["hands"]):
        return found  # the sums below assume every key names the players
    sums = [f for hand in settled for f in _net_is_items(hand, players)]
    for hand in settled:
        found += [f for f in sums if f.hand == hand["number"]] + _conservation(hand)
    found += _pools_chain(settled) + _balances(doc["hands"], players, stake)
    found += _totals(doc, settled, players)
    if not sums:  # items that disagree with their nets already say it; the settle-up would echo it
        found += _settle_up(doc, settled, players)
    return found


def _hand_order(hands: list[dict]) -> list[Finding]:
    """Hands count up from 1; a hand with status error is the last one listed."""
    found = []
    for place, hand in enumerate(hands, 1):
        if hand["number"] != place:
            found.append(Finding(hand["number"], None, "number",
                                 fill(_("is hand {place} of the ledger: hands count up from 1"),
                                      place=place)))
        if hand["status"] == "error" and place < len(hands):
            found.append(Finding(hand["number"], None, "status",
                                 _("error, yet hands follow it: nothing after a bad hand is settled")))
        kind = hand.get("outcome", {}).get("kind")
        if hand["status"] != "error" and (kind == "void") != (hand["status"] == "void"):
            found.append(Finding(hand["number"], None, "status",
                                 fill(_("is {status} but the outcome is {kind}"), status=hand["status"],
                                      kind=kind)))
    return found


def _names(hand: dict, players: list[str]) -> list[Finding]:
    """net and balances name exactly the players; payers and payees are players or pool:N."""
    found = []
    for key in ("net", "balances"):
        if key in hand and set(hand[key]) != set(players):
            said = fill(_("names {names}, the players are {players}"), names=sorted(hand[key]),
                        players=players)
            found.append(Finding(hand["number"], None, key, said))
    for item in hand["items"]:
        for key in ("payer", "payee"):
            if item[key] not in players and not POOL.match(item[key]):
                found.append(Finding(hand["number"], item["seq"], key,
                                     fill(_("{name} is neither a player nor a pool (pool:1, pool:2, …)"),
                                          name=repr(item[key]))))
        if item["payer"] == item["payee"]:
            found.append(Finding(hand["number"], item["seq"], "payee",
                                 fill(_("{name} is both payer and payee"), name=item["payer"])))
    return found


def _items_in_order(hand: dict) -> list[Finding]:
    """Items are numbered 1, 2, 3… in the order they are listed."""
    return [Finding(hand["number"], item["seq"], "seq",
                    fill(_("is item {place} of the hand: items are numbered 1, 2, 3… in order"), place=place))
            for place, item in enumerate(hand["items"], 1) if item["seq"] != place]


def counting(hand: dict) -> list[dict]:
    """The items that count: every item no reversis, revoke or bar cancelled."""
    return [item for item in hand["items"] if item["cancelled_by"] is None]


def items_net(items: list[dict], players: list[str]) -> tuple[dict[str, int], int]:
    """Each player's net from these items, and what they moved into the pools."""
    net, into_pools = {p: 0 for p in players}, 0
    for item in items:
        for side, sign in ((item["payer"], -1), (item["payee"], 1)):
            if side in net:
                net[side] += sign * item["amount"]
            else:
                into_pools += sign * item["amount"]
    return net, into_pools


def _net_is_items(hand: dict, players: list[str]) -> list[Finding]:
    """A hand's net is the sum of its counting items; when not, name the items that explain it."""
    derived, into_pools = items_net(counting(hand), players)
    off = {p: hand["net"][p] - derived[p] for p in players if hand["net"][p] != derived[p]}
    found = [Finding(hand["number"], None, "net", fill(_("{player}'s net is {net}, the items sum to {sum}"),
                                                       player=p, net=_signed(hand["net"][p]),
                                                       sum=_signed(derived[p])))
             for p in off]
    pools_off = _growth(hand) - into_pools
    if pools_off:
        found.append(Finding(hand["number"], None, "pools_after",
                             fill(_("the items move {moved} into the pools, the pools grow by {growth}"),
                                  moved=_signed(into_pools), growth=_signed(_growth(hand)))))
    return found + _suspects(hand, off, pools_off)


def _suspects(hand: dict, off: dict[str, int], pools_off: int) -> list[Finding]:
    """The item whose amount, changed, makes the sums right: a single edited amount shows so.

    Any item between the two sides would do; the one whose why no longer names its amount is
    the one that was edited (every why names the amount it pays).
    """
    sides = set(off) | ({"pools"} if pools_off else set())
    if len(sides) != 2 or sum(off.values()) + pools_off != 0:
        return []
    between = [i for i in counting(hand) if {_side(i["payer"]), _side(i["payee"])} == sides]
    edited = [i for i in between if not _names_amount(i["why"], i["amount"])]
    chosen = edited if len(edited) == 1 else between
    if len(chosen) != 1:
        return []
    item = chosen[0]
    payer = _side(item["payer"])
    should = item["amount"] - (off[payer] if payer in off else pools_off)
    if should <= 0:
        return []
    said = fill(_("; its why says {should}"), should=should) if _names_amount(item["why"], should) else ""
    return [Finding(hand["number"], item["seq"], "amount",
                    fill(_("{payer} pays {payee} {amount}; with {should} the hand's net and pools add "
                           "up{said}"),
                         payer=item["payer"], payee=item["payee"], amount=item["amount"], should=should,
                         said=said))]


def _side(name: str) -> str:
    return "pools" if POOL.match(name) else name


def _names_amount(why: str, amount: int) -> bool:
    return re.search(rf"(?<![0-9]){amount}(?![0-9])", why) is not None


def _growth(hand: dict) -> int:
    return sum(hand["pools_after"]) - sum(hand["pools_before"])


def _conservation(hand: dict) -> list[Finding]:
    """The players' nets plus the pools' growth is 0: no fish appears or vanishes."""
    total = sum(hand["net"].values())
    if total + _growth(hand) == 0:
        return []
    return [Finding(hand["number"], None, "pools_after",
                    fill(_("fish not conserved: the nets sum to {total}, the pools grow by {growth} "
                           "({before} to {after})"), total=_signed(total), growth=_signed(_growth(hand)),
                         before=hand["pools_before"], after=hand["pools_after"]))]


def _pools_chain(settled: list[dict]) -> list[Finding]:
    """Each hand's pools_before are the previous hand's pools_after."""
    return [Finding(hand["number"], None, "pools_before",
                    fill(_("is {pools}, hand {hand} ended with {after}"), pools=hand["pools_before"],
                         hand=before["number"], after=before["pools_after"]))
            for before, hand in pairwise(settled)
            if hand["pools_before"] != before["pools_after"]]


def _balances(hands: list[dict], players: list[str], stake: int) -> list[Finding]:
    """After every hand, each balance is the stake plus every net so far.

    A wrong balance is reported where it goes wrong, not again at every later hand that
    carries the same error forward.
    """
    running, carried, found = {p: stake for p in players}, {p: 0 for p in players}, []
    for hand in hands:
        for p in players:
            running[p] += hand.get("net", {}).get(p, 0)
            error = hand["balances"][p] - running[p]
            if error and error != carried[p]:
                found.append(Finding(hand["number"], None, "balances",
                                     fill(_("{player}'s balance is {balance}, the stake {stake} plus the "
                                            "nets so far make {running}"), player=p,
                                          balance=hand["balances"][p], stake=stake, running=running[p])))
            carried[p] = error
    return found


def _totals(doc: dict, settled: list[dict], players: list[str]) -> list[Finding]:
    """totals are the sums of the nets; pools are the last hand's pools_after."""
    found = []
    if set(doc["totals"]) != set(players):
        found.append(Finding(None, None, "totals", fill(_("names {names}, the players are {players}"),
                                                        names=sorted(doc["totals"]), players=players)))
    for p in players:
        total = sum(h["net"][p] for h in settled)
        if doc["totals"].get(p) != total:
            found.append(Finding(None, None, "totals",
                                 fill(_("{player}'s total is {total}, the hands' nets sum to {sum}"),
                                      player=p, total=doc["totals"].get(p), sum=_signed(total))))
    if settled and doc["pools"] != settled[-1]["pools_after"]:
        found.append(Finding(None, None, "pools", fill(_("is {pools}, the last hand ended with {after}"),
                                                       pools=doc["pools"], after=settled[-1]["pools_after"])))
    return found


def _settle_up(doc: dict, settled: list[dict], players: list[str]) -> list[Finding]:
    """The settle-up transfers pay each player exactly his net from payments between players."""
    if "settle_up" not in doc:
        return []
    owed = {p: 0 for p in players}
    for hand in settled:
        for item in counting(hand):
            if item["payer"] in owed and item["payee"] in owed:
                owed[item["payer"]] -= item["amount"]
                owed[item["payee"]] += item["amount"]
    received = {p: 0 for p in players}
    for transfer in doc["settle_up"]:
        for side, sign in ((transfer["payer"], -1), (transfer["payee"], 1)):
            if side not in received:
                return [Finding(None, None, "settle_up", fill(_("{name} is not a player"), name=repr(side)))]
            received[side] += sign * transfer["amount"]
    return [Finding(None, None, "settle_up",
                    fill(_("{player} gets {received} from the settle-up, but {player}'s payments with the "
                           "other players come to {owed}"), player=p, received=_signed(received[p]),
                         owed=_signed(owed[p])))
            for p in players if received[p] != owed[p]]


def _signed(n: int) -> str:
    return f"{n:+}" if n else "0"  # "+" not "+d": 5.0 is an integer to JSON Schema too
