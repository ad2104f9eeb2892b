"""The oracle's own preset table: every knob value of every preset, with the sentence it is read
from (docs/rules.md §11 quotes each source). Nothing here comes from the package: a value in
rules/presets.py that departs from its sentence disagrees with this table.

``TEXTS[knob][preset] = (value, sentence)``. A preset a knob does not list takes parlett's value
(docs/rules.md: "A preset that is not listed under a knob takes the parlett value there, its
source being silent"). The knobs Parlett's text does not state take the values docs/rules.md
gives them (``DOCS``, each with its sentence from docs/rules.md).
"""
from __future__ import annotations

TEXTS: dict[str, dict[str, tuple[object, str]]] = {
    'deck': {
        'parlett': (48,
                  'Forty-eight, ranking AKQJ98765432 in each suit. There are no Tens.'),
        'denexa': (48,
                  'Reversis uses an unusual 48-card pack formed by taking a standard 52-card deck (like '
                  'Denexa 100% Plastic Playing Cards) and stripping out all of the 10s.'),
        'regles-fr': (48,
                  'Le Reversis se joue à 4 joueurs avec un jeu de 52 cartes, duquel on retire les 4 '
                  'Dix.'),
        'manuscrit': (48,
                  'Le Reversis se joue à quatre personnes, avec un jeu de cartes complet, excepté les '
                  'dix.'),
        'dafydd': (52,
                  "The game is played with the familiar 'standard' deck: 52 cards, French suit system."),
    },
    'pools': {
        'parlett': ('multiple',
                  'The first supplement that occurs is used to double the only pool there is. The '
                  'second and all additional supplements go to form new pools, which are kept separate '
                  'from one another.'),
        'denexa': ('multiple',
                  'The second remise is again the same size as the pot, but goes to form a second pot, '
                  'which is kept separate from the first.'),
        'regles-fr': ('single',
                  "Chaque joueur prend devant lui l'un des paniers et met 2 jetons dans la corbeille."),
        'manuscrit': ('single',
                  'Quand le jeu commence, chaque joueur met au panier deux jettons ou 10 fiches, & '
                  'celui qui donne en met trois.'),
        'dafydd': ('none',
                  'Each losing player must pay the winner according to the number of points taken.'),
    },
    'pool_ante': {
        'parlett': (5,
                  'Before play begins a pool is formed by the contribution of five fish from each '
                  'player.'),
        'denexa': (5,
                  'On the first hand, all players ante five credits to the pot, except for the dealer, '
                  'who antes ten credits.'),
        'regles-fr': (10,
                  "Chaque joueur prend devant lui l'un des paniers et met 2 jetons dans la corbeille. "
                  'Le donneur en met trois.'),
        'manuscrit': (10,
                  'Quand le jeu commence, chaque joueur met au panier deux jettons ou 10 fiches, & '
                  'celui qui donne en met trois.'),
    },
    'dealer_ante': {
        'parlett': (5,
                  'At each deal the dealer (only) adds another five fish to the pool, bringing it to 25 '
                  'at the start of the first deal.'),
        'denexa': (5,
                  'The dealer antes five credits to the most recently formed pot.'),
        'regles-fr': (5,
                  'Cette mise se renouvelle chaque fois que la corbeille est vide, et à chaque donne, '
                  'le donneur y met 1 jeton.'),
        'manuscrit': (5,
                  "Ce fonds se nourrit par la contribution d'un jetton à chaque donné par celui qui "
                  'donne.'),
    },
    'pool_refill_below': {
        'regles-fr': (1,
                  'Cette mise se renouvelle chaque fois que la corbeille est vide, et à chaque donne, '
                  'le donneur y met 1 jeton.'),
        'manuscrit': (45,
                  "Elle se renouvelle toutes les fois que le panier est vuide, ou qu'il y a moins que "
                  "le premier fonds, c'est-dire 9 jettons."),
    },
    'ace_dumped': {
        'parlett': (1,
                  'Dumped: trick-winner pays holder 1 2 5'),
        'denexa': (1,
                  'When this happens, the player who wins the trick containing the off-suit ace pays '
                  'the person who played the ace one credit.'),
        'regles-fr': (1,
                  'Le joueur qui donne un As en renonce reçoit une fiche de celui qui fait cette levée.'),
        'manuscrit': (1,
                  'Celui qui donne un as en renonce, touche une fiche de celui qui fera cette levée.'),
    },
    'ace_forced': {
        'parlett': (1,
                  'Forced: holder pays leader 1 2 10'),
        'denexa': (1,
                  'In that case, the player who was forced to play the ace pays the person who led to '
                  'the trick one credit.'),
        'regles-fr': (5,
                  "De même que le joueur à qui l'on force un as paye 1 jeton à celui qui force, et deux "
                  "si c'est l'as de carreau."),
        'manuscrit': (1,
                  "Le joueur à qui l'on force un as, paye une fiche à celui qui le force; & deux, si "
                  "c'est l'as de carreau."),
    },
    'diamond_ace_factor': {
        'parlett': (2,
                  '(Note that the Ace of diamonds, if dumped, forced, or led, attracts twice the '
                  'penalty of any other Ace.)'),
        'denexa': (2,
                  'As before, if the A♦ is forced, the payment doubles to two credits.'),
        'regles-fr': (2,
                  "Si c'est l'As de Carreau, il en recevra deux."),
        'manuscrit': (2,
                  "Si c'est l'as de carreau, il en recevra deux."),
    },
    'quinola_dumped': {
        'parlett': (5,
                  'Dumped: trick-winner pays holder 1 2 5'),
        'denexa': (5,
                  'If the J♥ is played to a trick that was led by another suit, the player that wins '
                  'the trick pays the person who played the J♥ five credits.'),
        'regles-fr': (5,
                  "Si c'est la quinola en renonce, il recevra 1 jeton."),
        'manuscrit': (5,
                  'On paye tout de suite sans se le faire demander; de même, en donnant le quinola en '
                  'renonce, on recevra un jetton, ou 5 fiches.'),
    },
    'quinola_forced': {
        'parlett': (10,
                  'Forced: holder pays leader 1 2 10'),
        'denexa': (10,
                  'When an opponent forces the player holding the J♥ to play it to a heart lead, the '
                  'player holding the J♥ pays that opponent ten credits.'),
        'regles-fr': (10,
                  "Si quelqu'un force le quinola, il touche 1 jeton de chaque joueur, et deux de celui "
                  'qui avait le quinola.'),
        'manuscrit': (10,
                  "Si quelqu'un force le quinola, il touche un jetton de chaque joueur, & deux jettons "
                  'de celui qui tenoit le quinola.'),
    },
    'quinola_forced_others': {
        'parlett': (5,
                  'If the holder of Quinola is forced to play it to a heart lead, the leader to that '
                  'trick is paid by all three opponents.'),
        'denexa': (5,
                  'Both of the other two opponents must pay the player who led to that trick five '
                  'credits.'),
        'regles-fr': (5,
                  "Si quelqu'un force le quinola, il touche 1 jeton de chaque joueur, et deux de celui "
                  'qui avait le quinola.'),
        'manuscrit': (5,
                  "Si quelqu'un force le quinola, il touche un jetton de chaque joueur, & deux jettons "
                  'de celui qui tenoit le quinola.'),
    },
    'opposite_doubles_side': {
        'parlett': (True,
                  'These amounts are doubled as between players sitting opposite each other, and '
                  'doubled as between everyone if occurring in either of the last two tricks.'),
        'denexa': (False,
                  'When this happens, the player who wins the trick containing the off-suit ace pays '
                  'the person who played the ace one credit. (Flat amounts; the page doubles only the '
                  'party: "If the winner and loser are sitting across from each other, the required '
                  'payment doubles.")'),
        'regles-fr': (True,
                  'Ces paiements sont toujours doubles pour les vis-à-vis, ainsi que toutes les fois '
                  'que le coup se fait à la dernière levée.'),
        'manuscrit': (True,
                  'Tous ces payements sont doubles en vis-à-vis.'),
    },
    'double_tricks': {
        'parlett': ([10, 11],
                  'These amounts are doubled as between players sitting opposite each other, and '
                  'doubled as between everyone if occurring in either of the last two tricks.'),
        'denexa': ([],
                  'In that case, the player who was forced to play the ace pays the person who led to '
                  'the trick one credit. (Flat amounts in every trick: no trick is named as doubled.)'),
        'regles-fr': ([11],
                  'Ces paiements sont toujours doubles pour les vis-à-vis, ainsi que toutes les fois '
                  'que le coup se fait à la dernière levée.'),
        'manuscrit': ([1, 11],
                  'Tous les payements susdits sont encore doubles à la premiere, & à la derniere bonne.'),
    },
    'quinola_led_remise': {
        'parlett': (True,
                  'If Quinola is forced, or is led to a trick, its player pays a supplement (remise).'),
        'denexa': (False,
                  'If a player leads with the J♥, the eventual winner of the hand may collect ten '
                  'credits from that player and five credits from the other two opponents.'),
        'manuscrit': (True,
                  "Toutes les fois que l'on est obligé de jouer le quinola, on fait la remise. Cela "
                  "s'appelle le quinola joué ou gorgé."),
    },
    'quinola_pool_in_last_tricks': {
        'parlett': (True,
                  'The latest pool is won by the Quinola holder when he succeeds in dumping it on the '
                  'lead of another suit.'),
        'denexa': (True,
                  'Remember, when a player successfully dumps the J♥ on an non-heart trick, they always '
                  'take the most recently formed pot (in this case, Pot #3).'),
        'regles-fr': (False,
                  "Lorsqu’on joue le quinola à l'avant-dernière ou à la dernière carte, on ne gagne pas "
                  "la remise, alors même qu'on fait le reversis, mais on se fait payer ce dernier coup."),
        'manuscrit': (True,
                  "Toutes les foisque l'on donne le quinola en renonce, on tire la remise; cela "
                  "s'appelle placer ou donner le quinola."),
    },
    'party_base': {
        'parlett': (4,
                  'The value of the party - that is, the amount paid by the loser to the winner - is 4 '
                  'plus the card-point value of any counters in the talon.'),
        'denexa': (4,
                  'The amount of the payment is four chips, plus the point value of all of the cards in '
                  'the talon.'),
        'regles-fr': (0,
                  'Le gagnant prend alors les quatre cartes qui sont sous le talon et compte les points '
                  'en ajoutant quatre points à chaque carte, et le perdant lui paye autant de jetons '
                  "qu'il y a de points."),
        'manuscrit': (4,
                  "Aux points qui s'y trouvent, on ajoute toujours 4; & c'est proprement ce que l'on "
                  "doit nommer la partie; attendu qu'il pourroit arriver que les 4 cartes de l'écart "
                  "fussent toutes blanches; & que celui qui gagneroit la partie n'eût ainsi rien pour "
                  'sa peine.'),
    },
    'party_per_card': {
        'parlett': (0,
                  'The value of the party - that is, the amount paid by the loser to the winner - is 4 '
                  'plus the card-point value of any counters in the talon.'),
        'denexa': (0,
                  'The amount of the payment is four chips, plus the point value of all of the cards in '
                  'the talon.'),
        'regles-fr': (4,
                  'Le gagnant prend alors les quatre cartes qui sont sous le talon et compte les points '
                  'en ajoutant quatre points à chaque carte, et le perdant lui paye autant de jetons '
                  "qu'il y a de points."),
        'manuscrit': (0,
                  "Aux points qui s'y trouvent, on ajoute toujours 4; & c'est proprement ce que l'on "
                  'doit nommer la partie;'),
    },
    'party_unit': {
        'parlett': (1,
                  'For example, if the talon contains a King and a Queen, the payment is 4 + 3 + 2 = 9 '
                  'fish.'),
        'regles-fr': (5,
                  'Le gagnant prend alors les quatre cartes qui sont sous le talon et compte les points '
                  'en ajoutant quatre points à chaque carte, et le perdant lui paye autant de jetons '
                  "qu'il y a de points."),
    },
    'opposite_doubles_party': {
        'parlett': (True,
                  'If the loser is sitting opposite the winner, he pays double.'),
        'denexa': (True,
                  'If the winner and loser are sitting across from each other, the required payment '
                  'doubles.'),
        'regles-fr': (False,
                  'Le gagnant prend alors les quatre cartes qui sont sous le talon et compte les points '
                  'en ajoutant quatre points à chaque carte, et le perdant lui paye autant de jetons '
                  'qu\'il y a de points. (The party is not doubled: the one doubling sentence, "Ces '
                  'paiements sont toujours doubles pour les vis-à-vis", closes the paragraph on the '
                  'Aces and Quinola.)'),
        'manuscrit': (True,
                  "La partie se paye aussi double, si c'est le vis-à-vis, qui la gagne."),
    },
    'talon_values': {
        'parlett': ('points',
                  'The value of the party - that is, the amount paid by the loser to the winner - is 4 '
                  'plus the card-point value of any counters in the talon.'),
        'denexa': ('points',
                  'The amount of the payment is four chips, plus the point value of all of the cards in '
                  'the talon.'),
        'regles-fr': ('points',
                  'Le gagnant prend alors les quatre cartes qui sont sous le talon et compte les points '
                  'en ajoutant quatre points à chaque carte, et le perdant lui paye autant de jetons '
                  "qu'il y a de points."),
        'manuscrit': ('ad5-jh4',
                  "Les points s'y comptent comme dans les levées, a l'exception de l'as de carreau qui "
                  'y compte 5, & du valet de cœur ou quinola, qui y compte 4.'),
    },
    'preference': {
        'parlett': ('reverse',
                  'If still tied, preference goes to the dealer first, and passes to each succeeding '
                  'player to his left.'),
        'denexa': ('play',
                  'If there’s still a tie, the dealer takes precedence, followed by the player to their '
                  'left, and so on around the table.'),
        'manuscrit': ('reverse',
                  "Le mieux placé est toujours celui qui donne. Après lui c'est son voisin à la gauche, "
                  '& ainsi de suite en passant par la gauche.'),
    },
    'tie_rule': {
        'parlett': ('tricks',
                  'A tie, in either case, favours the player who won fewest tricks.'),
        'denexa': ('tricks',
                  'If there is a tie in points, the player with the fewest tricks takes precedence.'),
        'regles-fr': ('nearest',
                  "La partie se joue comme à l'ordinaire, et le joueur qui fait le plus de points dans "
                  "ses levées perd et paye à celui qui en fait le moins : en cas d'égalité de points, "
                  'le gagnant est celui qui se trouve le plus près du donneur.'),
        'manuscrit': ('tricks',
                  'Il arrive souvent, que deux des joueurs ont le même nombre de points: alors celui '
                  "qui a le moins de levées a la préférence. S'ils avoient mêmes points & même nombre "
                  'de levées, celui qui se trouve le mieux placé, gagne.'),
    },
    'reversis_side': {
        'parlett': (16,
                  'If successful, you receive 16 fish from each neighbour and 32 from the player '
                  'opposite.'),
        'denexa': (16,
                  'If the reversis player successfully takes all eleven tricks, they collect 32 credits '
                  'from the player across from them, and 16 credits from the other two opponents.'),
        'regles-fr': (16,
                  "La partie peut se gagner d'une autre façon : lorsqu'un joueur se croit certain de "
                  "faire toutes les levées, il s'arrange dans ce cas à les faire, et s'il réussit il "
                  'fait le coup de reversis pour lequel il reçoit, outre la remise, 32 fiches du joueur '
                  'placé en face de lui et 16 de chacun des autres.'),
        'manuscrit': (16,
                  'Le reversis se paye 16 fiches de chaque joueur, & 32 du vis-à-vis.'),
    },
    'reversis_opposite': {
        'parlett': (32,
                  'If successful, you receive 16 fish from each neighbour and 32 from the player '
                  'opposite.'),
        'denexa': (32,
                  'If the reversis player successfully takes all eleven tricks, they collect 32 credits '
                  'from the player across from them, and 16 credits from the other two opponents.'),
        'regles-fr': (32,
                  "La partie peut se gagner d'une autre façon : lorsqu'un joueur se croit certain de "
                  "faire toutes les levées, il s'arrange dans ce cas à les faire, et s'il réussit il "
                  'fait le coup de reversis pour lequel il reçoit, outre la remise, 32 fiches du joueur '
                  'placé en face de lui et 16 de chacun des autres.'),
        'manuscrit': (32,
                  'Le reversis se paye 16 fiches de chaque joueur, & 32 du vis-à-vis.'),
    },
    'reversis_pool': {
        'parlett': ('quinola-early',
                  'If you played Quinola during the first nine tricks, you also win the Quinola pool.'),
        'denexa': ('quinola-early',
                  'They also take the most recent pot if they played the J♥ during the first nine '
                  'tricks.'),
        'regles-fr': ('unless-quinola-late',
                  "s'il réussit il fait le coup de reversis pour lequel il reçoit, outre la remise, 32 "
                  'fiches du joueur placé en face de lui et 16 de chacun des autres. / Lorsqu’on joue '
                  "le quinola à l'avant-dernière ou à la dernière carte, on ne gagne pas la remise, "
                  "alors même qu'on fait le reversis, mais on se fait payer ce dernier coup."),
        'manuscrit': ('quinola-early',
                  'Excepté le seul cas, où le joueur qui auroit joué le quinola, feroit encore le '
                  "reversis; & encore faut-il qu'il ait joué le quinola avant la bonne, c'està-dire, à "
                  "l'une des neuf premieres levées; & c'est le plus grand coup que / l'on puisse faire "
                  "à ce jeu; parce que l'on tire les revenus du reversis, & la remise."),
    },
    'reversis_broken': {
        'parlett': (64,
                  'If unsuccessful, you pay 64 fish to the player who broke the reversis by first '
                  'taking a trick against you, and if you played Quinola during the first nine tricks, '
                  'you also pay a supplement.'),
        'denexa': (64,
                  'The reversis player pays 64 credits to that opponent (if both the tenth and eleventh '
                  'tricks were taken by opponents, only the winner of the tenth trick is paid off).'),
        'manuscrit': (64,
                  "Celui qui rompt le reversis à la bonne, reçoit 64 fiches de celui qui l'avoit "
                  "entrepris. Les autres joueurs n'ont rien."),
    },
    'broken_reversis': {
        'denexa': ('fixed',
                  'The reversis player pays 64 credits to that opponent (if both the tenth and eleventh '
                  'tricks were taken by opponents, only the winner of the tenth trick is paid off).'),
        'regles-fr': ('by-trick',
                  "Si le reversis est brisé à l'avant-dernière carte, on paye à celui qui fait cette "
                  "levée ce qu'on aurait payé au gagnant. Si c'est à la dernière carte, on le paye "
                  "double avec la remise : ces deux cartes se nomment l'avant-bonne et la bonne."),
        'manuscrit': ('fixed',
                  "Celui qui rompt le reversis à la bonne, reçoit 64 fiches de celui qui l'avoit "
                  'entrepris.'),
    },
    'broken_by_quinola': {
        'parlett': ('forced',
                  'If the reversis is broken, and the breaking trick is taken by Quinola, you pay your '
                  '64 as above, but receive the appropriate side payment for forcing Quinola, though '
                  'nothing is paid either to or from the Quinola pool.'),
        'denexa': ('flat',
                  'If the reversis was broken by the J♥ winning a trick, the reversis player pays only '
                  '54 credits.'),
        'regles-fr': ('none',
                  "Il y a deux chances du jeu appelées le quinola et l'espagnolette qui se trouvent "
                  "annulées par l'entreprise du reversis."),
        'manuscrit': ('none',
                  "Tous les payements susdits cessent, des qu'il y a reversis, soit que le reversis se "
                  'fasse, ou soit rompu à la bonne. / Celui qui rompt le reversis à la bonne, reçoit 64 '
                  "fiches de celui qui l'avoit entrepris. Les autres joueurs n'ont rien."),
    },
    'espagnolette_lost': {
        'parlett': ('parlett',
                  'If you lose by taking a trick, you must return, doubled, all the side payments you '
                  'received for dumping the Aces, and, if you dumped Quinola, for that too, together '
                  'with double the pool you won.'),
        'denexa': ('denexa',
                  'Additionally, they must pay back double the amount each player paid them for aces '
                  'and the J♥. If they won a pot, they must return it and pay a misere.'),
        'regles-fr': ('regles-fr',
                  "Ainsi il paye la partie, comme d'habitude, à celui qui l'a gagnée. Ensuite il fait "
                  "la remise, qu'il ait placé ou non le quinola, s'il le possédait, il paye double les "
                  'as aux joueurs qui les lui ont payés.'),
        'manuscrit': ('manuscrit',
                  "2. Qu'il fait la remise, s'il a placé le quinola, ou que l'ayant gardé dans "
                  "l'espérance de la placer à la bonne, & étant entré mal-adroitement à la 10 levée, il "
                  "le gorge à la derniere? / 3. Qu'il rend au double les as ou quinola qu'il peut avoir "
                  "donnes pendant le jeu, & qu'on lui a payés; ou bien aussi l'as ou le quinola, que "
                  'les autres joueurs ont pu se donner réciproquement.'),
    },
    'espagnolette_pays_reversis': {
        'parlett': ('alone',
                  'If you lose because another player makes the reversis (this being an occupational '
                  'hazard of undertaking the espagnolette) you pay the reversis winner 64 fish and the '
                  'others pay nothing.'),
        'denexa': ('alone',
                  'In this case, the espagnolette player must pay the full 64-credit sum due to the '
                  'player making the reversis. No other player is required to pay a thing.'),
        'regles-fr': ('as-any',
                  "Il y a deux chances du jeu appelées le quinola et l'espagnolette qui se trouvent "
                  "annulées par l'entreprise du reversis."),
        'manuscrit': ('alone',
                  "Si quelqu'un fait le reversis, l'Espagnolette paye seul pour toute la compagnie."),
    },
    'espagnolette_pays_broken': {
        'manuscrit': (True,
                  "Si quelque joueur entreprend le reversis, & qu'un autre le rompe à la bonne; "
                  "l'Espagnolette paye tout le reversis à celui qui rompt, (c'est-à-dire 4 fiches.)"),
    },
    'taker_paid': {
        'manuscrit': ('nothing',
                  "Il en est de même de celui qui prendroit sa carte du talon, & n'écarteroit pas. Il "
                  "n'a droit a rien."),
    },
    'fine_revoke': {
        'regles-fr': (10,
                  "Quiconque renonce indûment, lorsqu'il n'a pas l'espagnolette, paye 2 jetons au "
                  'panier et ne bénéficie pas du coup.'),
        'manuscrit': (10,
                  "Quiconque renonce, sans avoir l'Epagnolette, mettra 2 jettons au panier en guise "
                  "d'amende, & ne pourra toucher aucun payement quelconque de ce coup-la."),
    },
    'fine_out_of_turn': {
        'regles-fr': (5,
                  'Quiconque joue avant son tour, paye 1 jeton au panier.'),
        'manuscrit': (5,
                  'Quiconque joue sa carte avant son tour payera un jetton au panier.'),
    },
    'fine_redeal': {
        'regles-fr': (5,
                  'Le joueur qui fait maldonne met 1 jeton au panier, ou la donne passe au suivant.'),
        'manuscrit': (5,
                  'Celui qui aura mal donné, perd sa donne. Il peut cependant refaire, en fournissant '
                  'un jetton au panier.'),
    },
    'fine_void_misdeal': {
        'regles-fr': (20,
                  "Si l'écart est fait quand l'erreur est relevée, le coup est nul : le donneur met 4 "
                  'jetons au panier et il perd la donne.'),
        'manuscrit': (20,
                  "Celui qui ayant mal donné, ne s'en seroit pas apperçu, ou n'en aura pas averti avant "
                  "que l'ecart soit fait, payera 4 jettons d'amende au panier, & le coup sera nul"),
    },
    'party': {
        'dafydd': ('pairwise-stake',
                  'I suggest that each loser pay a standard stake (for example, 2 denari) to every '
                  'other player that took fewer points than they did.'),
    },
    'pairwise_stake': {
        'dafydd': (2,
                  'I suggest that each loser pay a standard stake (for example, 2 denari) to every '
                  'other player that took fewer points than they did.'),
    },
    'exchange_after_remise': {
        'parlett': (False,
                  'Optional rule. Once a supplement has been paid, everyone is obliged to discard and '
                  'draw before the first trick is played, and it is illegal to discard Quinola. This '
                  'rule (if agreed) applies until all pools have been won and a new one started, when '
                  'it is held in abeyance until a supplement is paid.'),
    },
}

# Parlett's text is silent on these; docs/rules.md states each value in the sentence quoted.
DOCS: dict[str, tuple[object, str]] = {
    "pool_refill_below": (1, "§4: if the basket holds less than `pool_refill_below` (`regles-fr`: 1, "
                             "i.e. when it is empty; ...)"),
    "broken_reversis": ("fixed", "§8: Broken (another player takes trick 10 or 11): he pays "
                                 "`reversis_broken` (64) to the breaker"),
    "espagnolette_pays_broken": (False, "§9: If another player breaks it, the reversis player pays as "
                                        "usual; with `espagnolette_pays_broken: yes` (`manuscrit`) the "
                                        "espagnolette pays the breaker instead."),
    "taker_paid": ("barred", "§10: Peek (looking at the face-down card and then discarding, or taking "
                             "it without discarding): the player is barred (§7)."),
    "fine_revoke": (10, "§10: the revoker pays `fine_revoke` (10) to the latest pool"),
    "fine_out_of_turn": (5, "§10: Out of turn: `fine_out_of_turn` (5) to the latest pool."),
    "fine_redeal": (5, "§10: the dealer pays `fine_redeal` (5) to the latest pool and deals again"),
    "fine_void_misdeal": (20, "§10: the dealer pays `fine_void_misdeal` (20) to the latest pool"),
    "party": ("standard", "§6: Every hand that is not a reversis (§8) ends with the party."),
    "pairwise_stake": (2, "§6: each player pays `pairwise_stake` (2) to every player who took fewer "
                          "points"),
}
NAMES = ("parlett", "denexa", "regles-fr", "manuscrit", "dafydd")


def _preset(name: str) -> dict[str, object]:
    parlett = {knob: value for knob, (value, _) in DOCS.items()}
    parlett.update({knob: by["parlett"][0] for knob, by in TEXTS.items() if "parlett" in by})
    return {**parlett, **{knob: by[name][0] for knob, by in TEXTS.items() if name in by}}


PRESETS: dict[str, dict[str, object]] = {name: _preset(name) for name in NAMES}
