"""The quicker paths of issue 44 give what the plain ones gave: fill's %-templates and Phrase
what str.format gives, PoolsText what json.dumps gives, a piece kept in memory what its file
gave, a record read to its size what a read to the limit gave."""
import json
import random
import tempfile
from pathlib import Path

import pytest

from reversis_score.i18n import N_, Phrase, _, fill, speaking
from reversis_score.reading import read_limited, read_stream
from reversis_score.render.document import PoolsText

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.mark.parametrize("message, values", [
    ("{who} pays {whom} 5 (RULES §5)", {"who": "Anne", "whom": "Bruno"}),
    ("100% of {x}, {{braces}} kept", {"x": 3}),
    ("{x}{x} twice, {y} once", {"x": "a", "y": None}),
    ("no field at all", {"unused": 1}),
    ("{x!r} and {y:>4}", {"x": "a", "y": 7}),  # a conversion and a spec: str.format's own way
    ("{only}", {"only": ("a", "tuple")}),
])
def test_fill_gives_what_str_format_gives(message, values):
    assert fill(message, **values) == fill(message, **values) == message.format(**values)


def test_fill_still_says_what_is_wrong_with_a_message():
    with pytest.raises(KeyError):
        fill("{missing}", other=1)
    with pytest.raises(ValueError):
        fill("a lone { brace", x=1)


def test_a_phrase_is_fill_of_its_message_in_each_language():
    phrase = Phrase(N_("{player} led {card}; {winner} wins the party"), "player", "card", "winner")
    values = ("Anne", "A♠", "Bruno")
    assert phrase(*values) == "Anne led A♠; Bruno wins the party"
    with speaking("fr"):
        said = fill(_("{player} led {card}; {winner} wins the party"), player="Anne", card="A♠",
                    winner="Bruno")
        assert phrase(*values) == said != phrase.message.format(player="Anne", card="A♠", winner="Bruno")


def test_pools_text_is_json_dumps_of_each_list():
    rng = random.Random(44)
    text, pools = PoolsText(), []
    for _turn in range(3000):
        move = rng.random()
        if move < 0.3 and pools:
            pools = pools[:-1]  # the latest pool taken
        elif move < 0.6:
            pools = [*pools, rng.randint(1, 10**6)]  # a pool formed
        elif move < 0.9 and pools:
            pools = [*pools[:-1], pools[-1] + rng.randint(1, 99)]  # paid into the latest
        else:
            pools = [rng.randint(-5, 99) for _ in range(rng.randint(0, 9))]  # anything at all
        assert text(tuple(pools)) == json.dumps(pools)
        assert text(pools) == json.dumps(pools)  # a list as well as a tuple


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.rvs"))[:3], ids=lambda p: p.name)
def test_a_piece_kept_in_memory_is_the_piece_its_file_holds(path):
    from reversis_score.pipeline import stream_text
    from reversis_score.report import export
    text = path.read_text("utf-8")
    with tempfile.TemporaryDirectory() as folder:
        pieces = [export.write_session(stream_text(text, path.name, path.parent), "sqlite", "items", "sha",
                                       folder, in_memory=kept).piece for kept in (False, True)]
        assert isinstance(pieces[0][0], str) and isinstance(pieces[1][0], bytes)
        assert Path(pieces[0][0]).read_bytes() == pieces[1][0]
        on_disk, in_memory = (export.session_rows_of(*piece) for piece in pieces)
        assert on_disk._replace(hands=list(on_disk.hands)) == in_memory._replace(hands=list(in_memory.hands))


@pytest.mark.parametrize(("in_worker", "sealed"), [(False, False), (True, False), (True, True)])
def test_a_worker_s_piece_is_kept_in_memory_only_when_its_pool_is_sealed(in_worker, sealed, tmp_path,
                                                                        monkeypatch):
    """A worker stopped in the middle of sending a long answer leaves half a message in the
    pool's pipe, and the parent waited on it for ever (a run stopped by SIGTERM hung) while it
    held the pipe's write end itself: a worker of a pool whose parent gave it up (sealed)
    answers with its piece's bytes, any other with a file's name, short."""
    from reversis_score.cli import batch, exports
    monkeypatch.setattr(batch, "IN_WORKER", in_worker)
    monkeypatch.setattr(batch, "_SEALED", sealed)
    record = SAMPLES / "club-night.rvs"
    report = exports.export_work(str(record), "json", "items", None, str(tmp_path))
    assert report.code == 0, report.errors
    through_a_file = in_worker and not sealed
    assert isinstance(report.piece, str if through_a_file else bytes)
    assert len(list(tmp_path.iterdir())) == (1 if through_a_file else 0)


def test_a_record_is_read_whole_to_its_size_or_past_it(tmp_path):
    record = tmp_path / "night.rvs"
    record.write_bytes(b"players: A B C D\n" * 500)
    assert read_limited(record, "record") == record.read_bytes()
    with record.open("rb") as stream:  # a file that grew since it was measured: read on
        assert read_stream(stream, "record", "night.rvs", size=10) == record.read_bytes()
    proc = Path("/proc/self/status")  # a regular file that says it is empty
    if proc.exists():
        assert read_limited(proc, "record").startswith(b"Name:")
