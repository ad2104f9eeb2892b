"""What ``reversis-score rules`` shows: presets, every knob with its source, differences.

Also the presets table of docs/rules.md, generated here from presets.py so that it cannot
drift (tests/test_docs.py regenerates it and compares). The views are Blocks (blocks.py);
render/tables.py writes them: rules/ never imports a renderer.
"""
from __future__ import annotations

from pathlib import Path

from reversis_score.blocks import Block
from reversis_score.i18n import _, fill, is_french, ngettext, number
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.rules.houserules import RuleSet, load_toml, suggest
from reversis_score.rules.knobs import KNOB_NAMES, PRESETS, knob_doc, knob_said, knob_text, preset_named
from reversis_score.rules.presets import ALL, BY_NAME, READINGS, citation, quoted
from reversis_score.scrub import shortened


class RulesProblem(Exception):
    """An unknown preset or an unreadable house-rules file."""


def load(name: str, knobs: bool = False) -> RuleSet:
    """A preset by name, or a house-rules TOML file (or, to ``rules NAME``, a knob's name:
    ``knobs`` says so, for the suggestion)."""
    name = preset_named(name)
    if name in PRESETS:
        return RuleSet(name, PRESETS[name], name)
    if name.endswith(".toml") or Path(name).exists():
        ruleset, errors = load_toml(Path(name), name)
        if errors:
            raise RulesProblem("; ".join(_text(d) for d in errors))
        return ruleset
    said = _("unknown preset or knob '{name}'{hint} (presets: {presets})") if knobs else \
        _("unknown preset '{name}'{hint} (presets: {presets})")
    names = [*PRESETS, *KNOB_NAMES] if knobs else list(PRESETS)
    raise RulesProblem(fill(said, name=shortened(name), hint=suggest(name, names),
                            presets=", ".join(PRESETS)))


def _text(diag: Diagnostic) -> str:
    return diag.message


def preset_blocks() -> list[Block]:
    rows = [[p.name, _(p.source), _(p.sketch)] for p in ALL]
    return [Block(_("Presets (reversis-score rules NAME shows every knob)"),
                  [_("preset"), _("source"), _("character")], rows)]


def where_from(ruleset: RuleSet, knob: str) -> str:
    if knob in ruleset.changed:
        return _("changed by {source}").format(source=ruleset.source)
    return _cited(ruleset.preset, knob)


def _cited(preset: str, knob: str) -> str:
    """The sentence a preset takes a knob from; in French quoted in its source's typography
    (the English output keeps it bare, as ever)."""
    if is_french() and knob in BY_NAME[preset].knobs:
        return quoted(preset, citation(preset, knob), translated=True)
    return citation(preset, knob)


# The knobs that are amounts of fish (docs/rules.md §11): French shows them in fiches, with the
# jetons beside them where the source counts in jetons (1 jeton = 5 fiches in both French texts).
AMOUNTS = frozenset({"pool_ante", "dealer_ante", "pool_refill_below", "ace_dumped", "ace_forced",
                     "quinola_dumped", "quinola_forced", "quinola_forced_others", "party_unit",
                     "reversis_side", "reversis_opposite", "reversis_broken", "fine_revoke",
                     "fine_out_of_turn", "fine_redeal", "fine_void_misdeal", "pairwise_stake"})
FICHES_PER_JETON = 5


def value_text(preset: str, knob: str, value: object) -> str:
    """A knob's value for people: as written in a record (``5``, ``yes``); in French an amount
    says its unit, « 5 fiches (1 jeton) » where the source's sentence counts in jetons."""
    text = knob_said(value)
    if not is_french() or knob not in AMOUNTS or not isinstance(value, int):
        return text
    fiches = ngettext("{n} fiche", "{n} fiches", value).format(n=number(value))
    sentence = BY_NAME[preset].knobs.get(knob, (None, ""))[1].lower()
    if ("jeton" in sentence or "jetton" in sentence) and value % FICHES_PER_JETON == 0 and value:
        jetons = value // FICHES_PER_JETON
        return fiches + " (" + ngettext("{n} jeton", "{n} jetons", jetons).format(n=number(jetons)) + ")"
    return fiches


def knob_blocks(name: str) -> list[Block]:
    """Every knob of a preset or a house-rules file; or, given a knob's name, that knob under
    every preset."""
    if name in KNOB_NAMES and name not in PRESETS:
        return one_knob_blocks(name)
    ruleset = load(name, knobs=True)
    rows = [[knob, value_text(ruleset.preset, knob, getattr(ruleset.knobs, knob)), knob_doc(knob),
             where_from(ruleset, knob)]
            for knob in KNOB_NAMES]
    title = _("{name}: every knob").format(name=name)
    if ruleset.source != ruleset.preset:
        title += _(" (base {preset})").format(preset=ruleset.preset)
    head = [Block(title, [], [[_(BY_NAME[ruleset.preset].source)]])]
    return head + [Block("", [_("knob"), _("value"), _("what it decides"), _("where it comes from")], rows)]


def one_knob_blocks(knob: str) -> list[Block]:
    """One knob under each of the five presets, with the sentence each takes it from."""
    rows = [[p.name, value_text(p.name, knob, getattr(PRESETS[p.name], knob)), _cited(p.name, knob)]
            for p in ALL]
    return [Block(_("{knob}: under every preset").format(knob=knob), [], [[knob_doc(knob)]]),
            Block("", [_("preset"), _("value"), _("where it comes from")], rows)]


def diff_blocks(a: str, b: str) -> list[Block]:
    left, right = load(a), load(b)
    rows = [[knob, value_text(left.preset, knob, getattr(left.knobs, knob)),
             value_text(right.preset, knob, getattr(right.knobs, knob)), knob_doc(knob)]
            for knob in KNOB_NAMES if getattr(left.knobs, knob) != getattr(right.knobs, knob)]
    if not rows:
        return [Block(_("{a} and {b} agree on every knob").format(a=a, b=b), [], [])]
    return [Block(_("Where {a} and {b} differ").format(a=a, b=b), [_("knob"), a, b, _("what it decides")],
                  rows)]


def presets_markdown() -> str:
    """docs/rules.md's presets side by side: every knob's value in each, then the sources' words."""
    names = [p.name for p in ALL]
    lines = ["| knob | " + " | ".join(names) + " | what it decides |",
             "|---|" + "---|" * len(names) + "---|"]
    for knob in KNOB_NAMES:
        values = [knob_text(getattr(PRESETS[name], knob)) for name in names]
        lines.append(f"| `{knob}` | " + " | ".join(values) + f" | {_cell(knob_doc(knob, english=True))} |")
    lines += ["", "Where each value comes from, in the words of its source. A preset that is not "
                  "listed under a knob takes the parlett value there, its source being silent.", ""]
    for knob in KNOB_NAMES:
        lines.append(f"- `{knob}`")
        for preset in ALL:
            if knob in preset.knobs:
                value, sentence = preset.knobs[knob]
                quote = _cell(quoted(preset.name, sentence))  # in the source's own typography
                lines.append(f"  - {preset.name} ({knob_text(value)}): {quote}")
        for preset in ALL:
            if knob in READINGS.get(preset.name, {}):
                value, reading = READINGS[preset.name][knob]
                lines.append(f"  - {preset.name} ({knob_text(value)}): {_cell(reading)}")
        if knob not in PRESETS_SPEAKING:
            lines.append("  - no source gives it a value: the engine's default, as in the table")
    lines += ["", "Where each text is silent, its preset takes the parlett value of these knobs:", ""]
    for preset in ALL:
        silent = [f"`{knob}`" for knob in KNOB_NAMES
                  if knob not in preset.knobs and knob not in READINGS.get(preset.name, {})]
        lines.append(f"- {preset.name}: {', '.join(silent) or 'none'}")
    return "\n".join(lines) + "\n"


PRESETS_SPEAKING = {knob for preset in ALL for knob in preset.knobs}


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|")
