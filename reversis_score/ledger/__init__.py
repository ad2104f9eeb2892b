"""Settled hands in order: the session ledger (build), and the checks of a ledger document
(verify, against)."""
