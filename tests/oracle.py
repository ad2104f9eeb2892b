"""An independent reference settlement of Reversis ("oracle"), written from docs/rules.md only.

It exists to cross-check the engine: same rules, different code. Standard library only.

    settle_session(knobs, players, hands) -> [{"net", "pools_after", "items"} per hand]

Items are (kind, payer, payee, amount) with payer/payee a player name or "pool"; items
cancelled by a reversis, a revoke or a barred player are left out. Zero amounts are left out.
"""
from __future__ import annotations

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
QUINOLA = "JH"

_PARLETT = {
    "deck": 48, "pools": "multiple", "pool_ante": 5, "dealer_ante": 5, "pool_refill_below": 1,
    "ace_dumped": 1, "ace_forced": 1, "diamond_ace_factor": 2,
    "quinola_dumped": 5, "quinola_forced": 10, "quinola_forced_others": 5,
    "opposite_doubles_side": True, "double_tricks": [10, 11], "quinola_pool_in_last_tricks": True,
    "opposite_doubles_party": True,
    "party_base": 4, "talon_values": "points", "preference": "reverse",
    "party_per_card": 0, "party_unit": 1, "tie_rule": "tricks", "quinola_led_remise": True,
    "reversis_pool": "quinola-early", "taker_paid": "barred",
    "reversis_side": 16, "reversis_opposite": 32, "reversis_broken": 64,
    "broken_reversis": "fixed", "broken_by_quinola": "forced",
    "espagnolette_lost": "parlett", "espagnolette_pays_broken": False,
    "fine_revoke": 10, "fine_out_of_turn": 5, "fine_redeal": 5, "fine_void_misdeal": 20,
    "party": "standard", "pairwise_stake": 2,
}
PRESETS: dict[str, dict] = {
    "parlett": dict(_PARLETT),
    "denexa": {**_PARLETT, "opposite_doubles_side": False, "double_tricks": [],
               "preference": "play", "broken_by_quinola": "flat", "quinola_led_remise": False,
               "espagnolette_lost": "denexa"},
    "regles-fr": {**_PARLETT, "pools": "single", "pool_ante": 10, "pool_refill_below": 1,
                  "ace_forced": 5, "double_tricks": [11], "quinola_pool_in_last_tricks": False,
                  "broken_reversis": "by-trick", "party_base": 0, "party_per_card": 4,
                  "party_unit": 5, "tie_rule": "nearest", "reversis_pool": "unless-quinola-late",
                  "broken_by_quinola": "none", "espagnolette_lost": "regles-fr",
                  "opposite_doubles_party": False},
    "manuscrit": {**_PARLETT, "pools": "single", "pool_ante": 10, "pool_refill_below": 45,
                  "double_tricks": [1, 11], "talon_values": "ad5-jh4",
                  "espagnolette_lost": "manuscrit", "espagnolette_pays_broken": True,
                  "broken_by_quinola": "none", "taker_paid": "nothing"},
    "dafydd": {**_PARLETT, "deck": 52, "pools": "none", "party": "pairwise-stake",
               "pairwise_stake": 2},
}


def suit(card):
    return card[-1]


class _Table:
    """The pools on the table (§4, §13 rules 2, 3, 7). Lives across hands."""

    def __init__(self, mode):
        self.mode = mode
        self.pools = [0] if mode == "single" else []
        self.remised = False      # a remise paid since the table last formed a pool from antes
        self.last_taken = 0       # the pool most recently taken (rule 3)

    def standing(self):
        return bool(self.pools) if self.mode == "multiple" else self.mode == "single" and self.pools[0] > 0

    def _put(self, items, kind, payer, amount, new=False):
        if self.mode == "none" or amount <= 0:
            return
        if self.mode == "single":
            self.pools[0] += amount
        elif new or not self.pools:
            self.pools.append(amount)
        else:
            self.pools[-1] += amount
        items.append((kind, payer, "pool", amount))

    def start(self, items, k, players, dealer):
        if self.mode == "multiple" and not self.pools:
            self.pools.append(0)
            self.remised = False
            for p in players:
                self._put(items, "pool-ante", p, k["pool_ante"])
        elif self.mode == "single" and self.pools[0] < k["pool_refill_below"]:
            for p in players:
                self._put(items, "pool-ante", p, k["pool_ante"])
        self._put(items, "dealer-ante", dealer, k["dealer_ante"])

    def pay_in(self, items, kind, payer, amount, new=False):
        """A fine or a returned pool: into the latest pool, or a new pool if none stands."""
        self._put(items, kind, payer, amount, new)

    def remise(self, items, payer):
        if self.mode == "none":
            return
        amount = self.pools[-1] if self.standing() else self.last_taken
        new = self.mode == "multiple" and self.remised
        self._put(items, "remise", payer, amount, new)
        self.remised = True

    def take(self, items, payee):
        if not self.standing():
            return 0
        if self.mode == "single":
            amount, self.pools[0] = self.pools[0], 0
        else:
            amount = self.pools.pop()
        self.last_taken = amount
        items.append(("pool-take", "pool", payee, amount))
        return amount


def settle_session(knobs: dict, players: list[str], hands: list[dict]) -> list[dict]:
    k = {**_PARLETT, **knobs}
    assert len(players) == 4 and len(set(players)) == 4
    table = _Table(k["pools"])
    out = []
    for hand in hands:
        before = sum(table.pools)
        items = _settle_hand(k, players, table, hand)
        net = {p: 0 for p in players}
        for _kind, payer, payee, amount in items:
            if payer != "pool":
                net[payer] -= amount
            if payee != "pool":
                net[payee] += amount
        assert sum(net.values()) + sum(table.pools) - before == 0, "fish not conserved"
        pools_after = [] if k["pools"] == "none" else list(table.pools)
        out.append({"net": net, "pools_after": pools_after, "items": items})
    return out


def _held(players, hand):
    """Each player's 11 cards after the exchange: the record's, else the cards he played (§2)."""
    seat = {p: i for i, p in enumerate(players)}
    played = {p: [] for p in players}
    for tr in hand["tricks"]:
        for j, c in enumerate(tr["cards"]):
            played[players[(seat[tr["leader"]] + j) % 4]].append(c.upper())
    given = hand.get("held") or {}
    return {p: [c.upper() for c in given[p]] if given.get(p) else played[p] for p in players}


def _replay(k, players, hand, held, esp_rights):
    """Tricks -> [(t, leader, [(player, card)], winner)] and who revoked under the espagnolette's
    right; checks the leaders and suit-following (an unacknowledged revoke is an error).

    A player with ten cards (he discarded two) sits out the last trick; should he win trick 10,
    the next player in order of play leads it. A trick gathered by another than its winner
    counts for the gatherer, who leads next (§10)."""
    seat = {p: i for i, p in enumerate(players)}
    order = "AKQJT98765432" if k["deck"] == 52 else "AKQJ98765432"
    remaining = {p: set(held[p]) for p in players}
    revokers = {p for kind, p in hand.get("irregular", []) if kind == "revoke"}
    ten = set(hand.get("ten_cards", []))
    gathered = hand.get("gathered", {})
    leader = players[(seat[hand["dealer"]] + 1) % 4]
    tricks, revoked_in_1_9 = [], set()
    assert len(hand["tricks"]) == 11, "11 tricks"
    for t, tr in enumerate(hand["tricks"], 1):
        seated = [players[(seat[leader] + j) % 4] for j in range(4)]
        if t == 11:
            seated = [p for p in seated if p not in ten]
            leader = seated[0]
        if tr["leader"] != leader:
            raise ValueError(f"trick {t}: {leader} should lead, not {tr['leader']}")
        if len(tr["cards"]) != len(seated):
            raise ValueError(f"trick {t}: {len(seated)} cards, not {len(tr['cards'])}")
        plays = list(zip(seated, (c.upper() for c in tr["cards"]), strict=True))
        led = suit(plays[0][1])
        for p, c in plays:
            if c not in remaining[p]:
                raise ValueError(f"trick {t}: {p} plays {c}, not in his hand")
            remaining[p].discard(c)
            if suit(c) != led and any(suit(x) == led for x in remaining[p]):
                if p in esp_rights and t <= 9:
                    revoked_in_1_9.add(p)
                elif p not in revokers:
                    raise ValueError(f"trick {t}: unacknowledged revoke by {p}")
        winner = min((order.index(c[0]), p) for p, c in plays if suit(c) == led)[1]
        if t in gathered:
            if gathered[t] not in dict(plays):
                raise ValueError(f"trick {t}: gathered by {gathered[t]}, who did not play to it")
            winner = gathered[t]
        tricks.append((t, leader, plays, winner))
        leader = winner
    return tricks, revoked_in_1_9


def _qualifies(cards):
    aces = sum(1 for c in cards if c[0] == "A")
    return aces == 4 or (aces >= 3 and QUINOLA in cards)


def _settle_hand(k, players, table, hand):
    items = []
    seat = {p: i for i, p in enumerate(players)}

    def opp(p):
        return players[(seat[p] + 2) % 4]
    dealer = hand["dealer"]
    irregular = [tuple(x) for x in hand.get("irregular", [])]
    if irregular and k["party"] != "standard":
        raise ValueError("the dafydd preset has no laws")
    revokers = {p for kind, p in irregular if kind == "revoke"}
    barred = set(hand.get("barred", [])) | {p for kind, p in irregular if kind in ("peek", "expose")}
    # the booklet's taker without discarding "n'a droit a rien": paid nothing at all (§10)
    unpaid = set(hand.get("takers", [])) if k["taker_paid"] == "nothing" else set()
    ten = set(hand.get("ten_cards", []))  # paid nothing but a broken reversis or a forced Quinola

    def pay(kind, payer, payee, amount, barred_cancels=False):
        assert payer != payee
        if amount <= 0 or payee in revokers or payee in unpaid or (barred_cancels and payee in barred):
            return 0
        if payee in ten and kind not in ("reversis-broken", "quinola-forced"):
            return 0
        items.append((kind, payer, payee, amount))
        return amount

    def mult(a, b, t):
        m = 2 if k["opposite_doubles_side"] and opp(a) == b else 1
        return m * (2 if t in k["double_tricks"] else 1)

    # -- start of the hand (§4.1, §13 rule 10)
    if k["pools"] != "none":
        table.start(items, k, players, dealer)
    if any(kind == "misdeal" for kind, _ in irregular):
        table.pay_in(items, "fine", dealer, k["fine_redeal"])
    if hand.get("void"):
        table.pay_in(items, "fine", dealer, k["fine_void_misdeal"])
        return items

    # -- replay
    held = _held(players, hand)
    quals = [p for p in players if k["party"] == "standard" and _qualifies(held[p])]
    assert len(quals) <= 1, "only one player can hold an espagnolette"
    tricks, revoked = _replay(k, players, hand, held, set(quals))
    winners = [w for _, _, _, w in tricks]
    points = {p: 0 for p in players}
    taken = {p: 0 for p in players}
    for _, _, plays, w in tricks:
        points[w] += sum(POINTS.get(c[0], 0) for _, c in plays)
        taken[w] += 1
    announce = hand.get("announce")
    if announce is not None and announce not in quals:
        raise ValueError(f"{announce} announces an espagnolette he does not hold")

    if k["party"] != "standard":          # dafydd: pairwise settlement only (§6)
        for a in players:
            for b in players:
                if points[a] > points[b]:
                    d = points[a] - points[b]
                    pay("pairwise", a, b, k["pairwise_stake"] if k["party"] == "pairwise-stake" else d)
        return items

    rp = winners[0] if len(set(winners[:9])) == 1 and winners[0] not in barred else None
    esp = quals[0] if quals and quals[0] != rp and (announce == quals[0] or quals[0] in revoked) else None
    quinola_by = {p: t for t, _, plays, _ in tricks for p, c in plays if c == QUINOLA}

    if rp is not None:
        _reversis(k, players, table, items, pay, mult, tricks, rp, esp, quinola_by, revokers)
    else:
        # -- side payments, trick by trick (§5)
        led_cards, esp_dumps, esp_aces, esp_pool = [], [], [], 0
        for t, leader, plays, w in tricks:
            led = suit(plays[0][1])
            for h, c in plays:
                if c[0] != "A" and c != QUINOLA:
                    continue
                if h == w and suit(c) != led:
                    continue                  # placed on a trick he gathers himself: on nobody (§10)
                if h == leader:
                    led_cards.append((t, h, c))
                    if c == QUINOLA and k["quinola_led_remise"]:
                        table.remise(items, h)
                elif c == QUINOLA and suit(c) == led:
                    pay("quinola-forced", h, leader, k["quinola_forced"] * mult(h, leader, t), True)
                    for o in players:
                        if o not in (h, leader):
                            pay("quinola-forced", o, leader,
                                k["quinola_forced_others"] * mult(o, leader, t), True)
                    table.remise(items, h)
                elif c == QUINOLA:
                    amt = pay("quinola-dumped", w, h, k["quinola_dumped"] * mult(w, h, t), True)
                    got = 0
                    if (t <= 9 or k["quinola_pool_in_last_tricks"]) and h not in barred | revokers | ten:
                        got = table.take(items, h)
                    if h == esp:
                        esp_dumps.append((w, amt))
                        esp_pool = got
                else:
                    base = k["diamond_ace_factor"] if c == "AD" else 1
                    if suit(c) == led:
                        amt = pay("ace-forced", h, leader, base * k["ace_forced"] * mult(h, leader, t))
                        if leader == esp:
                            esp_aces.append((h, amt))
                    else:
                        amt = pay("ace-dumped", w, h, base * k["ace_dumped"] * mult(w, h, t))
                        if h == esp:
                            esp_dumps.append((w, amt))
                            esp_aces.append((w, amt))

        # -- the party (§6, §7, §9)
        if k["tie_rule"] == "nearest":     # the dealer, his left (before him in play), right, opposite
            pref = [players[(seat[dealer] + d) % 4] for d in (0, -1, 1, 2)]
        else:
            pref = [players[(seat[dealer] + (-i if k["preference"] == "reverse" else i)) % 4]
                    for i in range(4)]
        tricks_count = {p: 0 if k["tie_rule"] == "nearest" else taken[p] for p in players}
        rank = sorted(players, key=lambda p: (points[p], tricks_count[p], pref.index(p)))
        loser = rank[-1]
        esp_won = esp is not None and taken[esp] == 0
        if esp is not None and not esp_won:
            loser = esp
        if esp_won and esp not in barred | ten:
            winner = esp
        else:
            winner = next((p for p in rank if p not in (loser, esp) and p not in barred | ten), None)
        if winner is not None:
            value = k["party_base"]
            if k["deck"] == 48:
                # under the basket: nobody's cards after the exchange (a taker keeps one over)
                kept = {c for p in players for c in held[p]}
                talon = {f"{r}{s}" for r in "AKQJ98765432" for s in "SHDC"} - kept
                tv = {"points": {}, "ad5-jh4": {"AD": 5, QUINOLA: 4},
                      "ad5-jh3": {"AD": 5, QUINOLA: 3}}[k["talon_values"]]
                value += sum(tv.get(c, POINTS.get(c[0], 0)) for c in talon)
                value += k["party_per_card"] * len(talon)
            value *= k["party_unit"]
            doubled = k["opposite_doubles_party"] and opp(loser) == winner
            pay("party", loser, winner, value * (2 if doubled else 1))
            # -- led payments, in trick order (§5, §13 rule 4)
            if not hand.get("claims_waived"):
                for t, h, c in led_cards:
                    if h == winner:
                        continue
                    if c == QUINOLA:
                        pay("quinola-led", h, winner, k["quinola_forced"] * mult(h, winner, t))
                        for o in players:
                            if o not in (h, winner):
                                pay("quinola-led", o, winner, k["quinola_forced_others"] * mult(o, winner, t))
                    else:
                        base = k["diamond_ace_factor"] if c == "AD" else 1
                        pay("ace-led", h, winner, base * k["ace_forced"] * mult(h, winner, t))

        # -- a lost espagnolette's returns (§9, §13 rules 7, 14)
        if esp is not None and not esp_won:
            if k["espagnolette_lost"] == "regles-fr":   # his Aces back doubled; a remise if he held J♥
                for payer, amt in esp_aces:
                    pay("espagnolette-return", esp, payer, 2 * amt)
                if QUINOLA in held[esp]:
                    table.remise(items, esp)
            elif k["espagnolette_lost"] == "manuscrit":
                side = [(payer, amt) for kind, payer, payee, amt in list(items)
                        if kind.startswith(("ace-", "quinola-")) and esp not in (payer, payee)]
                for payer, amt in esp_dumps + side:
                    pay("espagnolette-return", esp, payer, 2 * amt)
                if esp_pool:
                    table.remise(items, esp)
            else:
                for payer, amt in esp_dumps:
                    pay("espagnolette-return", esp, payer, 2 * amt)
                if esp_pool and k["espagnolette_lost"] == "denexa":   # returned as it was, then a remise
                    table.pay_in(items, "pool-return", esp, esp_pool, new=True)
                    table.remise(items, esp)
                elif esp_pool:
                    table.pay_in(items, "pool-return", esp, 2 * esp_pool, new=True)

    # -- fines at the end of the hand (§10, §13 rule 10)
    for kind, p in irregular:
        if kind in ("revoke", "out-of-turn"):
            if k["pools"] == "none":
                raise ValueError("no pool to pay a fine into")
            table.pay_in(items, "fine", p, k["fine_revoke" if kind == "revoke" else "fine_out_of_turn"])
    return items


def _reversis(k, players, table, items, pay, mult, tricks, rp, esp, quinola_by, revokers):
    """§8, §9 and §13 rules 5, 11, 13. Nothing of tricks 1-11 is paid, so nothing needs returning."""
    seat = {p: i for i, p in enumerate(players)}

    def opp(p):
        return players[(seat[p] + 2) % 4]
    quinola_early = quinola_by.get(rp, 99) <= 9
    breaking = next((tr for tr in tricks[9:] if tr[3] != rp), None)
    if breaking is None:                                        # made
        if esp is not None:
            pay("reversis-made", esp, rp, 2 * k["reversis_side"] + k["reversis_opposite"])
        else:
            for p in players:
                if p != rp:
                    pay("reversis-made", p, rp,
                        k["reversis_opposite"] if p == opp(rp) else k["reversis_side"])
        takes = (quinola_by.get(rp, 0) < 10 if k["reversis_pool"] == "unless-quinola-late"
                 else quinola_early)
        if takes and rp not in revokers:
            table.take(items, rp)
        return
    t, leader, plays, breaker = breaking
    if k["broken_reversis"] == "by-trick":
        base = k["reversis_opposite"] if breaker == opp(rp) else k["reversis_side"]
        amount = base * (1 if t == 10 else 2)
    else:
        amount = k["reversis_broken"]
    payer = esp if (esp is not None and esp != breaker and k["espagnolette_pays_broken"]) else rp
    pay("reversis-broken", payer, breaker, amount, True)
    # broken by Quinola: forced on rp's heart lead (a Quinola placed and gathered is not)
    if dict((p, c) for p, c in plays)[breaker] == QUINOLA and leader == rp and suit(plays[0][1]) == "H":
        if k["broken_by_quinola"] == "flat":
            pay("quinola-forced", breaker, rp, k["quinola_forced"])
        elif k["broken_by_quinola"] == "forced":
            pay("quinola-forced", breaker, rp, k["quinola_forced"] * mult(breaker, rp, t))
            for o in players:
                if o not in (breaker, rp):
                    pay("quinola-forced", o, rp, k["quinola_forced_others"] * mult(o, rp, t))
    if quinola_early or (k["broken_reversis"] == "by-trick" and t == 11):
        table.remise(items, rp)
