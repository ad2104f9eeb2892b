"""Which rules a record is settled under: a preset, a house-rules TOML file, `rule` lines.

``rules:`` in the header names a preset or a TOML file beside the record (or under a folder
given by ``--rules-dir``: a record comes from anyone, and names nothing else); each
``rule KNOB: VALUE`` line overrides one knob; ``--rules`` on the command line overrides the
header's ``rules:``. Every mistake is a Diagnostic naming its file and line, with the
nearest valid name suggested.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from reversis_score.i18n import _, fill
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.lexicon import read_rate
from reversis_score.notation.records import Header, Rate, Span
from reversis_score.reading import RULES_DIRS_ENV, ReadProblem, read_limited
from reversis_score.rules.knobs import (
    DEFAULT_PRESET,
    KNOB_NAMES,
    PRESETS,
    Knobs,
    changed_knobs,
    parse_knob_value,
    preset_named,
    with_values,
)
from reversis_score.scrub import shortened


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules in force: the preset they start from, every knob, and the changed ones."""

    preset: str
    knobs: Knobs
    source: str  # the preset name or the TOML file as named
    rate: Rate | None = None  # the house's ``jeton = "0.50 EUR"`` (or ``fish``): the fish's worth

    @property
    def changed(self) -> dict[str, object]:
        return changed_knobs(self.knobs, self.preset)


MAX_SUGGESTIONS = 20  # unknown names given a "did you mean": 300,000 of them would take minutes


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
    unknown = 0
    values: dict[str, object] = {}  # set in order, the last line of a knob standing
    read: dict[tuple[str, str], object] = {}  # a line repeated 50,000 times is read once
    for line in header.rule_lines:
        if line.knob not in KNOB_NAMES:
            unknown += 1
            close = suggest(line.knob, KNOB_NAMES) if unknown <= MAX_SUGGESTIONS else ""
            said = fill(_("unknown knob '{knob}'{hint}"), knob=shortened(line.knob), hint=close)
            diags.append(Diagnostic(said, line.span))
            continue
        value = read.get((line.knob, line.value), read)
        if value is read:
            try:
                value = parse_knob_value(line.knob, line.value)
            except ValueError as exc:
                value = exc
            read[(line.knob, line.value)] = value
        if isinstance(value, ValueError):
            diags.append(Diagnostic(str(value), line.value_span))
        else:
            values[line.knob] = value
    knobs = with_values(ruleset.knobs, values) if values else ruleset.knobs
    return RuleSet(ruleset.preset, knobs, ruleset.source, ruleset.rate), diags


def _load_reference(ref: str, span: Span | None, record_dir: Path | None,
                    diags: list[Diagnostic]) -> RuleSet:
    ref = preset_named(ref)
    if ref in PRESETS:
        return RuleSet(ref, PRESETS[ref], ref)
    if record_dir is None:  # the command line's --rules: the user's own choice of file
        if ref.endswith(".toml") or "/" in ref:
            ruleset, errors = load_toml(Path(ref), ref, span)
            diags.extend(errors)
            return ruleset
    else:  # a record's header: a record comes from anyone, so it names only what it may
        path, refused = _house_rules_path(ref, record_dir)
        if path is not None:
            ruleset, errors = load_toml(path, ref, span)
            diags.extend(errors)
            return ruleset
        if refused:
            diags.append(Diagnostic(refused, span))
            return RuleSet(DEFAULT_PRESET, PRESETS[DEFAULT_PRESET], DEFAULT_PRESET)
    said = _("unknown preset '{preset}'{hint} (presets: {presets}; or a house-rules .toml file)")
    diags.append(Diagnostic(fill(said, preset=shortened(ref), hint=suggest(ref, PRESETS),
                                 presets=", ".join(PRESETS)), span))
    return RuleSet(DEFAULT_PRESET, PRESETS[DEFAULT_PRESET], DEFAULT_PRESET)


def rules_dirs() -> list[Path]:
    """The folders (--rules-dir) whose .toml files a record's header may name, besides its own."""
    value = os.environ.get(RULES_DIRS_ENV, "")
    return [Path(p) for p in value.split(os.pathsep) if p]


def _house_rules_path(ref: str, record_dir: Path) -> tuple[Path | None, str | None]:
    """Where a header's ``rules: FILE.toml`` is read from, or why it is refused (None, None:
    not a file name at all). Only a .toml file beside the record, or under a --rules-dir
    folder, once every link is followed: a record cannot make the program read anything else,
    and the refusal shows nothing of what it named."""
    if not (ref.endswith(".toml") or "/" in ref or "\\" in ref):
        return None, None
    said = _("'rules: {name}' is not read: a record's header names a preset or a .toml file beside the "
             "record or under --rules-dir") if rules_dirs() else \
        _("'rules: {name}' is not read: a record's header names a preset or a .toml file beside the record "
          "(--rules-dir DIR allows the files under DIR)")
    refused = fill(said, name=shortened(ref))
    if not ref.endswith(".toml") or "\0" in ref:
        return None, refused
    path = Path(ref) if Path(ref).is_absolute() else record_dir / ref
    try:
        real = path.resolve()
        beside = real.parent == record_dir.resolve()
        under = any(real.is_relative_to(folder.resolve()) for folder in rules_dirs())
    except (OSError, RuntimeError, ValueError):  # a loop of links, a name the system refuses
        return None, refused
    return (path, None) if beside or under else (None, refused)


def load_toml(path: Path, name: str, span: Span | None = None) -> tuple[RuleSet, list[Diagnostic]]:
    """A house-rules file: ``base = "regles-fr"`` plus any knobs by name.

    ``span`` is where a record names the file: a file that cannot be read is reported there.
    Only a regular file within the rules' size limit is read (reading.py).
    """
    fallback = RuleSet(DEFAULT_PRESET, PRESETS[DEFAULT_PRESET], name)
    try:
        text = read_limited(path, "rules", name).decode("utf-8")
    except (ReadProblem, UnicodeDecodeError) as exc:
        reason = str(exc) if isinstance(exc, ReadProblem) else fill(_("{name}: not UTF-8 text"), name=name)
        message = fill(_("cannot read house rules {reason}"), reason=reason)
        return fallback, [Diagnostic(message, span) if span else Diagnostic(message, None, file=name)]
    import tomllib  # here: only a house-rules file needs it (start-up)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = int(m.group(1)) if (m := re.search(r"line (\d{1,9})", str(exc))) else 0
        said = fill(_("not valid TOML: {problem}"), problem=exc)
        return fallback, [_toml_diag(name, text.splitlines(), None, said, line)]
    except RecursionError:  # arrays or tables nested some 900 deep
        return fallback, [Diagnostic(_("not TOML that can be read: nested too deeply"), None, file=name)]
    except ValueError:  # tomllib's int() of a number of more than 4,300 digits
        return fallback, [Diagnostic(_("not TOML that can be read: a number has too many digits"),
                                     None, file=name)]
    lines = text.splitlines()
    places = _key_places(lines)
    diags: list[Diagnostic] = []
    base = data.pop("base", DEFAULT_PRESET)
    base = preset_named(base) if isinstance(base, str) else base
    if not isinstance(base, str) or base not in PRESETS:
        said = (fill(_("unknown preset '{preset}'{hint}"), preset=shortened(base),
                     hint=suggest(base, PRESETS)) if isinstance(base, str) else
                fill(_("'base' names a preset ({presets}), not {value}"), presets=", ".join(PRESETS),
                     value=_echo(base)))
        diags.append(_toml_diag(name, lines, "base", said, places=places))
        base = DEFAULT_PRESET
    knobs = PRESETS[base]
    unknown = 0
    rate = None
    for key, value in data.items():
        if key in ("jeton", "fish"):
            try:
                rate = Rate(*read_rate(key, str(value)))
            except ValueError as exc:
                diags.append(_toml_diag(name, lines, key, str(exc), places=places))
            continue
        if key not in KNOB_NAMES:
            unknown += 1  # a near name is looked for only for the first few (difflib is slow)
            close = suggest(key, KNOB_NAMES) if unknown <= MAX_SUGGESTIONS else ""
            said = fill(_("unknown knob '{knob}'{hint}"), knob=shortened(key), hint=close)
            diags.append(_toml_diag(name, lines, key, said, places=places))
            continue
        try:
            knobs = with_values(knobs, {key: parse_knob_value(key, value)})
        except ValueError as exc:
            diags.append(_toml_diag(name, lines, key, str(exc), places=places))
    return RuleSet(base, knobs, name, rate), diags


def _echo(value: object) -> str:
    """A TOML value that is not text, as an error message names it: a table or a list by its
    kind, any other value as TOML writes it (``3``, ``true``, ``1979-05-27``), never by
    Python's name for its type."""
    kinds: dict[type, str] = {dict: _("a table"), list: _("a list")}
    if type(value) in kinds:
        return kinds[type(value)]
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "isoformat"):
        return value.isoformat()  # type: ignore[attr-defined]  # a TOML date or time
    return shortened(str(value))


def _key_places(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Where each top-level ``key =`` stands: (line, column), the first time; read once, so
    that 300,000 unknown keys are placed in one pass, not one pass each."""
    places: dict[str, tuple[int, int]] = {}
    for number, content in enumerate(lines, 1):
        stripped = content.lstrip()
        key, equals, _ = stripped.partition("=")
        key = key.strip().strip('"').strip("'")
        if equals and key and key not in places:
            places[key] = (number, len(content) - len(stripped) + 1)
    return places


def _toml_diag(file: str, lines: list[str], key: str | None, message: str, line: int = 0,
               places: dict[str, tuple[int, int]] | None = None) -> Diagnostic:
    """A diagnostic that names the TOML file and the line (and column) of ``key``."""
    column, width = 1, 1
    if key is not None:
        found = (places if places is not None else _key_places(lines)).get(key)
        if found is not None:
            (line, column), width = found, len(key)
    if not line or line > len(lines):
        return Diagnostic(message, None, file=file)
    return Diagnostic(message, Span(line, column, width), file=file, source_line=lines[line - 1])
