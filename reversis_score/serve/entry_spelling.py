"""The entry page writes a record in its own language: a ``langue: fr`` record gets French.

The Recorder (shared with ``record``) reads and writes the notation in English. A record
whose header says ``langue: fr`` (or ``lang: fr``) is spelled in French on disk (``RP DC VK
AT``, ``coup 3``, ``donneur:``…): were English lines appended to it, ``AC`` (A♣) would be read
as the ace of hearts. So the entry page gives the Recorder the record in English
(``notation.french.to_english``, line for line) and writes what the Recorder makes back in
French: every line the file already has stays exactly as it is on disk (the lines before the
first that differs from the file's English reading); each line after it is written the French
way (``format --lang fr``'s spelling). An English record passes through unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.notation.french import FIRST_HAND, record_language, to_english, to_french


def _line_to_french(line: str) -> str:
    """One line of the notation, written the French way (``format --lang fr``'s spelling)."""
    return to_french(line).split("\n", 1)[1]  # (to_french puts « langue: fr » first)


def is_french(text: str) -> bool:
    """Whether the record's header (before its first hand) says ``langue: fr``."""
    found = FIRST_HAND.search(text)
    return record_language(text[: found.start()] if found else text) == "fr"


@dataclass(frozen=True, slots=True)
class Spelling:
    """A record's text as the file has it (``raw``) and as the Recorder reads it (``english``)."""

    raw: str
    english: str
    french: bool

    @classmethod
    def of(cls, raw: str) -> Spelling:
        if not is_french(raw):
            return cls(raw, raw, False)
        return cls(raw, to_english(raw)[0], True)

    def on_disk(self, document: str) -> str:
        """The Recorder's ``document`` (English) as the file must hold it: the file's own lines
        where they still stand, the rest in the record's language."""
        if not self.french:
            return document
        written, read, new = self.raw.split("\n"), self.english.split("\n"), document.split("\n")
        same = 0
        while same < min(len(read), len(new)) and read[same] == new[same]:
            same += 1
        if same == len(new) and len(new) <= len(written):
            return "\n".join(written[:same])
        return "\n".join(written[:same] + [_line_to_french(line) for line in new[same:]])

    def shown(self, text: str) -> str:
        """Some lines the Recorder wrote (the hand so far), as the record spells them."""
        return "\n".join(_line_to_french(line) for line in text.split("\n")) if self.french else text


def new_record(document: str, french: bool) -> str:
    """A new record's text (header made by the Recorder, in English): with ``langue: fr`` first
    and French keywords when the record is to be written in French."""
    return to_french(document) if french else document
