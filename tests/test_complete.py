"""Shell completion: the completion functions themselves, then bash end to end."""
import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

import pytest
from conftest import ROOT, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app, complete
from reversis_score.rules.knobs import KNOB_NAMES

runner = CliRunner()
PRESETS = ["parlett", "denexa", "regles-fr", "manuscrit", "dafydd"]
SALON = SAMPLES / "regles-fr-salon.rvs"


def values(pairs):
    return [v for v, _ in pairs]


# ------------------------------------------------------------------ the functions
def test_presets_for_rules_with_their_sources():
    assert values(complete.presets("")) == PRESETS
    assert complete.presets("d") == [("denexa", complete.presets("denexa")[0][1]),
                                     ("dafydd", complete.presets("dafydd")[0][1])]
    assert all(help_text for _, help_text in complete.presets(""))


def test_rules_option_offers_house_rules_files_too(tmp_path, monkeypatch):
    (tmp_path / "maison.toml").write_text("base = 'parlett'\n")
    (tmp_path / "notes.txt").write_text("")
    monkeypatch.chdir(tmp_path)
    assert values(complete.preset_or_house_rules("")) == PRESETS + ["maison.toml"]
    assert values(complete.preset_or_house_rules("m")) == ["manuscrit", "maison.toml"]


def test_compare_completes_the_last_name_of_the_list():
    assert complete.compare_list("") == PRESETS
    assert complete.compare_list("parlett,") == [f"parlett,{p}" for p in PRESETS if p != "parlett"]
    assert complete.compare_list("parlett,denexa,r") == ["parlett,denexa,regles-fr"]
    assert complete.compare_list("parlett,x") == []


def test_rules_command_offers_presets_and_knobs_and_every_knob_works():
    assert values(complete.rules_names("parl")) == ["parlett"]
    assert values(complete.rules_names("double_")) == ["double_tricks"]
    offered = values(complete.rules_names(""))
    assert offered[:5] == PRESETS and set(KNOB_NAMES) <= set(offered)
    for knob in KNOB_NAMES:  # what is offered is accepted
        result = runner.invoke(app, ["rules", knob])
        assert result.exit_code == 0 and f"{knob}: under every preset" in result.stdout


def test_record_files_are_rvs_files_and_folders(tmp_path, monkeypatch):
    (tmp_path / "night").mkdir()
    (tmp_path / "night" / "one.rvs").write_text("")
    (tmp_path / "club.rvs").write_text("")
    (tmp_path / "club.txt").write_text("")
    (tmp_path / "cellar").mkdir()
    (tmp_path / ".hidden.rvs").write_text("")
    monkeypatch.chdir(tmp_path)
    assert complete.record_files("") == ["club.rvs", "cellar/", "night/"]
    assert complete.record_files("c") == ["club.rvs", "cellar/"]
    assert complete.record_files("night/") == ["night/one.rvs"]
    assert complete.record_files(f"{tmp_path}/cl") == [f"{tmp_path}/club.rvs"]
    # only folders match: nothing, so that the shell completes the path without a space
    assert complete.record_files("n") == []
    assert complete.record_files("nowhere/x") == []
    assert complete.record_files(".h") == [".hidden.rvs"]


def test_databases_for_season_and_ledgers_for_verify(tmp_path, monkeypatch):
    (tmp_path / "season.db").write_text("")
    (tmp_path / "season.rvs").write_text("")
    (tmp_path / "season.json").write_text("")
    monkeypatch.chdir(tmp_path)
    assert complete.database_files("s") == ["season.db"]
    assert complete.ledger_files("s") == ["season.json"]


def test_players_come_from_the_header_only(tmp_path):
    assert complete.header_players(SALON) == ("Élise", "Marie Claire", "Gaspard", "Théo")
    broken = tmp_path / "broken.rvs"  # hands that would not parse are never read
    broken.write_text('players: Anne "Bruno B" Claire Denis\n\nhand\n this is not a hand\n')
    assert complete.header_players(broken) == ("Anne", "Bruno B", "Claire", "Denis")
    garbage = tmp_path / "garbage.rvs"
    garbage.write_bytes(b"\xff\xfe\x00players: \x00\x00")
    assert complete.header_players(garbage) == ()
    assert complete.header_players(tmp_path / "missing.rvs") == ()
    assert complete.header_players(tmp_path) == ()  # a folder
    os.mkfifo(tmp_path / "pipe.rvs")  # opened as a file, it would wait for a writer for ever
    assert complete.header_players(tmp_path / "pipe.rvs") == ()
    assert complete.header_players(type(tmp_path)("/dev/zero")) == ()  # endless


def test_player_names_for_a_and_b(monkeypatch):
    monkeypatch.delenv("_REVERSIS_SCORE_COMPLETE", raising=False)
    ctx = SimpleNamespace(params={"file": str(SALON)})
    assert complete.player_names(ctx, "") == ["Élise", "Marie Claire", "Gaspard", "Théo"]
    ctx = SimpleNamespace(params={"file": str(SALON), "a": "Gaspard"})
    assert complete.player_names(ctx, "") == ["Élise", "Marie Claire", "Théo"]
    assert complete.player_names(SimpleNamespace(params={"file": "-"}), "") == []
    assert complete.player_names(SimpleNamespace(params={}), "") == []
    monkeypatch.setenv("_REVERSIS_SCORE_COMPLETE", "complete_bash")
    assert complete.player_names(SimpleNamespace(params={"file": str(SALON)}), "M") == ["Marie\\ Claire"]


# ------------------------------------------------------------------ bash, end to end
def run_completion(tmp_path, words: list[str], cword: int) -> list[str]:
    """The protocol of Typer's bash hook: COMP_WORDS and COMP_CWORD in the environment."""
    env = dict(os.environ, COMP_WORDS=" ".join(words), COMP_CWORD=str(cword),
               _REVERSIS_SCORE_COMPLETE="complete_bash")
    result = subprocess.run([sys.executable, "-c", "from reversis_score.cli import main; main()"],
                            env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return [line for line in result.stdout.splitlines() if line]


def test_bash_protocol_completes_presets_files_and_players(tmp_path):
    assert run_completion(tmp_path, ["reversis-score", "settle", "x.rvs", "--rules", "de"], 4) == ["denexa"]
    assert run_completion(tmp_path, ["reversis-score", "settle", "x.rvs", "--compare", "parlett,ma"],
                          4) == ["parlett,manuscrit"]
    assert run_completion(tmp_path, ["reversis-score", "why", "samples/club-night.rvs", "Anne", ""],
                          4) == ["Bruno", "Claire", "Denis"]
    assert run_completion(tmp_path, ["reversis-score", "why", "samples/regles-fr-salon.rvs", "Ma"],
                          3) == ["Marie\\ Claire"]
    assert run_completion(tmp_path, ["reversis-score", "settle", "samples/club"], 2) == [
        "samples/club-night.rvs"]
    assert run_completion(tmp_path, ["reversis-score", "rules", "quinola_p"], 2) == [
        "quinola_pool_in_last_tricks"]
    # only what fits: nothing for a preset that is not one or a player who is not one, and a
    # folder alone for bash to go into (its hook adds no space after the '/')
    assert run_completion(tmp_path, ["reversis-score", "check", "x.rvs", "--rules", "zz"], 4) == []
    assert run_completion(tmp_path, ["reversis-score", "why", "samples/club-night.rvs", "Clx"], 3) == []
    assert run_completion(tmp_path, ["reversis-score", "check", "samples/b"], 2) == ["samples/bad/"]
    assert run_completion(tmp_path, ["reversis-score", "check", "samples/bad/emp"], 2) == [
        "samples/bad/empty.rvs"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
def test_the_installed_bash_hook_fills_compreply(tmp_path):
    """What --install-completion puts in ~/.bashrc, sourced in a real bash and run on a line."""
    script = runner.invoke(app, ["--show-completion", "bash"]).stdout
    # no `-o default`: when nothing fits, bash must not offer every file instead
    assert "complete -F _reversis_score_completion reversis-score" in script
    launcher = tmp_path / "reversis-score"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c '
                        '"from reversis_score.cli import main; main()" "$@"\n')
    launcher.chmod(0o755)
    (tmp_path / "hook.bash").write_text(script)
    line = (f'source hook.bash; COMP_WORDS=(reversis-score why {SAMPLES / "club-night.rvs"} Bruno C); '
            'COMP_CWORD=4; _reversis_score_completion reversis-score; printf "%s\\n" "${COMPREPLY[@]}"')
    env = dict(os.environ, PATH=f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", "--norc", "--noprofile", "-c", line],
                            env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.stdout.splitlines() == ["Claire"], result.stderr
    for words, cword, offered in [(f"why {SAMPLES / 'club-night.rvs'} Anne Clx", 4, []),
                                  ("check --rules zz", 3, []), ("check --rules mais", 3, []),
                                  (f"settle {SAMPLES}/b", 2, [f"{SAMPLES}/bad/"])]:
        (tmp_path / "maison.txt").write_text("")
        line = (f'source hook.bash; COMP_WORDS=(reversis-score {words}); COMP_CWORD={cword}; '
                '_reversis_score_completion reversis-score; printf "%s\\n" "${COMPREPLY[@]}"')
        result = subprocess.run(["bash", "--norc", "--noprofile", "-c", line],
                                env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert [v for v in result.stdout.splitlines() if v] == offered, (words, result.stderr)


def test_install_completion_writes_the_hook_once_into_home(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path))
    command = [sys.executable, "-c", "from reversis_score.cli import main; main()",
               "--install-completion", "bash"]
    for _ in range(2):  # a second run does not add a second line
        result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
    hook = tmp_path / ".bash_completions" / "reversis-score.sh"
    assert "_REVERSIS_SCORE_COMPLETE=complete_bash" in hook.read_text()
    assert (tmp_path / ".bashrc").read_text().count(str(hook)) == 1
