"""The five presets as data: each knob value with the sentence of its source it comes from.

A preset sets only the knobs its source speaks to; every other knob keeps the `parlett`
value (docs/rules.md: "Where a source is silent, the preset takes the parlett value").
``rules NAME`` shows these citations; rules.PRESETS is built from them.
"""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.i18n import N_, _


@dataclass(frozen=True, slots=True)
class Preset:
    """A historic source's reading: what it is, its character, and its knobs with citations."""

    name: str
    source: str
    file: str
    sketch: str
    knobs: dict[str, tuple[object, str]]  # knob -> (value, quoted source sentence)


PARLETT = Preset(
    "parlett", N_("D. Parlett, Historic Card Games: Reversis (after J. McLeod)"), "000_ec1080f9f50932c0.txt",
    N_("the default: several pools and remises, side payments doubled opposite and in the last two "
       "tricks, 64 for a broken reversis"),
    {
        "deck": (48, "Forty-eight, ranking AKQJ98765432 in each suit. There are no Tens."),
        "pools": ("multiple", "The first supplement that occurs is used to double the only pool there "
                              "is. The second and all additional supplements go to form new pools, "
                              "which are kept separate from one another."),
        "pool_ante": (5, "Before play begins a pool is formed by the contribution of five fish from "
                         "each player."),
        "dealer_ante": (5, "At each deal the dealer (only) adds another five fish to the pool, "
                           "bringing it to 25 at the start of the first deal."),
        "ace_dumped": (1, "Dumped: trick-winner pays holder 1 2 5"),
        "ace_forced": (1, "Forced: holder pays leader 1 2 10"),
        "diamond_ace_factor": (2, "(Note that the Ace of diamonds, if dumped, forced, or led, attracts "
                                  "twice the penalty of any other Ace.)"),
        "quinola_dumped": (5, "Dumped: trick-winner pays holder 1 2 5"),
        "quinola_forced": (10, "Forced: holder pays leader 1 2 10"),
        "quinola_forced_others": (5, "If the holder of Quinola is forced to play it to a heart lead, "
                                     "the leader to that trick is paid by all three opponents."),
        "quinola_led_remise": (True, "If Quinola is forced, or is led to a trick, its player pays a "
                                     "supplement (remise)."),
        "opposite_doubles_side": (True, "These amounts are doubled as between players sitting opposite "
                                        "each other, and doubled as between everyone if occurring in "
                                        "either of the last two tricks."),
        "double_tricks": ((10, 11), "These amounts are doubled as between players sitting opposite "
                                    "each other, and doubled as between everyone if occurring in either "
                                    "of the last two tricks."),
        "quinola_pool_in_last_tricks": (True, "The latest pool is won by the Quinola holder when he "
                                              "succeeds in dumping it on the lead of another suit."),
        "party_base": (4, "The value of the party - that is, the amount paid by the loser to the winner "
                          "- is 4 plus the card-point value of any counters in the talon."),
        "party_per_card": (0, "The value of the party - that is, the amount paid by the loser to the "
                              "winner - is 4 plus the card-point value of any counters in the talon."),
        "party_unit": (1, "For example, if the talon contains a King and a Queen, the payment is "
                          "4 + 3 + 2 = 9 fish."),
        "talon_values": ("points", "The value of the party - that is, the amount paid by the loser to "
                                   "the winner - is 4 plus the card-point value of any counters in the "
                                   "talon."),
        "opposite_doubles_party": (True, "If the loser is sitting opposite the winner, he pays double."),
        "tie_rule": ("tricks", "A tie, in either case, favours the player who won fewest tricks."),
        "preference": ("reverse", "If still tied, preference goes to the dealer first, and passes to "
                                  "each succeeding player to his left."),
        "reversis_side": (16, "If successful, you receive 16 fish from each neighbour and 32 from the "
                              "player opposite."),
        "reversis_opposite": (32, "If successful, you receive 16 fish from each neighbour and 32 from "
                                  "the player opposite."),
        "reversis_pool": ("quinola-early", "If you played Quinola during the first nine tricks, you "
                                           "also win the Quinola pool."),
        "reversis_broken": (64, "If unsuccessful, you pay 64 fish to the player who broke the reversis "
                                "by first taking a trick against you, and if you played Quinola during "
                                "the first nine tricks, you also pay a supplement."),
        "broken_by_quinola": ("forced", "If the reversis is broken, and the breaking trick is taken by "
                                        "Quinola, you pay your 64 as above, but receive the appropriate "
                                        "side payment for forcing Quinola, though nothing is paid either "
                                        "to or from the Quinola pool."),
        "espagnolette_pays_reversis": ("alone", "If you lose because another player makes the reversis "
                                                "(this being an occupational hazard of undertaking the "
                                                "espagnolette) you pay the reversis winner 64 fish and "
                                                "the others pay nothing."),
        "espagnolette_lost": ("parlett", "If you lose by taking a trick, you must return, doubled, all "
                                         "the side payments you received for dumping the Aces, and, if "
                                         "you dumped Quinola, for that too, together with double the "
                                         "pool you won."),
        # b-notation: an optional rule, off unless a table agrees to it (docs/rules.md §10)
        "exchange_after_remise": (False, "Optional rule. Once a supplement has been paid, everyone is "
                                         "obliged to discard and draw before the first trick is played, "
                                         "and it is illegal to discard Quinola. This rule (if agreed) "
                                         "applies until all pools have been won and a new one started, "
                                         "when it is held in abeyance until a supplement is paid."),
    },
)

DENEXA = Preset(
    "denexa", N_("Denexa Games, Reversis rules page"), "001_801d05e316a89f58.txt",
    N_("a modern plain reading: no doubling of side payments, ties broken in play order, a reversis "
       "broken by Quinola costs only 54, no remise for a led Quinola"),
    {
        "pools": ("multiple", "The second remise is again the same size as the pot, but goes to form a "
                              "second pot, which is kept separate from the first."),
        "deck": (48, "Reversis uses an unusual 48-card pack formed by taking a standard 52-card deck "
                     "(like Denexa 100% Plastic Playing Cards) and stripping out all of the 10s."),
        "quinola_pool_in_last_tricks": (True, "Remember, when a player successfully dumps the J♥ on an "
                                              "non-heart trick, they always take the most recently "
                                              "formed pot (in this case, Pot #3)."),
        "talon_values": ("points", "The amount of the payment is four chips, plus the point value of "
                                   "all of the cards in the talon."),
        "opposite_doubles_party": (True, "If the winner and loser are sitting across from each other, the "
                                         "required payment doubles."),
        "broken_reversis": ("fixed", "The reversis player pays 64 credits to that opponent (if both the "
                                     "tenth and eleventh tricks were taken by opponents, only the "
                                     "winner of the tenth trick is paid off)."),
        "pool_ante": (5, "On the first hand, all players ante five credits to the pot, except for the "
                         "dealer, who antes ten credits."),
        "dealer_ante": (5, "The dealer antes five credits to the most recently formed pot."),
        "ace_dumped": (1, "When this happens, the player who wins the trick containing the off-suit ace "
                          "pays the person who played the ace one credit."),
        "ace_forced": (1, "In that case, the player who was forced to play the ace pays the person who "
                          "led to the trick one credit."),
        "diamond_ace_factor": (2, "As before, if the A♦ is forced, the payment doubles to two credits."),
        "quinola_dumped": (5, "If the J♥ is played to a trick that was led by another suit, the player "
                              "that wins the trick pays the person who played the J♥ five credits."),
        "quinola_forced": (10, "When an opponent forces the player holding the J♥ to play it to a heart "
                               "lead, the player holding the J♥ pays that opponent ten credits."),
        "quinola_forced_others": (5, "Both of the other two opponents must pay the player who led to "
                                     "that trick five credits."),
        "quinola_led_remise": (False, "If a player leads with the J♥, the eventual winner of the hand "
                                      "may collect ten credits from that player and five credits from "
                                      "the other two opponents."),
        "opposite_doubles_side": (False, "When this happens, the player who wins the trick containing "
                                         "the off-suit ace pays the person who played the ace one "
                                         "credit. " + N_("(Flat amounts; the page doubles only the "
                                         "party: \"If the winner and loser are sitting across from "
                                         "each other, the required payment doubles.\")")),
        "double_tricks": ((), "In that case, the player who was forced to play the ace pays the person "
                              "who led to the trick one credit. " + N_("(Flat amounts in every trick: no "
                              "trick is named as doubled.)")),
        "party_base": (4, "The amount of the payment is four chips, plus the point value of all of the "
                          "cards in the talon."),
        "party_per_card": (0, "The amount of the payment is four chips, plus the point value of all of "
                              "the cards in the talon."),
        "tie_rule": ("tricks", "If there is a tie in points, the player with the fewest tricks takes "
                               "precedence."),
        "preference": ("play", "If there’s still a tie, the dealer takes precedence, followed by the "
                               "player to their left, and so on around the table."),
        "reversis_side": (16, "If the reversis player successfully takes all eleven tricks, they "
                              "collect 32 credits from the player across from them, and 16 credits "
                              "from the other two opponents."),
        "reversis_opposite": (32, "If the reversis player successfully takes all eleven tricks, they "
                                  "collect 32 credits from the player across from them, and 16 credits "
                                  "from the other two opponents."),
        "reversis_pool": ("quinola-early", "They also take the most recent pot if they played the J♥ "
                                           "during the first nine tricks."),
        "reversis_broken": (64, "The reversis player pays 64 credits to that opponent (if both the "
                                "tenth and eleventh tricks were taken by opponents, only the winner of "
                                "the tenth trick is paid off)."),
        "broken_by_quinola": ("flat", "If the reversis was broken by the J♥ winning a trick, the "
                                      "reversis player pays only 54 credits."),
        "espagnolette_pays_reversis": ("alone", "In this case, the espagnolette player must pay the "
                                                "full 64-credit sum due to the player making the "
                                                "reversis. No other player is required to pay a thing."),
        "espagnolette_lost": ("denexa", "Additionally, they must pay back double the amount each player "
                                        "paid them for aces and the J♥. If they won a pot, they must "
                                        "return it and pay a misere."),
    },
)

REGLES_FR = Preset(
    "regles-fr", N_("Règles du Reversis ou Reversi (modern French page)"), "002_f214185e382821ba.txt",
    N_("one basket refilled when empty, a forced Ace costs a jeton, only the last trick doubled, the "
       "party in jetons, ties to the nearest to the dealer, a broken reversis paid by the trick"),
    {
        "deck": (48, "Le Reversis se joue à 4 joueurs avec un jeu de 52 cartes, duquel on retire les "
                     "4 Dix."),
        "talon_values": ("points", "Le gagnant prend alors les quatre cartes qui sont sous le talon et "
                                   "compte les points en ajoutant quatre points à chaque carte, et le "
                                   "perdant lui paye autant de jetons qu'il y a de points."),
        "opposite_doubles_party": (False, "Le gagnant prend alors les quatre cartes qui sont sous le talon "
                                          "et compte les points en ajoutant quatre points à chaque carte, "
                                          "et le perdant lui paye autant de jetons qu'il y a de points. "
                                          + N_("(The party is not doubled: the one doubling sentence, \"Ces "
                                               "paiements sont toujours doubles pour les vis-à-vis\", closes "
                                               "the paragraph on the Aces and Quinola.)")),
        "pools": ("single", "Chaque joueur prend devant lui l'un des paniers et met 2 jetons dans la "
                            "corbeille."),
        "pool_ante": (10, "Chaque joueur prend devant lui l'un des paniers et met 2 jetons dans la "
                          "corbeille. Le donneur en met trois."),
        "dealer_ante": (5, "Cette mise se renouvelle chaque fois que la corbeille est vide, et à chaque "
                           "donne, le donneur y met 1 jeton."),
        "pool_refill_below": (1, "Cette mise se renouvelle chaque fois que la corbeille est vide, et à "
                                 "chaque donne, le donneur y met 1 jeton."),
        "ace_dumped": (1, "Le joueur qui donne un As en renonce reçoit une fiche de celui qui fait "
                          "cette levée."),
        "diamond_ace_factor": (2, "Si c'est l'As de Carreau, il en recevra deux."),
        "quinola_dumped": (5, "Si c'est la quinola en renonce, il recevra 1 jeton."),
        "ace_forced": (5, "De même que le joueur à qui l'on force un as paye 1 jeton à celui qui force, "
                          "et deux si c'est l'as de carreau."),
        "quinola_forced": (10, "Si quelqu'un force le quinola, il touche 1 jeton de chaque joueur, et "
                               "deux de celui qui avait le quinola."),
        "quinola_forced_others": (5, "Si quelqu'un force le quinola, il touche 1 jeton de chaque "
                                     "joueur, et deux de celui qui avait le quinola."),
        "opposite_doubles_side": (True, "Ces paiements sont toujours doubles pour les vis-à-vis, ainsi "
                                        "que toutes les fois que le coup se fait à la dernière levée."),
        "double_tricks": ((11,), "Ces paiements sont toujours doubles pour les vis-à-vis, ainsi que "
                                 "toutes les fois que le coup se fait à la dernière levée."),
        "quinola_pool_in_last_tricks": (False, "Lorsqu’on joue le quinola à l'avant-dernière ou à la "
                                               "dernière carte, on ne gagne pas la remise, alors même "
                                               "qu'on fait le reversis, mais on se fait payer ce "
                                               "dernier coup."),
        "party_base": (0, "Le gagnant prend alors les quatre cartes qui sont sous le talon et compte "
                          "les points en ajoutant quatre points à chaque carte, et le perdant lui paye "
                          "autant de jetons qu'il y a de points."),
        "party_per_card": (4, "Le gagnant prend alors les quatre cartes qui sont sous le talon et "
                              "compte les points en ajoutant quatre points à chaque carte, et le perdant "
                              "lui paye autant de jetons qu'il y a de points."),
        "party_unit": (5, "Le gagnant prend alors les quatre cartes qui sont sous le talon et compte "
                          "les points en ajoutant quatre points à chaque carte, et le perdant lui paye "
                          "autant de jetons qu'il y a de points."),
        "tie_rule": ("nearest", "La partie se joue comme à l'ordinaire, et le joueur qui fait le plus de "
                                "points dans ses levées perd et paye à celui qui en fait le moins : en "
                                "cas d'égalité de points, le gagnant est celui qui se trouve le plus "
                                "près du donneur."),
        "reversis_side": (16, "La partie peut se gagner d'une autre façon : lorsqu'un joueur se croit "
                              "certain de faire toutes les levées, il s'arrange dans ce cas à les "
                              "faire, et s'il réussit il fait le coup de reversis pour lequel il "
                              "reçoit, outre la remise, 32 fiches du joueur placé en face de lui et 16 "
                              "de chacun des autres."),
        "reversis_opposite": (32, "La partie peut se gagner d'une autre façon : lorsqu'un joueur se "
                                  "croit certain de faire toutes les levées, il s'arrange dans ce cas à "
                                  "les faire, et s'il réussit il fait le coup de reversis pour lequel "
                                  "il reçoit, outre la remise, 32 fiches du joueur placé en face de lui "
                                  "et 16 de chacun des autres."),
        "reversis_pool": ("unless-quinola-late", "s'il réussit il fait le coup de reversis pour lequel "
                                                 "il reçoit, outre la remise, 32 fiches du joueur placé "
                                                 "en face de lui et 16 de chacun des autres. / "
                                                 "Lorsqu’on joue le quinola à l'avant-dernière ou à la "
                                                 "dernière carte, on ne gagne pas la remise, alors même "
                                                 "qu'on fait le reversis, mais on se fait payer ce "
                                                 "dernier coup."),
        "broken_reversis": ("by-trick", "Si le reversis est brisé à l'avant-dernière carte, on paye à "
                                        "celui qui fait cette levée ce qu'on aurait payé au gagnant. "
                                        "Si c'est à la dernière carte, on le paye double avec la "
                                        "remise : ces deux cartes se nomment l'avant-bonne et la "
                                        "bonne."),
        "broken_by_quinola": ("none", "Il y a deux chances du jeu appelées le quinola et "
                                      "l'espagnolette qui se trouvent annulées par l'entreprise du "
                                      "reversis."),
        "espagnolette_pays_reversis": ("as-any", "Il y a deux chances du jeu appelées le quinola et "
                                                 "l'espagnolette qui se trouvent annulées par "
                                                 "l'entreprise du reversis."),
        "espagnolette_lost": ("regles-fr", "Ainsi il paye la partie, comme d'habitude, à celui qui l'a "
                                           "gagnée. Ensuite il fait la remise, qu'il ait placé ou non "
                                           "le quinola, s'il le possédait, il paye double les as aux "
                                           "joueurs qui les lui ont payés."),
        "fine_redeal": (5, "Le joueur qui fait maldonne met 1 jeton au panier, ou la donne passe au "
                           "suivant."),
        "fine_void_misdeal": (20, "Si l'écart est fait quand l'erreur est relevée, le coup est nul : le "
                                  "donneur met 4 jetons au panier et il perd la donne."),
        "fine_out_of_turn": (5, "Quiconque joue avant son tour, paye 1 jeton au panier."),
        "fine_revoke": (10, "Quiconque renonce indûment, lorsqu'il n'a pas l'espagnolette, paye 2 "
                            "jetons au panier et ne bénéficie pas du coup."),
    },
)

MANUSCRIT = Preset(
    "manuscrit", N_("Le Jeu du Reversis tel qu'il se joue aujourd'hui (18th-c. booklet)"),
    "003_347618153868eb38.txt",
    N_("the 18th-century booklet: one basket kept above 9 jetons, first and last tricks doubled, A♦ 5 "
       "and Quinola 4 in the talon, a broken reversis pays the 64 alone, a harsh lost espagnolette"),
    {
        "deck": (48, "Le Reversis se joue à quatre personnes, avec un jeu de cartes complet, excepté "
                     "les dix."),
        "broken_reversis": ("fixed", "Celui qui rompt le reversis à la bonne, reçoit 64 fiches de celui "
                                     "qui l'avoit entrepris."),
        "pools": ("single", "Quand le jeu commence, chaque joueur met au panier deux jettons ou 10 "
                            "fiches, & celui qui donne en met trois."),
        "pool_ante": (10, "Quand le jeu commence, chaque joueur met au panier deux jettons ou 10 "
                          "fiches, & celui qui donne en met trois."),
        "dealer_ante": (5, "Ce fonds se nourrit par la contribution d'un jetton à chaque donné par "
                           "celui qui donne."),
        "pool_refill_below": (45, "Elle se renouvelle toutes les fois que le panier est vuide, ou qu'il "
                                  "y a moins que le premier fonds, c'est-dire 9 jettons."),
        "ace_dumped": (1, "Celui qui donne un as en renonce, touche une fiche de celui qui fera cette "
                          "levée."),
        "diamond_ace_factor": (2, "Si c'est l'as de carreau, il en recevra deux."),
        "quinola_dumped": (5, "On paye tout de suite sans se le faire demander; de même, en donnant le "
                              "quinola en renonce, on recevra un jetton, ou 5 fiches."),
        "ace_forced": (1, "Le joueur à qui l'on force un as, paye une fiche à celui qui le force; & "
                          "deux, si c'est l'as de carreau."),
        "quinola_forced": (10, "Si quelqu'un force le quinola, il touche un jetton de chaque joueur, & "
                               "deux jettons de celui qui tenoit le quinola."),
        "quinola_forced_others": (5, "Si quelqu'un force le quinola, il touche un jetton de chaque "
                                     "joueur, & deux jettons de celui qui tenoit le quinola."),
        "quinola_led_remise": (True, "Toutes les fois que l'on est obligé de jouer le quinola, on fait "
                                     "la remise. Cela s'appelle le quinola joué ou gorgé."),
        "opposite_doubles_side": (True, "Tous ces payements sont doubles en vis-à-vis."),
        "double_tricks": ((1, 11), "Tous les payements susdits sont encore doubles à la premiere, & à "
                                   "la derniere bonne."),
        "quinola_pool_in_last_tricks": (True, "Toutes les foisque l'on donne le quinola en renonce, on "
                                              "tire la remise; cela s'appelle placer ou donner le "
                                              "quinola."),
        "party_base": (4, "Aux points qui s'y trouvent, on ajoute toujours 4; & c'est proprement ce que "
                          "l'on doit nommer la partie; attendu qu'il pourroit arriver que les 4 cartes "
                          "de l'écart fussent toutes blanches; & que celui qui gagneroit la partie "
                          "n'eût ainsi rien pour sa peine."),
        "party_per_card": (0, "Aux points qui s'y trouvent, on ajoute toujours 4; & c'est proprement ce "
                              "que l'on doit nommer la partie;"),
        "opposite_doubles_party": (True, "La partie se paye aussi double, si c'est le vis-à-vis, qui la "
                                         "gagne."),
        "talon_values": ("ad5-jh4", "Les points s'y comptent comme dans les levées, a l'exception de "
                                    "l'as de carreau qui y compte 5, & du valet de cœur ou quinola, qui "
                                    "y compte 4."),
        "tie_rule": ("tricks", "Il arrive souvent, que deux des joueurs ont le même nombre de points: "
                               "alors celui qui a le moins de levées a la préférence. S'ils avoient "
                               "mêmes points & même nombre de levées, celui qui se trouve le mieux "
                               "placé, gagne."),
        "preference": ("reverse", "Le mieux placé est toujours celui qui donne. Après lui c'est son "
                                  "voisin à la gauche, & ainsi de suite en passant par la gauche."),
        "reversis_side": (16, "Le reversis se paye 16 fiches de chaque joueur, & 32 du vis-à-vis."),
        "reversis_opposite": (32, "Le reversis se paye 16 fiches de chaque joueur, & 32 du vis-à-vis."),
        "reversis_pool": ("quinola-early", "Excepté le seul cas, où le joueur qui auroit joué le "
                                           "quinola, feroit encore le reversis; & encore faut-il qu'il "
                                           "ait joué le quinola avant la bonne, c'està-dire, à l'une "
                                           "des neuf premieres levées; & c'est le plus grand coup "
                                           "que / l'on puisse faire à ce jeu; parce que l'on tire les "
                                           "revenus du reversis, & la remise."),
        "reversis_broken": (64, "Celui qui rompt le reversis à la bonne, reçoit 64 fiches de celui qui "
                                "l'avoit entrepris. Les autres joueurs n'ont rien."),
        "broken_by_quinola": ("none", "Tous les payements susdits cessent, des qu'il y a reversis, soit "
                                      "que le reversis se fasse, ou soit rompu à la bonne. / Celui qui "
                                      "rompt le reversis à la bonne, reçoit 64 fiches de celui qui "
                                      "l'avoit entrepris. Les autres joueurs n'ont rien."),
        "espagnolette_pays_reversis": ("alone", "Si quelqu'un fait le reversis, l'Espagnolette paye seul "
                                                "pour toute la compagnie."),
        "espagnolette_lost": ("manuscrit", "2. Qu'il fait la remise, s'il a placé le quinola, ou que "
                                           "l'ayant gardé dans l'espérance de la placer à la bonne, & "
                                           "étant entré mal-adroitement à la 10 levée, il le gorge à "
                                           "la derniere? / 3. Qu'il rend au double les as ou quinola "
                                           "qu'il peut avoir donnes pendant le jeu, & qu'on lui a "
                                           "payés; ou bien aussi l'as ou le quinola, que les autres "
                                           "joueurs ont pu se donner réciproquement."),
        "espagnolette_pays_broken": (True, "Si quelque joueur entreprend le reversis, & qu'un autre le "
                                           "rompe à la bonne; l'Espagnolette paye tout le reversis à "
                                           "celui qui rompt, (c'est-à-dire 4 fiches.)"),
        "fine_redeal": (5, "Celui qui aura mal donné, perd sa donne. Il peut cependant refaire, en "
                           "fournissant un jetton au panier."),
        "fine_void_misdeal": (20, "Celui qui ayant mal donné, ne s'en seroit pas apperçu, ou n'en aura "
                                  "pas averti avant que l'ecart soit fait, payera 4 jettons d'amende au "
                                  "panier, & le coup sera nul"),
        "fine_out_of_turn": (5, "Quiconque joue sa carte avant son tour payera un jetton au panier."),
        "taker_paid": ("nothing", "Il en est de même de celui qui prendroit sa carte du talon, & "
                                  "n'écarteroit pas. Il n'a droit a rien."),
        "fine_revoke": (10, "Quiconque renonce, sans avoir l'Epagnolette, mettra 2 jettons au panier en "
                            "guise d'amende, & ne pourra toucher aucun payement quelconque de ce "
                            "coup-la."),
    },
)

DAFYDD = Preset(
    "dafydd", N_("Dafydd ap Gwystl, More Period Card Games (simplified)"), "004_c97db0c849ff0a96.txt",
    N_("a simplified 52-card game: everyone discards one, no pools or side payments, players settle "
       "pairwise by points"),
    {
        "deck": (52, "The game is played with the familiar 'standard' deck: 52 cards, French suit "
                     "system."),
        "pools": ("none", "Each losing player must pay the winner according to the number of points "
                          "taken."),
        "party": ("pairwise-stake", "I suggest that each loser pay a standard stake (for example, 2 "
                                    "denari) to every other player that took fewer points than they did."),
        "pairwise_stake": (2, "I suggest that each loser pay a standard stake (for example, 2 denari) to "
                              "every other player that took fewer points than they did."),
    },
)

ALL = (PARLETT, DENEXA, REGLES_FR, MANUSCRIT, DAFYDD)

_BASKET_STAYS = N_("a reading, the sources being silent: the one basket stays with the club from night "
                   "to night")
# The engine's readings where every source is silent: a preset's value that no sentence gives,
# with the reason in the engine's own words (docs/rules.md §13, "the close of a night").
READINGS: dict[str, dict[str, tuple[object, str]]] = {
    "regles-fr": {"pools_at_close": ("carry", _BASKET_STAYS)},
    "manuscrit": {"pools_at_close": ("carry", _BASKET_STAYS)},
}
BY_NAME = {p.name: p for p in ALL}


# The presets whose source is French: their sentences are quoted « … », the others “…”.
FRENCH_SOURCES = frozenset({"regles-fr", "manuscrit"})


def citation(preset: str, knob: str) -> str:
    """Where a preset's value for a knob comes from (the engine's own words in the chosen language)."""
    entry = BY_NAME[preset].knobs.get(knob)
    if entry is not None:
        return entry[1]
    reading = READINGS.get(preset, {}).get(knob)
    if reading is not None:
        return _(reading[1])
    if preset == "parlett":
        return _("the engine's default (docs/rules.md)")
    return _("source silent: the parlett value")


def quoted(preset: str, text: str, translated: bool = False) -> str:
    """A source's sentence in its own typography: « … » (no-break spaces inside) for a French
    source, “…” for an English one. Several sentences (`` / `` between them) are quoted each;
    the engine's note after them stays outside the quotes, in the chosen language if ``translated``.

    >>> quoted("regles-fr", "Il paye. / Il met. (Our note.)"), quoted("parlett", "It pays.")
    ('«\xa0Il paye.\xa0» / «\xa0Il met.\xa0» (Our note.)', '“It pays.”')
    """
    sentence, note = text, ""
    if text.endswith(")") and ". (" in text:
        cut = text.rindex(". (") + 1
        sentence, note = text[:cut], text[cut:]
        note = " " + _(note[1:]) if translated else note
    opening, closing = ("«\u00a0", "\u00a0»") if preset in FRENCH_SOURCES else ("“", "”")
    return " / ".join(f"{opening}{part}{closing}" for part in sentence.split(" / ")) + note
