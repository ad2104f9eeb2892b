"""``record`` driven through standard input: whole sessions, resumes, refusals, undo and the
irregular entries; and a property: feeding any legal record's lines writes it as ``format``
does, and it settles exactly like the original."""
from __future__ import annotations

import json

import pytest
import strategies
from conftest import DATA, SAMPLES
from hypothesis import HealthCheck, Phase, given, settings
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
HEADER = "session: Test\nplayers: Anne Bruno Claire Denis\nstake: 100\n"
# The notation example's hand 1 (NOTATION.md), its tricks only, Bruno dealing.
TRICKS = ["2C JC 7C 5C", "6H 8H KH 4H", "9D 8D 3D KD", "JS 7S 2S 5S", "9S KS 4S QD",
          "7D 3C 5D 4D", "AD 8S 3H 2D", "9C AC KC 6C", "JH AH 2H JD", "5H 4C AS QH", "QS 9H 3S 8C"]
DEAL = """deal:
  Anne:   7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 9S
  Bruno:  AS JD 9C KS 5C 7S KH AD 8C 7D 9D 6D
  Claire: QS JH 2C 4S 4H 8D AC 8S 3C QH 2S | 6S
  Denis:  5D 3D QD 5S 6H JC QC AH 3H KC 5H | 9H
exchange:
  Anne discards 7H
  Bruno discards 6D
  Claire keeps
  Denis discards QC
"""


def record(path, entries: str, *options: str):
    return runner.invoke(app, ["record", str(path), *options], input=entries)


def fmt(path) -> str:
    return runner.invoke(app, ["format", str(path)]).output


def ledger(path) -> dict:
    result = runner.invoke(app, ["settle", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("source", sorted(SAMPLES.glob("*.rvs")) + [DATA / "notation-example.rvs"],
                         ids=lambda p: p.name)
def test_feeding_a_record_writes_it_as_format_does(tmp_path, source):
    for toml in SAMPLES.glob("*.toml"):
        (tmp_path / toml.name).write_bytes(toml.read_bytes())
    target = tmp_path / "out.rvs"
    result = record(target, source.read_text("utf-8"))
    assert result.exit_code == 0, result.output
    assert target.read_text("utf-8") == fmt(source)


def test_a_whole_hand_card_by_card_shows_tricks_payments_and_settlement(tmp_path):
    target = tmp_path / "new.rvs"
    cards = "\n".join(card for trick in TRICKS for card in trick.split())
    result = record(target, HEADER + "dealer: Bruno\n" + cards + "\n", "--verbose")
    assert result.exit_code == 0, result.output
    assert "trick 1: Denis wins it with J♣" in result.stdout
    said = " ".join(result.stdout.split())
    assert "trick 8: Claire's A♣ is forced on Bruno's ♣ lead: Claire pays Bruno 1 (RULES §5)" in said
    assert "trick 10: Bruno places A♠ on a ♥ lead won by Claire; ×2 in trick 10: Claire pays Bruno 2" in said
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "Hand 1 settled: Anne wins the party (6); pools after: 50" in result.stdout
    assert ["Anne", "+39", "+39", "139", "+44", "5"] in [line.split() for line in result.stdout.splitlines()]
    assert target.read_text("utf-8") == fmt(target)
    assert "  Claire: 2C JC 7C 5C\n" in target.read_text("utf-8")


def test_eof_mid_hand_leaves_a_record_that_check_calls_unfinished_and_record_resumes(tmp_path):
    target = tmp_path / "night.rvs"
    first = record(target, HEADER + "dealer: Bruno\n" + "\n".join(TRICKS[:5]) + "\n")
    assert first.exit_code == 0, first.output
    check = runner.invoke(app, ["check", str(target)])
    assert check.exit_code == 1
    assert "hand 1 is unfinished: 5 of 11 tricks recorded" in check.output
    assert check.output.count("error") == 2  # the summary's count and that one message
    second = record(target, "\n".join(TRICKS[5:]) + "\n", "--verbose")
    assert second.exit_code == 0, second.output
    assert "resuming: hand 1 is at trick 6 (5 of 11 recorded)." in second.stderr
    assert runner.invoke(app, ["check", str(target)]).exit_code == 0
    assert target.read_text("utf-8") == fmt(target)


@pytest.mark.parametrize("entry, reason", [
    ("2C JC 7C 5C\n6H 8H KH 5C", "5♣ is played twice: it was played in trick 1"),
    ("2C JC 7C 5C\nTH", "there are no tens in a 48-card pack: 'TH'"),
    ("2C JC 7C 5C\n6H 8H XY", None),
    ("2C JC 7C 5C\n6H 8H KH 8D", "Claire plays 8♦ on a ♥ lead while holding"),
    ("2C JC 7C 5C\n6H 8H KH QC", "Claire plays Q♣ but did not hold it after the exchange"),
])
def test_a_refused_card_is_explained_and_never_written(tmp_path, entry, reason):
    target = tmp_path / "r.rvs"
    result = record(target, HEADER + "hand 1\ndealer: Bruno\n" + DEAL + entry + "\n")
    assert result.exit_code == 1
    assert "refused" in result.stderr and (reason is None or reason in result.stderr)
    written = target.read_text("utf-8")
    assert "Denis: 6H" not in written and "  Claire: 2C JC 7C 5C" in written


def test_a_revoke_acknowledged_first_is_taken_with_the_deal_known(tmp_path):
    target = tmp_path / "ack.rvs"
    entries = (HEADER + "hand 1\ndealer: Bruno\n" + DEAL
               + "2C JC 7C 5C\nirregular revoke Claire\n6H 8H KH 8D\n")
    result = record(target, entries)
    assert result.exit_code == 0, result.output
    assert target.read_text("utf-8").endswith("  Denis:  6H 8H KH 8D\nirregular: revoke Claire\n")


def test_names_of_several_words_at_the_prompts(tmp_path):
    target = tmp_path / "names.rvs"
    lines = (SAMPLES / "manuscrit-chateau.rvs").read_text("utf-8").splitlines()
    header = "".join(line + "\n" for line in lines[:5])  # the players: Chevalier "Mme de Vaux" ...
    result = record(target, header + "Mme de Vaux\n")
    assert result.exit_code == 0, result.output
    assert 'dealer: "Mme de Vaux"\n' in target.read_text("utf-8")


def test_show_help_and_a_bad_option(tmp_path):
    target = tmp_path / "s.rvs"
    result = record(target, HEADER + "dealer: Bruno\n2C JC\nshow\nhelp\n", "--verbose")
    assert ("dealer: Bruno\n  Claire: 2C JC   (being played)\n"
            "hand 1, trick 1 — Claire leads; ♣ led") in result.stdout
    assert "claims waived" in result.stdout and result.exit_code == 0
    bad = record(tmp_path / "d.rvs", "", "--players", "A B C D", "--date", "20 Nov")
    assert bad.exit_code == 2 and "--date" in bad.stderr and not (tmp_path / "d.rvs").exists()


def test_unknown_holdings_a_later_card_reveals_the_revoke_to_acknowledge(tmp_path):
    target = tmp_path / "rev.rvs"
    # Bruno plays 2H on Claire's club lead in trick 3, then AC in trick 4: a revoke.
    tricks = ["2C 3C 4C 5C", "6C 7C 8C 9C", "QC JC KC 2H", "3H AC 4H 5H", "6H 7H 2S 8H",
              "9H QH KH 3S", "AH 4S JH 2D", "5S 6S 7S 8S", "3D 4D 5D 6D", "7D 8D 9D JD", "9S QS KS AS"]
    result = record(target, HEADER + "dealer: Denis\n" + "\n".join(tricks[:3]) + "\n")
    assert result.exit_code == 0 and "revoke" not in result.output
    result = record(target, tricks[3] + "\n", "--verbose")
    assert result.exit_code == 0
    assert "trick 3: Bruno plays 2♥ on a ♣ lead while holding A♣, which Bruno plays in trick 4" \
        in result.stdout
    result = record(target, "\n".join(tricks[4:]) + "\n")  # quiet: what needs attention still shows
    assert "hand 1 cannot be settled yet" in result.stderr and not result.stdout
    ack = record(target, "irregular revoke Bruno\n", "--verbose")
    assert ack.exit_code == 0, ack.output
    assert "Hand 1 settled" in ack.stdout
    text = target.read_text("utf-8")
    assert "irregular: revoke Bruno\n" in text and text == fmt(target)
    assert runner.invoke(app, ["check", str(target)]).exit_code == 0


def test_a_resumed_file_keeps_its_line_ends_before_the_hand_in_progress(tmp_path):
    target = tmp_path / "crlf.rvs"
    head = "\ufeff# typed on another machine\r\nplayers: Anne Bruno Claire Denis\r\n\r\n"
    target.write_bytes((head + "hand 1\r\ndealer: Bruno\r\ntricks:\r\n  Claire: 2C JC 7C 5C\r\n").encode())
    result = record(target, "6H 8H KH 4H\n")
    assert result.exit_code == 0, result.output
    text = target.read_bytes().decode("utf-8")
    assert text.startswith(head) and text.endswith("  Denis:  6H 8H KH 4H\n")
    assert runner.invoke(app, ["check", str(target)]).output.count("unfinished: 2 of 11") == 1


def test_undo_takes_back_a_card_then_a_written_trick(tmp_path):
    target = tmp_path / "u.rvs"
    result = record(target, HEADER + "dealer: Bruno\n2C JC 7C 5C\n6H\nundo\nundo\n", "--verbose")
    assert result.exit_code == 0
    assert "took back 6H" in result.stdout and "took back: Claire: 2C JC 7C 5C" in result.stdout
    assert "Claire:" not in target.read_text("utf-8") and "dealer: Bruno\n" in target.read_text("utf-8")
    again = record(target, "2C JC 7C 5C\n")
    assert again.exit_code == 0 and "  Claire: 2C JC 7C 5C\n" in target.read_text("utf-8")
    back = record(target, "undo\nundo\nundo\n")
    assert back.exit_code == 1 and back.stderr.count("nothing to undo") == 1
    assert target.read_text("utf-8") == "session: Test\nplayers: Anne Bruno Claire Denis\nstake: 100\n"


def test_void_claims_waived_and_table_lines(tmp_path):
    target = tmp_path / "v.rvs"
    entries = HEADER + "dealer: Bruno\nvoid\ndealer: Claire\nClaire: 2C JC 7C 5C\n"
    result = record(target, entries)
    assert result.exit_code == 1  # Denis leads after Claire deals: the trick is refused
    assert "Denis leads this trick" in result.stderr
    text = target.read_text("utf-8")
    assert "hand 1\ndealer: Bruno\nvoid: misdeal\n" in text and "hand 2\ndealer: Claire" in text
    example = (DATA / "notation-example.rvs").read_text("utf-8")
    table = example.split("table:")[1]
    lines = ["players: Anne Bruno Claire Denis", "dealer: Bruno", *TRICKS, "claims waived", "table",
             *[line.split("#")[0].strip() for line in table.strip().splitlines()]]
    result = record(tmp_path / "t.rvs", "\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    written = (tmp_path / "t.rvs").read_text("utf-8")
    assert "claims: waived\ntable:\n  Anne   -> pool 5\n" in written
    assert runner.invoke(app, ["audit", str(tmp_path / "t.rvs")]).exit_code in (0, 3)


def test_header_from_options_and_a_header_given_twice(tmp_path):
    target = tmp_path / "o.rvs"
    result = record(target, "dealer: Anne\n", "--session", "Jeudi", "--date", "2026-11-19",
                    "--players", "Anne Bruno Claire Denis", "--rules", "denexa", "--stake", "50")
    assert result.exit_code == 0, result.output
    assert target.read_text("utf-8").startswith(
        "session: Jeudi\ndate: 2026-11-19\nplayers: Anne Bruno Claire Denis\nrules: denexa\nstake: 50\n\n"
        "hand 1\ndealer: Anne\n")
    again = record(target, "", "--stake", "10")
    assert again.exit_code == 2 and "has its header already" in again.stderr


def test_a_house_rules_file_given_on_the_command_line_is_named_from_the_record(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "maison.toml").write_bytes((SAMPLES / "maison.toml").read_bytes())
    (tmp_path / "club").mkdir()
    monkeypatch.chdir(tmp_path)
    # A record names a file outside its folder only under --rules-dir (a record comes from anyone).
    assert record("club/x.rvs", "", "--players", "A B C D", "--rules", "rules/maison.toml").exit_code == 2
    result = runner.invoke(app, ["--rules-dir", "rules", "record", "club/x.rvs", "--players", "A B C D",
                                 "--rules", "rules/maison.toml"], input="")
    assert result.exit_code == 0, result.output
    assert "rules: ../rules/maison.toml\n" in (tmp_path / "club" / "x.rvs").read_text("utf-8")
    assert runner.invoke(app, ["--rules-dir", "rules", "check", "club/x.rvs"]).exit_code == 0
    assert runner.invoke(app, ["check", "club/x.rvs"]).exit_code == 1


def test_stopping_after_any_trick_and_going_on_gives_the_same_record(tmp_path):
    source = DATA / "notation-example.rvs"
    lines = source.read_text("utf-8").splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("tricks:"))
    cuts = [i + 1 for i in range(first + 1, first + 12)]  # after each trick line
    assert len(cuts) == 11
    for cut in cuts:
        target = tmp_path / f"cut{cut}.rvs"
        assert record(target, "".join(lines[:cut])).exit_code == 0
        assert record(target, "".join(lines[cut:])).exit_code == 0
        assert target.read_text("utf-8") == fmt(source), cut


@pytest.mark.parametrize("entries, reason", [
    ("players: Anne Bruno Anne Denis\n", "Anne"),
    ("players: Anne Bruno AS Denis\n", "card"),
    ("players: A B C D\nrules: nosuchpreset\n", "nosuchpreset"),
    ("players: A B C D\ndealer: Zoé\n", "'Zoé' is not a player"),
])
def test_bad_header_and_dealer_entries_are_refused(tmp_path, entries, reason):
    result = record(tmp_path / "h.rvs", entries)
    assert result.exit_code == 1 and reason in result.stderr


def test_a_file_with_errors_is_refused_with_the_errors_shown(tmp_path):
    target = tmp_path / "bad.rvs"
    target.write_bytes((SAMPLES / "bad" / "card-played-twice.rvs").read_bytes())
    before = target.read_bytes()
    result = record(target, "undo\n")
    assert result.exit_code == 1 and "played twice" in result.stderr
    assert "fix them" in result.stderr and target.read_bytes() == before


def test_a_second_writer_is_turned_away(tmp_path):
    from reversis_score.record.store import Store
    target = tmp_path / "busy.rvs"
    holder = Store(target)
    try:
        result = record(target, "players: A B C D\n")
        assert result.exit_code == 2 and "another process" in result.stderr
    finally:
        holder.close()


def test_nothing_entered_leaves_no_file_and_a_header_line_is_kept_at_once(tmp_path):
    assert record(tmp_path / "empty.rvs", "\n").exit_code == 0
    assert not (tmp_path / "empty.rvs").exists()
    assert record(tmp_path / "some.rvs", "session: only a name\n").exit_code == 0
    assert (tmp_path / "some.rvs").read_text("utf-8") == "session: only a name\n"
    going_on = record(tmp_path / "some.rvs", "date: 2026-11-20\n", "--verbose")
    assert "resuming: the header is written as far as it goes; next comes the date." in going_on.stderr
    assert (tmp_path / "some.rvs").read_text("utf-8") == "session: only a name\ndate: 2026-11-20\n"


def test_record_needs_a_real_file(tmp_path):
    assert record("-", "").exit_code == 2
    assert record(tmp_path, "").exit_code == 2
    missing = record(tmp_path / "no" / "such.rvs", "")
    assert missing.exit_code == 2 and "cannot be written" in missing.stderr


def test_a_file_rewritten_behind_its_back_stops_the_recording(tmp_path):
    from reversis_score.record.session import Recorder
    from reversis_score.record.store import Replaced, Store
    target = tmp_path / "x.rvs"
    recorder, store = Recorder(str(target), tmp_path, interactive=False), Store(target)
    recorder.enter("players: A B C D")
    store.sync(recorder.document())
    target.write_text("players: A B C D\n# edited\n", "utf-8")  # same inode, another size
    recorder.enter("dealer: B")
    with pytest.raises(Replaced):
        store.sync(recorder.document())
    store.close()
    assert target.read_text("utf-8") == "players: A B C D\n# edited\n"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # shrinking a session is slow
@given(strategies.rvs_texts())
def test_feeding_any_legal_record_reproduces_it(tmp_path, text):
    source, target = tmp_path / "source.rvs", tmp_path / "target.rvs"
    source.write_text(text, "utf-8", newline="")
    target.unlink(missing_ok=True)
    result = record(target, text)
    assert result.exit_code == 0, result.output
    assert fmt(target) == target.read_text("utf-8") == fmt(source)
    assert ledger(target)["hands"] == ledger(source)["hands"]


def converse(folder, commands: list[str], entry) -> list[str]:
    """A terminal session run again, as the terminal shows it: for each ``record`` command,
    its prompts, the entries ``entry(line number, prompt)`` gives (``^C`` stands for Ctrl-C),
    and what record says."""
    import datetime as dt
    import io

    from reversis_score.record import show
    from reversis_score.record.resume import where
    from reversis_score.record.terminal import fit, open_record
    out: list[str] = []
    for command in commands:
        name = command.split()[-1]
        err = io.StringIO()
        opened = open_record(folder / name, [], True, err)
        assert not isinstance(opened, int), err.getvalue()
        recorder, store = opened
        recorder.today = dt.date(2026, 11, 20)
        out += [command] + err.getvalue().splitlines() + [show.BANNER.format(file=name)]
        while True:
            prompt = show.prompt(recorder)
            typed = entry(len(out), prompt)
            out.append((prompt + typed).rstrip())
            if typed == "^C":
                store.close()
                out += show.INTERRUPTED.format(file=name).splitlines()
                break
            reply = recorder.enter(typed)
            store.sync(recorder.document())
            for said in reply.said + ["refused: " + r for r in reply.refused]:
                out += fit(said, True).splitlines()
            if reply.quit:
                store.close()
                out.append(f"{name}: {where(recorder)}.")
                break
    return out


def typed_in(transcript: list[str]):
    """The entries of a transcript: what follows each prompt."""
    def entry(index: int, prompt: str) -> str:
        line = transcript[index] if index < len(transcript) else ""
        assert line.startswith(prompt.rstrip()), f"line {index + 1}: {line!r} is not at {prompt!r}"
        return line[len(prompt):]
    return entry


def readme_transcript(page: str = "README.md") -> list[str]:
    from conftest import ROOT
    text = (ROOT / page).read_text("utf-8")
    block = text.split("<!-- record transcript -->\n```text\n", 1)[1].split("```", 1)[0]
    return block.rstrip("\n").split("\n")


@pytest.mark.parametrize("page", ["README.md", "docs/commands.md"])
def test_the_readme_transcript_is_a_real_run(tmp_path, monkeypatch, page):
    from pathlib import Path
    monkeypatch.chdir(tmp_path)
    transcript = readme_transcript(page)
    commands = [line for line in transcript if line.startswith("$ reversis-score record ")]
    assert converse(Path("."), commands, typed_in(transcript)) == transcript
    written = (tmp_path / "club.rvs").read_text("utf-8")
    assert written == fmt(tmp_path / "club.rvs")
    checked = runner.invoke(app, ["check", str(tmp_path / "club.rvs")])
    if transcript[-2].startswith("trick "):  # stopped mid-hand: the one error is that the hand is unfinished
        assert checked.exit_code == 1 and checked.output.count("error:") == 1
        assert "is unfinished" in checked.output
    else:
        assert checked.exit_code == 0


def test_a_valid_record_piped_in_prints_only_a_closing_summary(tmp_path):
    target = tmp_path / "quiet.rvs"
    result = record(target, (DATA / "notation-example.rvs").read_text("utf-8"))
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == (f"{target}: 41 lines entered; hand 1 is finished; next comes the dealer of "
                             "hand 2.\n")
    loud = record(tmp_path / "loud.rvs", (DATA / "notation-example.rvs").read_text("utf-8"), "--verbose")
    assert "trick 1: Denis wins it with J♣" in loud.stdout and "Hand 1 settled" in loud.stdout


def test_one_wrong_card_piped_in_gives_one_refusal_and_says_what_was_skipped(tmp_path):
    text = (DATA / "notation-example.rvs").read_text("utf-8").replace("9D 8D 3D KD", "9D 8D 3D KS")
    target = tmp_path / "w.rvs"
    result = record(target, text)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"<stdin>:23: refused ({target} unchanged by it): hand 1, trick 3: Anne plays K♠ but did not hold it "
        "after the exchange: it was dealt to Bruno",
        f"{target}: 21 lines entered; line 23 refused, so the 19 lines after it were skipped (fix it, and "
        "pipe the input again from there); hand 1 is at trick 3 (2 of 11 recorded)."]


def test_entries_from_a_file_or_from_dash(tmp_path):
    source = DATA / "notation-example.rvs"
    assert runner.invoke(app, ["record", str(tmp_path / "a.rvs"), str(source)]).exit_code == 0
    dashed = runner.invoke(app, ["record", str(tmp_path / "b.rvs"), "-"], input=source.read_text("utf-8"))
    assert dashed.exit_code == 0
    assert (tmp_path / "a.rvs").read_text("utf-8") == (tmp_path / "b.rvs").read_text("utf-8") == fmt(source)
    helped = " ".join(runner.invoke(app, ["record", "--help"]).output.split())
    assert "- reads standard input" in helped


def test_a_finished_hand_resumes_at_the_next_dealer_and_undo_into_it_asks_first(tmp_path):
    import io

    from reversis_score.record import show
    from reversis_score.record.terminal import open_record
    target = tmp_path / "f.rvs"
    target.write_bytes((DATA / "notation-example.rvs").read_bytes())  # it ends with `table:` lines
    err = io.StringIO()
    opened = open_record(target, [], True, err)
    assert not isinstance(opened, int)
    recorder, store = opened
    assert err.getvalue() == f"{target}: resuming: hand 1 is finished; next comes the dealer of hand 2.\n"
    assert show.prompt(recorder) == "hand 2, dealer (Enter: Claire): "
    asked = recorder.enter("undo")
    assert asked.said == ["this takes back `Denis -> Anne 5 # tables group payments their own way: audit "
                          "compares nets` from hand 1, which is finished: `undo` again (or yes) to do it"]
    assert show.prompt(recorder).startswith("take back `Denis -> Anne 5")
    assert recorder.enter("").said == ["nothing taken back"]
    assert show.prompt(recorder) == "hand 2, dealer (Enter: Claire): "
    recorder.enter("undo")
    assert recorder.enter("y").said[0].startswith("took back: Denis -> Anne 5")
    store.sync(recorder.document())
    store.close()
    assert "Denis -> Anne 5" not in target.read_text("utf-8")


def test_record_modules_import_only_downward():
    """entries, draft, header, words < play < session < show, resume, store, complete < terminal."""
    import ast

    from conftest import ROOT
    order = ["entries", "draft", "header", "words", "play", "session", "show", "resume", "store",
             "complete", "terminal"]
    for name in order:
        tree = ast.parse((ROOT / "reversis_score" / "record" / f"{name}.py").read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reversis_score.record"):
                used = (node.module or "").split(".")[2:] or [a.name for a in node.names]
                for module in used:
                    assert order.index(module) < order.index(name), f"{name} imports {module}"


def test_no_message_of_record_gives_a_player_a_gender():
    import ast
    import re

    from conftest import ROOT
    pronoun = re.compile(r"\b(he|him|his|she|her|hers|himself|herself)\b", re.IGNORECASE)
    code = ROOT / "reversis_score"
    for path in [*(code / "record").glob("*.py"), code / "cli" / "record.py"]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not pronoun.search(node.value), f"{path.name}: {node.value!r}"
