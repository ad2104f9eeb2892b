"""The five presets as data: each knob value with the sentence of its source it comes from.

A preset sets only the knobs its source speaks to; every other knob keeps the `parlett`
value (docs/rules.md: "Where a source is silent, the preset takes the parlett value").
``rules NAME`` shows these citations; rules.PRESETS is built from them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Preset:
    """A historic source's reading: what it is, its character, and its knobs with citations."""

    name: str
    source: str
    file: str
    sketch: str
    knobs: dict[str, tuple[object, str]]  # knob -> (value, quoted source sentence)


PARLETT = Preset(
    "parlett", "D. Parlett, Historic Card Games: Reversis (after J. McLeod)", "000_ec1080f9f50932c0.txt",
    "the default: several pools and remises, side payments doubled opposite and in the last two "
    "tricks, 64 for a broken reversis",
    {
        "deck": (48, "Forty-eight, ranking AKQJ98765432 in each suit. There are no Tens."),
        "pools": ("multiple", "The second and all additional supplements go to form new pools, which "
                              "are kept separate from one another."),
        "pool_ante": (5, "a pool is formed by the contribution of five fish from each player"),
        "dealer_ante": (5, "At each deal the dealer (only) adds another five fish to the pool"),
        "ace_dumped": (1, "Dumped: trick-winner pays holder 1 2 5"),
        "ace_forced": (1, "Forced: holder pays leader 1 2 10"),
        "diamond_ace_factor": (2, "the Ace of diamonds ... attracts twice the penalty of any other Ace"),
        "quinola_dumped": (5, "Dumped: trick-winner pays holder 1 2 5"),
        "quinola_forced": (10, "Forced: holder pays leader 1 2 10"),
        "quinola_forced_others": (5, "and others pay leader 0 0 5"),
        "opposite_doubles_side": (True, "These amounts are doubled as between players sitting "
                                        "opposite each other"),
        "double_tricks": ((10, 11), "and doubled as between everyone if occurring in either of the "
                                    "last two tricks"),
        "party_base": (4, "The value of the party ... is 4 plus the card-point value of any counters "
                          "in the talon."),
        "talon_values": ("points", "4 plus the card-point value of any counters in the talon"),
        "preference": ("reverse", "preference goes to the dealer first, and passes to each succeeding "
                                  "player to his left (play rotates to the right)"),
        "reversis_side": (16, "you receive 16 fish from each neighbour and 32 from the player opposite"),
        "reversis_opposite": (32, "you receive 16 fish from each neighbour and 32 from the player opposite"),
        "reversis_broken": (64, "you pay 64 fish to the player who broke the reversis"),
        "broken_by_quinola": ("forced", "you pay your 64 as above, but receive the appropriate side "
                                        "payment for forcing Quinola"),
        "espagnolette_lost": ("parlett", "you must return, doubled, all the side payments you received "
                                         "for dumping the Aces ... together with double the pool you won"),
        # b-notation: an optional rule, off unless a table agrees to it (docs/rules.md §10)
        "exchange_after_remise": (False, "Optional rule. Once a supplement has been paid, everyone is "
                                         "obliged to discard and draw before the first trick is played, "
                                         "and it is illegal to discard Quinola. This rule (if agreed) "
                                         "applies until all pools have been won and a new one started, "
                                         "when it is held in abeyance until a supplement is paid."),
    },
)

DENEXA = Preset(
    "denexa", "Denexa Games, Reversis rules page", "001_801d05e316a89f58.txt",
    "a modern plain reading: no doubling of side payments, ties broken in play order, a reversis "
    "broken by Quinola costs only 54",
    {
        "pools": ("multiple", "the remise is 55 credits, but this goes to form a new pot, Pot #2"),
        "pool_ante": (5, "all players ante five credits to the pot, except for the dealer, who antes "
                         "ten credits"),
        "opposite_doubles_side": (False, "(no doubling of Ace or J♥ payments is mentioned)"),
        "double_tricks": ((), "(no doubled tricks are mentioned)"),
        "preference": ("play", "the dealer takes precedence, followed by the player to their left, and "
                               "so on around the table"),
        "broken_by_quinola": ("flat", "If the reversis was broken by the J♥ winning a trick, the "
                                      "reversis player pays only 54 credits."),
        "reversis_broken": (64, "The reversis player pays 64 credits to that opponent"),
        "dealer_ante": (5, "The dealer antes five credits to Pot #1 at the start of the next hand."),
        "ace_dumped": (1, "the player who wins the trick containing the off-suit ace pays the person "
                          "who played the ace one credit"),
        "ace_forced": (1, "the player who was forced to play the ace pays the person who led to the "
                          "trick one credit"),
        "diamond_ace_factor": (2, "if the A♦ is forced, the payment doubles to two credits"),
        "quinola_dumped": (5, "the player that wins the trick pays the person who played the J♥ five "
                              "credits"),
        "quinola_forced": (10, "the player holding the J♥ pays that opponent ten credits"),
        "quinola_forced_others": (5, "Both of the other two opponents must pay the player who led to "
                                     "that trick five credits."),
        "party_base": (4, "The amount of the payment is four chips, plus the point value of all of the "
                          "cards in the talon."),
        "reversis_side": (16, "they collect 32 credits from the player across from them, and 16 "
                              "credits from the other two opponents"),
        "reversis_opposite": (32, "they collect 32 credits from the player across from them"),
    },
)

REGLES_FR = Preset(
    "regles-fr", "Règles du Reversis ou Reversi (modern French page)", "002_f214185e382821ba.txt",
    "one basket refilled when empty, a forced Ace costs a jeton, only the last trick doubled, a "
    "broken reversis paid by the trick",
    {
        "pools": ("single", "Chaque joueur ... met 2 jetons dans la corbeille."),
        "pool_ante": (10, "Chaque joueur prend devant lui l'un des paniers et met 2 jetons dans la "
                          "corbeille."),
        "dealer_ante": (5, "à chaque donne, le donneur y met 1 jeton"),
        "pool_refill_below": (1, "Cette mise se renouvelle chaque fois que la corbeille est vide"),
        "ace_forced": (5, "le joueur à qui l'on force un as paye 1 jeton à celui qui force"),
        "double_tricks": ((11,), "Ces paiements sont toujours doubles pour les vis-à-vis, ainsi que "
                                 "toutes les fois que le coup se fait à la dernière levée."),
        "quinola_pool_in_last_tricks": (False, "Lorsqu'on joue le quinola à l'avant-dernière ou à la "
                                               "dernière carte, on ne gagne pas la remise"),
        "broken_reversis": ("by-trick", "Si le reversis est brisé à l'avant-dernière carte, on paye à "
                                        "celui qui fait cette levée ce qu'on aurait payé au gagnant. "
                                        "Si c'est à la dernière carte, on le paye double avec la remise"),
        "fine_out_of_turn": (5, "Quiconque joue avant son tour, paye 1 jeton au panier."),
        "fine_revoke": (10, "Quiconque renonce indûment ... paye 2 jetons au panier"),
        "fine_redeal": (5, "Le joueur qui fait maldonne met 1 jeton au panier"),
        "fine_void_misdeal": (20, "le coup est nul : le donneur met 4 jetons au panier"),
        "ace_dumped": (1, "Le joueur qui donne un As en renonce reçoit une fiche de celui qui fait "
                          "cette levée."),
        "diamond_ace_factor": (2, "Si c'est l'As de Carreau, il en recevra deux."),
        "quinola_dumped": (5, "Si c'est la quinola en renonce, il recevra 1 jeton."),
        "quinola_forced": (10, "il touche 1 jeton de chaque joueur, et deux de celui qui avait le quinola"),
        "quinola_forced_others": (5, "Si quelqu'un force le quinola, il touche 1 jeton de chaque joueur"),
        "opposite_doubles_side": (True, "Ces paiements sont toujours doubles pour les vis-à-vis"),
        "party_base": (4, "compte les points en ajoutant quatre points"),
        "reversis_side": (16, "32 fiches du joueur placé en face de lui et 16 de chacun des autres"),
        "reversis_opposite": (32, "32 fiches du joueur placé en face de lui"),
    },
)

MANUSCRIT = Preset(
    "manuscrit", "Le Jeu du Reversis tel qu'il se joue aujourd'hui (18th-c. booklet)",
    "003_347618153868eb38.txt",
    "the 18th-century booklet: one basket kept above 9 jetons, first and last tricks doubled, A♦ 5 "
    "and Quinola 4 in the talon, a harsh lost espagnolette",
    {
        "pools": ("single", "chaque joueur met au panier deux jettons ou 10 fiches"),
        "pool_ante": (10, "chaque joueur met au panier deux jettons ou 10 fiches, & celui qui donne "
                          "en met trois"),
        "dealer_ante": (5, "Ce fonds se nourrit par la contribution d'un jetton à chaque donne par "
                           "celui qui donne."),
        "pool_refill_below": (45, "Elle se renouvelle toutes les fois que le panier est vuide, ou "
                                  "qu'il y a moins que le premier fonds, c'est-dire 9 jettons."),
        "double_tricks": ((1, 11), "Tous les payements susdits sont encore doubles à la premiere, & à "
                                   "la derniere bonne."),
        "talon_values": ("ad5-jh4", "à l'exception de l'as de carreau qui y compte 5, & du valet de "
                                    "cœur ou quinola, qui y compte 4"),
        "espagnolette_lost": ("manuscrit", "Qu'il rend au double les as ou quinola qu'il peut avoir "
                                           "donnes ... ou bien aussi l'as ou le quinola, que les autres "
                                           "joueurs ont pu se donner réciproquement."),
        "espagnolette_pays_broken": (True, "l'Espagnolette paye tout le reversis à celui qui rompt"),
        "fine_out_of_turn": (5, "Quiconque joue sa carte avant son tour payera un jetton au panier."),
        "fine_redeal": (5, "Il peut cependant refaire, en fournissant un jetton au panier."),
        "fine_void_misdeal": (20, "payera 4 jettons d'amende au panier, & le coup sera nul"),
        "ace_dumped": (1, "Celui qui donne un as en renonce, touche une fiche de celui qui fera cette "
                          "levée."),
        "ace_forced": (1, "Le joueur à qui l'on force un as, paye une fiche à celui qui le force"),
        "diamond_ace_factor": (2, "Si c'est l'as de carreau, il en recevra deux."),
        "quinola_dumped": (5, "en donnant le quinola en renonce, on recevra un jetton, ou 5 fiches"),
        "quinola_forced": (10, "& deux jettons de celui qui tenoit le quinola"),
        "quinola_forced_others": (5, "Si quelqu'un force le quinola, il touche un jetton de chaque joueur"),
        "opposite_doubles_side": (True, "Tous ces payements sont doubles en vis-à-vis."),
        "party_base": (4, "Aux points qui s'y trouvent, on ajoute toujours 4"),
        "preference": ("reverse", "Le mieux placé est toujours celui qui donne. Après lui c'est son "
                                  "voisin à la gauche (la donne circule par la droite)"),
        "reversis_side": (16, "Le reversis se paye 16 fiches de chaque joueur, & 32 du vis-à-vis."),
        "reversis_opposite": (32, "Le reversis se paye 16 fiches de chaque joueur, & 32 du vis-à-vis."),
        "reversis_broken": (64, "Celui qui rompt le reversis à la bonne, reçoit 64 fiches de celui qui "
                                "l'avoit entrepris."),
    },
)

DAFYDD = Preset(
    "dafydd", "Dafydd ap Gwystl, More Period Card Games (simplified)", "004_c97db0c849ff0a96.txt",
    "a simplified 52-card game: everyone discards one, no pools or side payments, players settle "
    "pairwise by points",
    {
        "deck": (52, "The game is played with the familiar 'standard' deck: 52 cards, French suit "
                     "system."),
        "pools": ("none", "Each losing player must pay the winner according to the number of points "
                          "taken. (no pool is described)"),
        "party": ("pairwise-stake", "I suggest that each loser pay a standard stake (for example, 2 "
                                    "denari) to every other player that took fewer points than they did."),
        "pairwise_stake": (2, "a standard stake (for example, 2 denari)"),
    },
)

ALL = (PARLETT, DENEXA, REGLES_FR, MANUSCRIT, DAFYDD)
BY_NAME = {p.name: p for p in ALL}


def citation(preset: str, knob: str) -> str:
    """Where a preset's value for a knob comes from."""
    entry = BY_NAME[preset].knobs.get(knob)
    if entry is not None:
        return entry[1]
    if preset == "parlett":
        return "the engine's default (docs/rules.md)"
    return "source silent: the parlett value"
