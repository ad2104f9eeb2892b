"""Which rules a record is settled under: a preset, a house-rules TOML file, `rule` lines.

``rules:`` in the header names a preset or a TOML file (relative to the record); each
``rule KNOB: VALUE`` line overrides one knob; ``--rules`` on the command line overrides the
header's ``rules:``. Every mistake is a Diagnostic naming its file and line, with the
nearest valid name suggested.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.records import Header, Span
from reversis_score.rules.knobs import (
    DEFAULT_PRESET,
    KNOB_NAMES,
    PRESETS,
    Knobs,
    changed_knobs,
    parse_knob_value,
    with_values,
)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules in force: the preset they start from, every knob, and the changed ones."""

    preset: str
    knobs: Knobs
    source: str  # the preset name or the TOML file as named

    @property
    def changed(self) -> dict[str, object]:
        return changed_knobs(self.knobs, self.preset)


def suggest(name: str, choices) -> str:
    """``; did you mean 'double_tricks'?`` when a close name exists, else ''."""
    from reversis_score.notation.suggest import did_you_mean
    return did_you_mean(name, choices)


def resolve(header: Header, record_dir: Path | None, override: str | None = None,
            record_file: str = "-") -> tuple[RuleSet, list[Diagnostic]]:
    """The RuleSet of a record, and every problem found in naming it."""
    diags: list[Diagnostic] = []
    ref = override if override is not None else header.rules
    span = None if override is not None else header.rules_span
    if ref is None:
        ruleset = RuleSet(DEFAULT_PRESET, PRESETS[DEFAULT_PRESET], DEFAULT_PRESET)
    else:
        # A header's file is relative to the record; the command line's to the current folder.
        ruleset = _load_reference(ref, span, record_dir if override is None else None, diags)
    knobs = ruleset.knobs
    for line in header.rule_lines:
        if line.knob not in KNOB_NAMES:
            diags.append(Diagnostic(f"unknown knob '{line.knob}'{suggest(line.knob, KNOB_NAMES)}",
                                    line.span))
            continue
        try:
            knobs = with_values(knobs, {line.knob: parse_knob_value(line.knob, line.value)})
        except ValueError as exc:
            diags.append(Diagnostic(str(exc), line.value_span))
    return RuleSet(ruleset.preset, knobs, ruleset.source), diags


def _load_reference(ref: str, span: Span | None, record_dir: Path | None,
                    diags: list[Diagnostic]) -> RuleSet:
    if ref in PRESETS:
        return RuleSet(ref, PRESETS[ref], ref)
    if ref.endswith(".toml") or "/" in ref:
        path = Path(ref) if record_dir is None or Path(ref).is_absolute() else record_dir / ref
        ruleset, errors = load_toml(path, ref, span)
        diags.extend(errors)
        return ruleset
    diags.append(Diagnostic(f"unknown preset '{ref}'{suggest(ref, PRESETS)} "
                            f"(presets: {', '.join(PRESETS)}; or a house-rules .toml file)", span))
    return RuleSet(DEFAULT_PRESET, PRESETS[DEFAULT_PRESET], DEFAULT_PRESET)


def load_toml(path: Path, name: str, span: Span | None = None) -> tuple[RuleSet, list[Diagnostic]]:
    """A house-rules file: ``base = "regles-fr"`` plus any knobs by name.

    ``span`` is where a record names the file: a file that cannot be read is reported there.
    """
    fallback = RuleSet(DEFAULT_PRESET, PRESETS[DEFAULT_PRESET], name)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        message = f"cannot read house rules '{name}' (looked for {path}): {reason}"
        return fallback, [Diagnostic(message, span) if span else Diagnostic(message, None, file=name)]
    import tomllib  # here: only a house-rules file needs it (start-up)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = int(m.group(1)) if (m := re.search(r"line (\d+)", str(exc))) else 0
        return fallback, [_toml_diag(name, text, None, f"not valid TOML: {exc}", line)]
    diags: list[Diagnostic] = []
    base = data.pop("base", DEFAULT_PRESET)
    if base not in PRESETS:
        diags.append(_toml_diag(name, text, "base",
                                f"unknown preset '{base}'{suggest(str(base), PRESETS)}"))
        base = DEFAULT_PRESET
    knobs = PRESETS[base]
    for key, value in data.items():
        if key not in KNOB_NAMES:
            diags.append(_toml_diag(name, text, key, f"unknown knob '{key}'{suggest(key, KNOB_NAMES)}"))
            continue
        try:
            knobs = with_values(knobs, {key: parse_knob_value(key, value)})
        except ValueError as exc:
            diags.append(_toml_diag(name, text, key, str(exc)))
    return RuleSet(base, knobs, name), diags


def _toml_diag(file: str, text: str, key: str | None, message: str, line: int = 0) -> Diagnostic:
    """A diagnostic that names the TOML file and the line (and column) of ``key``."""
    lines = text.splitlines()
    column, width = 1, 1
    if key is not None:
        for number, content in enumerate(lines, 1):
            stripped = content.lstrip()
            if stripped.startswith(key) and stripped[len(key):].lstrip().startswith("="):
                line, column, width = number, len(content) - len(stripped) + 1, len(key)
                break
    if not line:
        return Diagnostic(message, None, file=file)
    return Diagnostic(message, Span(line, column, width), file=file, source_line=lines[line - 1])
