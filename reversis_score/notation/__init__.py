"""Stage one: `.rvs` text to typed records — cards, the Lark parse, records with their spans, errors."""
