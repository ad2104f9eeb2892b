"""``Block``: a titled table, or a titled list of lines, as every view builds it.

Low in the stack on purpose: the views below render/ (``rules`` in rules/view.py) build
Blocks without importing a renderer; render/tables.py writes them as a terminal table,
Markdown, JSON rows or CSV.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Block:
    """A titled table, or a titled list of lines when ``headers`` is empty."""

    title: str
    headers: list[str]
    rows: list[list]
