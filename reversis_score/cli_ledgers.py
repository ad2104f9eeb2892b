"""Commands that work on settled ledgers: audit, why, export, season, report.

They register themselves on the one Typer ``app`` of cli.py (imported at its end).
"""
from __future__ import annotations
