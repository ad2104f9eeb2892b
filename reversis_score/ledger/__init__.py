"""Settled hands in order: the session ledger, and what reads it (audit, why, export, season, compare)."""
