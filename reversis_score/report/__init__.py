"""What is made of ledgers and rules and shown: audit, why, compare, season, export, the rules view.

A stage above render/: these modules read ledgers (ledger/) and hand blocks, documents and
rows to the renderers (render/); neither of those imports them.
"""
