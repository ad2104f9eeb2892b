"""Helpers for the entry tests: a device tapping through the HTTP routes, and the notation
example's hand as the taps the entry page takes (deal lines, exchange, cards, payments)."""
from __future__ import annotations

from dataclasses import dataclass

from conftest import DATA

from reversis_score.notation.parse import read_text
from reversis_score.notation.records import HandRecord, Header

EXAMPLE = DATA / "notation-example.rvs"


class Device:
    """One phone at the table: what it last saw of the record (``view``) and its taps."""

    def __init__(self, client, name: str):
        self.client, self.name = client, name
        self.csrf = client.app.state.ctx.csrf
        self.view: dict = {}
        self.load()

    def load(self) -> dict:
        answer = self.client.get(f"/entry/{self.name}/view")
        assert answer.status_code == 200, answer.text
        self.view = answer.json()["view"]
        return self.view

    def tap(self, *entries: str, csrf: bool = True):
        """Send one tap; the device then shows what the server answered."""
        headers = {"X-CSRF-Token": self.csrf} if csrf else {}
        answer = self.client.post(f"/entry/{self.name}/tap", headers=headers,
                                  json={"seen": self.view.get("seen", ""),
                                        "pending": self.view.get("pending", []),
                                        "entries": list(entries)})
        if answer.headers.get("content-type", "").startswith("application/json") and "view" in answer.json():
            self.view = answer.json()["view"]
        return answer


@dataclass
class ExampleHand:
    """docs/notation.md's hand as entry takes it."""

    header: Header
    hand: HandRecord

    @property
    def dealer(self) -> str:
        return self.hand.dealer.text

    def deal(self) -> list[tuple[str, list[str]]]:
        """Each player's cards as tapped: 11 or 12, then the face-down card."""
        assert self.hand.deal is not None
        return [(line.player.text, [str(c.card) for c in line.cards]
                 + ([str(line.face_down.card)] if line.face_down else [])) for line in self.hand.deal]

    def exchange(self) -> list[tuple[str, str, str | None]]:
        assert self.hand.exchange is not None
        return [(e.player.text, e.action, str(e.card.card) if e.card else None) for e in self.hand.exchange]

    def cards(self) -> list[str]:
        """The 44 cards in the order they were played."""
        return [str(c.card) for trick in self.hand.tricks for c in trick.cards]

    def table(self) -> list[tuple[str, str, int]]:
        assert self.hand.table is not None
        return [(t.payer, t.payee, t.amount) for t in self.hand.table]

    def header_form(self, file: str) -> dict[str, str]:
        h = self.header
        form = {"file": file, "session": h.title or "", "date": h.date.isoformat() if h.date else "",
                "rules": h.rules or "parlett", "stake": str(h.stake or "")}
        form.update({f"player{i}": p for i, p in enumerate(h.player_names, 1)})
        return form


def example() -> ExampleHand:
    parsed = read_text(EXAMPLE.read_text("utf-8"), str(EXAMPLE))
    record = parsed.hands[0].record
    assert record is not None
    return ExampleHand(parsed.header, record)


def without_comments(text: str) -> str:
    """The record with its comments (and the lines only they held) taken out."""
    from reversis_score.render.rvs import find_comments
    out = []
    comments = find_comments(text)
    for number, line in enumerate(text.split("\n"), 1):
        found = comments.get(number)
        if found:
            line = line[: len(line) - len(found[0])].rstrip()
            if not line.strip():
                continue
        out.append(line)
    return "\n".join(out)
