"""Item, a named tuple, against the frozen dataclass it replaces: fields, repr, equality, hash,
pickling (settle/items.py)."""
import dataclasses
import pickle

from reversis_score.settle.items import Item

FIELDS = [("seq", int), ("trick", "int | None"), ("kind", str), ("card", "str | None"), ("payer", str),
          ("payee", str), ("amount", int), ("cancelled_by", "str | None"), ("why", str)]
OldItem = dataclasses.make_dataclass("Item", FIELDS, frozen=True, slots=True)
VALUES = [(3, 5, "ace-dumped", "AD", "Bruno", "Anne", 8, None, "trick 5: Anne places A♦"),
          (1, None, "pool-ante", None, "Anne", "pool:1", 5, "reversis", "Anne antes 5 into pool:1")]


def test_an_item_has_the_dataclass_fields_repr_equality_and_hash():
    for values in VALUES:
        new, old = Item(*values), OldItem(*values)
        assert list(Item._fields) == [f.name for f in dataclasses.fields(OldItem)]
        assert repr(new) == repr(old)
        assert hash(new) == hash(old)
        assert new == Item(*values) and new != Item(*values[:-1], "another why")
        assert Item(**dict(zip(Item._fields, values, strict=True))) == new
        assert new.counts == (new.cancelled_by is None)


def test_an_item_pickles_and_is_immutable():
    item = Item(*VALUES[0])
    assert pickle.loads(pickle.dumps(item)) == item
    try:
        item.amount = 9  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("an Item can be changed")
