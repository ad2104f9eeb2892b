"""reversis-score: parse, replay, check and settle records of real games of Reversis.

>>> from reversis_score.notation.cards import Card
>>> str(Card.parse("jh")), Card.parse("jh").is_quinola
('JH', True)
"""

__version__ = "0.1.0"
