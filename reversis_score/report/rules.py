"""What ``reversis-score rules`` shows: presets, every knob with its source, differences.

Also the presets table of docs/rules.md, generated here from presets.py so that it cannot
drift (tests/test_docs.py regenerates it and compares). The views are Blocks (blocks.py);
render/tables.py writes them: rules/ never imports a renderer.
"""
from __future__ import annotations

from pathlib import Path

from reversis_score.blocks import Block
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.rules.houserules import RuleSet, load_toml, suggest
from reversis_score.rules.knobs import KNOB_NAMES, PRESETS, knob_doc, knob_text
from reversis_score.rules.presets import ALL, BY_NAME, citation
from reversis_score.scrub import shortened


class RulesProblem(Exception):
    """An unknown preset or an unreadable house-rules file."""


def load(name: str, knobs: bool = False) -> RuleSet:
    """A preset by name, or a house-rules TOML file (or, to ``rules NAME``, a knob's name:
    ``knobs`` says so, for the suggestion)."""
    if name in PRESETS:
        return RuleSet(name, PRESETS[name], name)
    if name.endswith(".toml") or Path(name).exists():
        ruleset, errors = load_toml(Path(name), name)
        if errors:
            raise RulesProblem("; ".join(_text(d) for d in errors))
        return ruleset
    what, names = ("preset or knob", [*PRESETS, *KNOB_NAMES]) if knobs else ("preset", list(PRESETS))
    raise RulesProblem(f"unknown {what} '{shortened(name)}'{suggest(name, names)} "
                       f"(presets: {', '.join(PRESETS)})")


def _text(diag: Diagnostic) -> str:
    return diag.message


def preset_blocks() -> list[Block]:
    rows = [[p.name, p.source, p.sketch] for p in ALL]
    return [Block("Presets (reversis-score rules NAME shows every knob)",
                  ["preset", "source", "character"], rows)]


def where_from(ruleset: RuleSet, knob: str) -> str:
    if knob in ruleset.changed:
        return f"changed by {ruleset.source}"
    return citation(ruleset.preset, knob)


def knob_blocks(name: str) -> list[Block]:
    """Every knob of a preset or a house-rules file; or, given a knob's name, that knob under
    every preset."""
    if name in KNOB_NAMES and name not in PRESETS:
        return one_knob_blocks(name)
    ruleset = load(name, knobs=True)
    rows = [[knob, knob_text(getattr(ruleset.knobs, knob)), knob_doc(knob), where_from(ruleset, knob)]
            for knob in KNOB_NAMES]
    title = f"{name}: every knob" + (f" (base {ruleset.preset})" if ruleset.source != ruleset.preset else "")
    head = [Block(title, [], [[BY_NAME[ruleset.preset].source]])]
    return head + [Block("", ["knob", "value", "what it decides", "where it comes from"], rows)]


def one_knob_blocks(knob: str) -> list[Block]:
    """One knob under each of the five presets, with the sentence each takes it from."""
    rows = [[p.name, knob_text(getattr(PRESETS[p.name], knob)), citation(p.name, knob)] for p in ALL]
    return [Block(f"{knob}: under every preset", [], [[knob_doc(knob)]]),
            Block("", ["preset", "value", "where it comes from"], rows)]


def diff_blocks(a: str, b: str) -> list[Block]:
    left, right = load(a), load(b)
    rows = [[knob, knob_text(getattr(left.knobs, knob)), knob_text(getattr(right.knobs, knob)),
             knob_doc(knob)]
            for knob in KNOB_NAMES if getattr(left.knobs, knob) != getattr(right.knobs, knob)]
    if not rows:
        return [Block(f"{a} and {b} agree on every knob", [], [])]
    return [Block(f"Where {a} and {b} differ", ["knob", a, b, "what it decides"], rows)]


def presets_markdown() -> str:
    """docs/rules.md's presets side by side: every knob's value in each, then the sources' words."""
    names = [p.name for p in ALL]
    lines = ["| knob | " + " | ".join(names) + " | what it decides |",
             "|---|" + "---|" * len(names) + "---|"]
    for knob in KNOB_NAMES:
        values = [knob_text(getattr(PRESETS[name], knob)) for name in names]
        lines.append(f"| `{knob}` | " + " | ".join(values) + f" | {_cell(knob_doc(knob))} |")
    lines += ["", "Where each value comes from, in the words of its source. A preset that is not "
                  "listed under a knob takes the parlett value there, its source being silent.", ""]
    for knob in KNOB_NAMES:
        lines.append(f"- `{knob}`")
        for preset in ALL:
            if knob in preset.knobs:
                value, sentence = preset.knobs[knob]
                lines.append(f"  - {preset.name} ({knob_text(value)}): “{_cell(sentence)}”")
        if knob not in PRESETS_SPEAKING:
            lines.append("  - no source gives it a value: the engine's default, as in the table")
    lines += ["", "Where each text is silent, its preset takes the parlett value of these knobs:", ""]
    for preset in ALL:
        silent = [f"`{knob}`" for knob in KNOB_NAMES if knob not in preset.knobs]
        lines.append(f"- {preset.name}: {', '.join(silent) or 'none'}")
    return "\n".join(lines) + "\n"


PRESETS_SPEAKING = {knob for preset in ALL for knob in preset.knobs}


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|")
