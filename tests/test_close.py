"""A season, not a pile of nights: the pools at the close, nights paid at the table, money, and
identities that cannot collide — in SQLite and in PostgreSQL.

The two nights are the notation page's one hand, played twice by one club (a week apart). Its
items, worked by hand (tests/data/notation-example.rvs; parlett):

- night 1, no pool standing: each antes 5 (pool:1 = 20), Bruno deals and adds 5 (25); Claire's
  forced Ace pays Bruno 1; Claire's remise is 25 and doubles pool:1 (50); Denis's forced Ace
  pays Claire 1; Claire's placed Ace costs her 2 to Bruno; the party, Claire to Anne 12; Bruno's
  led Ace pays Anne 2; Quinola led to Anne: Claire 20, Bruno 5, Denis 5. Nets Anne +39,
  Bruno −14, Claire −64, Denis −11; pool:1 (50) left; from players +44 −4 −34 −6.
- night 2 under ``carry`` (``carried: 50``): the pool stands, so nobody antes; Bruno adds 5 (55);
  Claire's remise is 55 and, the pool not formed from this night's antes, forms pool:2 (55);
  the rest as on night 1. Nets Anne +44 (no ante), Bruno −9, Claire −89, Denis −6; pools
  [55, 55] go on; from players as on night 1.
- ``share``: at each close pool:1 (50) is shared, 12 to each, 2 stay: nets +51 −2 −52 +1.
- ``stay``: night 2 is night 1 again, and 50 stays on the table each night.
"""
import json

import pytest
from conftest import DATA, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.render import engine

runner = CliRunner()
HAND = (DATA / "notation-example.rvs").read_text("utf-8").split("\nhand", 1)[1]
PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
BETWEEN = {"Anne": 44, "Bruno": -4, "Claire": -34, "Denis": -6}
# close → (night 1 nets, its pools left, night 2 nets, its pools left)
WORKED = {
    "carry": ((39, -14, -64, -11), [50], (44, -9, -89, -6), [55, 55]),
    "share": ((51, -2, -52, 1), [2], (51, -2, -52, 1), [2]),
    "stay": ((39, -14, -64, -11), [50], (39, -14, -64, -11), [50]),
}


def run(*args):
    return runner.invoke(app, [*map(str, args)])


def night(folder, name, date, close, extra=""):
    """A record of the one hand, dated, under ``pools_at_close: close``."""
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.rvs"
    path.write_text(f"session: {name}\ndate: {date}\nplayers: Anne Bruno Claire Denis\n"
                    f"rule pools_at_close: {close}\n{extra}\nhand{HAND}", "utf-8")
    return path


def season(folder, close, paid=""):
    carried = "carried: 50\n" if close == "carry" else ""
    return [night(folder, "n1", "2026-12-01", close, paid),
            night(folder, "n2", "2026-12-08", close, carried)]


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "season.db")
    return request.getfixturevalue("pg_url")


def stored(target):
    reader = engine.open_database(target)
    try:
        sessions = reader.rows("SELECT id, club, name, pools_carried, pools_left, pools_close FROM sessions "
                               "ORDER BY date")
        nets = {sid: tuple(n for _p, n in reader.rows("SELECT player, net FROM players WHERE session_id = ? "
                                                     "ORDER BY seat", (sid,)))
                for sid, *_ in sessions}
        return [(s[1], s[2], json.loads(s[3]), json.loads(s[4]), s[5], nets[s[0]]) for s in sessions]
    finally:
        reader.close()


@pytest.mark.parametrize("close", ["carry", "share", "stay"])
def test_a_two_night_season_under_each_close_matches_the_hand_worked_figures(tmp_path, target, close):
    one, left1, two, left2 = WORKED[close]
    said = run("export", *season(tmp_path / "club", close), "--to", target)
    assert said.exit_code == 0, said.output
    carried = [50] if close == "carry" else []
    assert stored(target) == [("club", "n1", [], left1, close, one),
                              ("club", "n2", carried, left2, close, two)]
    doc = json.loads(run("season", target, "--format", "json").stdout)
    assert {r["player"]: r["total"] for r in doc["players"]} == {
        p: a + b for p, a, b in zip(PLAYERS, one, two, strict=True)}
    assert {r["player"]: r["from_players"] for r in doc["players"]} == {p: 2 * n for p, n in BETWEEN.items()}
    text = run("season", target).stdout
    if close == "carry":
        assert "n2 (2026-12-08): pools carried to the club's next night: 55 55" in text


def test_settle_says_where_the_pools_went(tmp_path):
    n1, n2 = season(tmp_path / "club", "carry")
    assert "pools carried to the club's next night: 50" in run("settle", n1).stdout
    out = run("settle", n2).stdout
    assert "pools carried from the last night: 50" in out and "next night: 55 55" in out
    shared = season(tmp_path / "other", "share")[0]
    assert "pools shared equally among the night's players at the close (the last hand's pool-split " \
        "items); what did not divide stays on the table: 2" in run("settle", shared).stdout
    items = json.loads(run("settle", shared, "--format", "json").stdout)["hands"][-1]["items"]
    split = [i for i in items if i["kind"] == "pool-split"]
    assert [(i["payee"], i["amount"]) for i in split] == [(p, 12) for p in PLAYERS]
    assert "is shared equally, 12 to each player, 2 left on the table" in split[0]["why"]


def test_with_night_1_paid_the_season_settle_up_is_night_2s_alone(tmp_path, target):
    n1, n2 = season(tmp_path / "club", "stay", paid="paid: yes\n")
    assert run("export", n1, n2, "--to", target).exit_code == 0
    doc = json.loads(run("season", target, "--format", "json").stdout)
    alone = json.loads(run("settle", n2, "--format", "json").stdout)["settle_up"]
    assert doc["settle_up"] == alone
    assert {r["player"]: r["total"] for r in doc["players"]}["Anne"] == 78  # the standings count it
    assert "left out, paid at the table: n1 (2026-12-01)" in run("season", target).stdout
    assert doc["left_out"] == [{"club": "club", "name": "n1", "date": "2026-12-01"}]


def test_a_sum_paid_at_the_table_is_taken_off_what_is_still_owed(tmp_path):
    n1 = night(tmp_path / "club", "n1", "2026-12-01", "stay", "paid: Claire -> Anne 34\n")
    lines = [line.strip() for line in run("settle", n1).stdout.splitlines()]
    assert "paid at the table: Claire pays Anne 34" in lines and "Claire pays Anne 34" not in lines
    assert "Denis pays Anne 6" in lines


def test_money_beside_the_fish(tmp_path):
    n1 = night(tmp_path / "club", "n1", "2026-12-01", "stay", "jeton: 0.50 EUR\n")
    out = run("settle", n1).stdout
    assert "Claire pays Anne 34 (€3.40)" in out and "1 jeton = €0.50, 1 fish = €0.10" in out
    french = run("--lang", "fr", "settle", n1).stdout
    assert "3,40\u00a0€" in french
    db = tmp_path / "m.db"
    assert run("export", n1, "--to", db).exit_code == 0
    reader = engine.open_database(str(db))
    try:
        assert reader.rows("SELECT player, currency, net_money FROM player_money ORDER BY player")[0] == (
            "Anne", "EUR", pytest.approx(3.9))
    finally:
        reader.close()


def test_two_records_of_one_name_in_two_clubs_are_two_sessions(tmp_path, target):
    a = night(tmp_path / "a", "s0", "2026-12-01", "stay")
    b = night(tmp_path / "b", "s0", "2026-12-02", "stay")
    b.write_text(b.read_text("utf-8").replace("Denis", "Zoé"), "utf-8")
    said = run("export", a, b, "--to", target)
    assert said.exit_code == 0 and said.stdout.count("added to") == 2, said.output
    assert [(s[0], s[1]) for s in stored(target)] == [("a", "s0"), ("b", "s0")]
    a.write_text(a.read_text("utf-8").replace("session: s0", "session: s0, corrected"), "utf-8")
    again = run("export", a, "--to", target)
    assert again.exit_code == 0 and "replaced in" in again.stdout and "title changed" in again.stdout
    assert len(stored(target)) == 2


def test_another_night_of_the_same_name_is_replaced_only_when_told(tmp_path):
    db = tmp_path / "s.db"
    first = night(tmp_path / "a", "s0", "2026-12-01", "stay")
    assert run("export", first, "--to", db).exit_code == 0
    other = night(tmp_path / "a2", "s0", "2026-12-09", "stay")
    other.write_text(other.read_text("utf-8").replace("Denis", "Zoé").replace("stay", "share"), "utf-8")
    said = run("export", other, "--club", "a", "--to", db)  # the same club and name, but not a terminal
    assert said.exit_code == 1 and "already holds another night" in said.stderr and "--replace" in said.stderr
    told = run("export", other, "--club", "a", "--to", db, "--replace")
    assert told.exit_code == 0 and "replaced in" in told.stdout
    assert [(s[0], s[1], s[5]) for s in stored(str(db))] == [("a", "s0", (51, -2, -52, 1))]


def test_the_header_lines_in_french(tmp_path):
    """A French record spells them club, réglé, jeton, fiche, reporté."""
    salon = (SAMPLES / "fr" / "regles-fr-salon.rvs").read_text("utf-8")
    path = tmp_path / "salon" / "jeudi.rvs"
    path.parent.mkdir()
    path.write_text(salon.replace("fiches: 300\n", "fiches: 300\nclub: Salon Geoffrin\nréglé: oui\n"
                                  "jeton: 0,50 EUR\nreporté: 40\n"), "utf-8")
    checked = run("check", path)
    assert checked.exit_code == 0, checked.output
    out = run("--lang", "fr", "settle", path).stdout
    assert "0,50\u00a0€" in out
    doc = json.loads(run("settle", path, "--format", "json").stdout)
    assert doc["hands"][0]["pools_before"] == [40]
    db = tmp_path / "s.db"
    assert run("export", path, "--to", db).exit_code == 0
    assert stored(str(db))[0][:3] == ("Salon Geoffrin", "jeudi", [40])


def test_a_night_marked_paid_from_its_session_page(tmp_path):
    """A token-protected POST writes 'paid: yes' into the record; the season leaves it out."""
    from starlette.testclient import TestClient

    from reversis_score.serve.app import create_app
    folder = tmp_path / "club"
    n1, n2 = season(folder, "stay")
    c = TestClient(create_app(folder), base_url="http://127.0.0.1:8000", follow_redirects=False)
    before = n1.read_bytes()
    assert c.post("/session/n1/paid", data={"paid": "yes", "csrf": "forged"}).status_code == 403
    assert n1.read_bytes() == before
    csrf = c.app.state.ctx.csrf
    done = c.post("/session/n1/paid", data={"paid": "yes", "csrf": csrf})
    assert done.status_code == 303 and "paid: yes\n" in n1.read_text("utf-8")
    page = c.get("/session/n1").text
    assert "nobody owes anybody anything for this night" in page and "Not paid at the table after all" in page
    season_page = c.get("/").text
    assert "left out, paid at the table: n1" in season_page
    assert c.post("/session/n1/paid", data={"paid": "no", "csrf": csrf}).status_code == 303
    assert n1.read_bytes() == before
    assert c.post("/session/n1/paid", data={"paid": "yes", "csrf": csrf}).status_code == 303
    read_only = TestClient(create_app(folder, read_only=True), base_url="http://127.0.0.1:8000")
    assert read_only.post("/session/n1/paid", data={"paid": "no", "csrf": csrf}).status_code in (404, 405)


def test_the_season_follows_the_pools_from_night_to_night(tmp_path):
    """A night that does not start with what the club's last night carried is said so."""
    n1, n2 = season(tmp_path / "club", "carry")
    n2.write_text(n2.read_text("utf-8").replace("carried: 50", "carried: 40"), "utf-8")
    db = tmp_path / "s.db"
    assert run("export", n1, n2, "--to", db).exit_code == 0
    said = run("season", db).stdout
    assert "n2 (2026-12-08) starts with the pools 40, but n1 (2026-12-01) carried 50 to it" in said
    doc = json.loads(run("settle", n2, "--format", "json").stdout)
    assert doc["session"]["carried"] == [40] and "club" not in doc["session"]


def test_the_json_ledger_says_the_night_s_lines(tmp_path):
    n1 = night(tmp_path / "club", "n1", "2026-12-01", "stay",
               "club: Lyon\njeton: 0.50 EUR\npaid: Claire -> Anne 34\n")
    doc = json.loads(run("settle", n1, "--format", "json").stdout)
    assert doc["session"]["club"] == "Lyon" and doc["session"]["paid"] == [
        {"payer": "Claire", "payee": "Anne", "amount": 34}]
    assert doc["session"]["rate"] == {"unit": "jeton", "amount": "0.50", "currency": "EUR"}
    ledger = tmp_path / "n1.json"
    ledger.write_text(json.dumps(doc), "utf-8")
    assert run("verify", ledger).exit_code == 0


@pytest.mark.parametrize("reply, kept", [("y", "Zoé"), ("n", "Denis")])
def test_at_a_terminal_another_night_is_replaced_only_when_the_user_says_yes(tmp_path, reply, kept):
    """A real pseudo-terminal: the export asks, and does what the answer says."""
    import os
    import sys

    import pexpect
    db = tmp_path / "s.db"
    first = night(tmp_path / "a", "s0", "2026-12-01", "stay")
    assert run("export", first, "--to", db).exit_code == 0
    other = night(tmp_path / "a2", "s0", "2026-12-09", "share")
    other.write_text(other.read_text("utf-8").replace("Denis", "Zoé"), "utf-8")
    child = pexpect.spawn(sys.executable, ["-c", "from reversis_score.cli import main; main()", "export",
                                           str(other), "--club", "a", "--to", str(db)],
                          env=dict(os.environ, TERM="dumb"), encoding="utf-8", timeout=30)
    child.expect(r"already holds another night .*\?")
    child.sendline(reply)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == (0 if reply == "y" else 1)
    players = stored(str(db))[0]
    reader = engine.open_database(str(db))
    try:
        assert kept in {r[0] for r in reader.rows("SELECT player FROM players")}
    finally:
        reader.close()
    assert players[:2] == ("a", "s0")


def test_format_and_record_keep_the_night_s_lines(tmp_path):
    """Nothing written is lost: format writes the lines back, in the record's language, and
    record takes a header holding them up where it stops."""
    from reversis_score.record.resume import resume
    english = ("session: t\nplayers: Anne Bruno Claire Denis\nclub: Lyon\ncarried: 5\njeton: 0.50 EUR\n"
               "paid: yes\npaid: Anne -> Bruno 3\n")
    path = tmp_path / "n.rvs"
    path.write_text(english, "utf-8")
    assert run("format", path).stdout == english
    french = tmp_path / "fr.rvs"
    french.write_text("langue: fr\nséance: t\njoueurs: Anne Bruno Claire Denis\nclub: Lyon\nreporté: 5\n"
                      "fiche: 0,10 EUR\nréglé: oui\n", "utf-8")
    assert run("format", french).stdout.endswith("club: Lyon\nreporté: 5\nfiche: 0.10 EUR\nréglé: oui\n")
    recorder, problems = resume(english, str(path), tmp_path, False, english)
    assert problems == [] and recorder is not None and recorder.header_text() == english


def test_the_rate_of_the_house_rules_and_a_wrong_one(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "maison.toml").write_text('base = "parlett"\nfish = "0.10 CHF"\n', "utf-8")
    n1 = night(folder, "n1", "2026-12-01", "stay", "rules: maison.toml\n")
    assert "Claire pays Anne 34 (CHF3.40)" in run("settle", n1).stdout  # Babel's English format
    bad = night(folder, "n2", "2026-12-02", "stay", "jeton: cinquante\n")
    said = run("check", bad)
    assert said.exit_code == 1
    assert "'cinquante' is not a rate: write an amount and a currency code" in said.output
