"""``verify``: is a JSON ledger sound, and is it the ledger of that record?

The checks are ledger/verify.py (shape and sums) and ledger/against.py (against a record);
this module reads the files, prints one line per finding and exits: 0 sound, 1 not sound
(or not a ledger, or a record with errors), 2 usage errors.
"""
from __future__ import annotations

from typing import Annotated

import typer

from reversis_score.cli import complete
from reversis_score.cli.app import (
    UsageProblem,
    app,
    built_ledger,
    error_line,
    examples,
    read_bytes,
    try_load,
    validate_rules_option,
    worst,
)
from reversis_score.i18n import N_, _, fill, ngettext

EPILOG = examples("reversis-score verify night.json",
                  "reversis-score settle club.rvs --format json | reversis-score verify -",
                  "reversis-score verify night.json --record club.rvs")


VERIFY_HELP = N_("Check JSON ledgers: their shape, then every sum a ledger keeps.\n\n"
                 "Each problem is one line naming the hand, the item (seq) and the key. Exit 0 when every "
                 "ledger is sound, 1 when one is not, 2 for a usage error.")


@app.command(help=VERIFY_HELP, epilog=EPILOG)
def verify(
    files: Annotated[list[str], typer.Argument(metavar="LEDGER", show_default=False,
                                               autocompletion=complete.ledger_files,
                                               help=N_("JSON ledgers (settle/export --format json); "
                                                       "'-' reads standard input."))],
    record: Annotated[str | None, typer.Option("--record", metavar="FILE",
                                                  autocompletion=complete.record_files,
                                                  help=N_("Also settle this record (.rvs) and say, item by "
                                                          "item, where the ledger differs from it."))] = None,
    rules: Annotated[str | None, typer.Option("--rules", metavar="NAME|FILE",
                                                 autocompletion=complete.preset_or_house_rules,
                                                 help=N_("With --record: settle it under these rules, "
                                                         "as settle --rules did."))] = None,
    split_pools: Annotated[bool, typer.Option("--split-pools", help=N_("With --record: split the pools "
                                                                       "left at the end, as settle "
                                                                       "--split-pools did."))] = False,
) -> None:
    """The ``verify`` command; its --help is VERIFY_HELP."""
    validate_rules_option(rules)
    if record is not None and len(files) > 1:
        typer.echo(error_line(_("--record compares one ledger with one record; give one LEDGER")), err=True)
        raise typer.Exit(2)
    against = (_settled_record(record, rules, split_pools), record) if record is not None else None
    raise typer.Exit(worst([_verify_one(name, against) for name in files]))


def _settled_record(record: str, rules: str | None, split_pools: bool) -> dict:
    """The ledger document the record settles to; its errors are printed and exit 1."""
    from reversis_score.render.document import ledger_document
    session, code = try_load(record, rules=rules)
    if session is None or code:
        if code == 1:
            said = fill(_("{record}: has record errors: nothing to compare the ledger with"), record=record)
            typer.echo(said, err=True)
        raise typer.Exit(code)
    import hashlib
    document = ledger_document(built_ledger(session, split_pools))
    # Read again for its hash (export's identity of a session): the same bytes, as standard
    # input is read once and kept.
    document["session"]["sha256"] = hashlib.sha256(read_bytes(record)[0]).hexdigest()
    return document


def _verify_one(name: str, against: tuple[dict, str] | None) -> int:
    """Verify one ledger file (against the document a record settles to, and that record's
    name, if given) and print what is wrong; its exit status."""
    # Imported here, not above: every run imports this module, few run verify.
    from reversis_score.ledger.verify import (
        LedgerProblem,
        invariant_findings,
        read_documents,
        schema_findings,
    )
    try:
        data, _folder = read_bytes(name, "ledger")
    except UsageProblem as exc:
        typer.echo(error_line(exc), err=True)
        return 2
    try:
        docs = read_documents(_text(data))
    except LedgerProblem as exc:
        typer.echo(fill(_("{file}: {said}"), file=name, said=exc), err=True)
        return 1
    findings, hands = [], 0
    for doc in docs:
        shape = schema_findings(doc)
        found = shape or invariant_findings(doc)
        if against is not None and not shape:
            found += _against(doc, docs, *against)
        findings += found
        hands += len(doc["hands"]) if isinstance(doc.get("hands"), list) else 0
    from reversis_score.scrub import safe  # a ledger comes from anyone: its text is printed safe
    for finding in findings:
        typer.echo(safe(fill(_("{file}: {said}"), file=name, said=finding)))
    summary = _summary(docs, hands, findings, against[1] if against else None)
    typer.echo(safe(fill(_("{file}: {said}"), file=name, said=summary)))
    return 1 if findings else 0


def _text(data: bytes) -> str:
    from reversis_score.ledger.verify import LedgerProblem
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LedgerProblem(fill(_("not JSON: not UTF-8 text (byte {byte} at offset {offset})"),
                                 byte=f"{data[exc.start]:#04x}", offset=exc.start)) from None


def _against(doc: dict, docs: list[dict], expected: dict, record: str) -> list:
    """Compare with the record's ledger; a list of several sessions is compared only as a whole."""
    from reversis_score.ledger.against import compare_documents
    from reversis_score.ledger.verify import Finding
    if len(docs) > 1:
        said = fill(_("holds {n} sessions: --record compares a ledger of one session"), n=len(docs))
        return [Finding(None, None, "format", said)] if doc is docs[0] else []
    return compare_documents(doc, expected, record)


def _summary(docs: list[dict], hands: int, findings: list, record: str | None) -> str:
    sessions = fill(_("{n} sessions, "), n=len(docs)) if len(docs) > 1 else ""
    counted = sessions + fill(ngettext("{n} hand", "{n} hands", hands), n=hands)
    if findings:
        problems = fill(ngettext("{n} problem", "{n} problems", len(findings)), n=len(findings))
        return fill(_("{hands}: {problems}"), hands=counted, problems=problems)
    stops = [h["number"] for d in docs for h in d["hands"] if h["status"] == "error"]
    note = (fill(_(" (the record had errors from hand {hand}: the ledger stops there)"), hand=stops[0])
            if len(stops) == 1 else "")
    same = fill(_("; it is the ledger {record} settles to"), record=record) if record else ""
    return fill(_("{hands}: sound{same}{note}"), hands=counted, same=same, note=note)
