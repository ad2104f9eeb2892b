"""Shell completion: what Tab offers for presets, knobs, record files and player names.

Typer calls these functions while the user types (``reversis-score --install-completion``
installs the hook once). Each reads only what it needs — a record's header for its players,
never its hands, and nothing is settled — and none of them raises or prints: a file that
cannot be read offers nothing, and the shell falls back to its own file names.

>>> compare_list("parlett,den")
['parlett,denexa']
>>> [name for name, _ in rules_names("double_")]
['double_tricks']
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from reversis_score.i18n import N_, _

# The rules (presets and knobs) are imported by the functions that offer them, when Tab is
# pressed: every run imports this module, and start-up stays light.

_HAND_LINE = re.compile(r"^[ \t]*hand(?![\w'\-])")
HEADER_LIMIT = 200  # lines: a header is a handful of lines; a file without 'hand' is not read whole
HEADER_BYTES = 64 * 1024  # and bytes: one endless line is not read whole either
# The needs of bash: Typer's bash hook inserts each value as typed, so a name with a space
# must come escaped the way bash's own file-name completion escapes it.
_BASH_SPECIAL = re.compile(r"""([\s'"\\$`!&;|<>()*?\[\]#~{}])""")


def presets(incomplete: str) -> list[tuple[str, str]]:
    """The five presets, each with its source as the help a shell may show."""
    from reversis_score.rules.presets import ALL
    return [(p.name, p.source) for p in ALL if p.name.startswith(incomplete)]


def preset_or_house_rules(incomplete: str) -> list[tuple[str, str]]:
    """``--rules``: a preset, or a house-rules ``.toml`` file."""
    return presets(incomplete) + [(f, _("house rules")) for f in _files(incomplete, (".toml",))]


def rules_names(incomplete: str) -> list[tuple[str, str]]:
    """``rules [NAME]``: a preset, a knob (that knob under every preset), or a ``.toml`` file."""
    from reversis_score.rules.knobs import KNOB_NAMES, knob_doc
    knobs = [(k, knob_doc(k)) for k in KNOB_NAMES if k.startswith(incomplete)]
    return presets(incomplete) + knobs + [(f, _("house rules")) for f in _files(incomplete, (".toml",))]


def compare_list(incomplete: str) -> list[str]:
    """``--compare A,B,...``: the presets not yet in the list, after the names already typed."""
    from reversis_score.rules.presets import ALL
    done, _sep, last = incomplete.rpartition(",")
    taken = set(done.split(","))
    prefix = f"{done}," if done else ""
    return [prefix + p.name for p in ALL if p.name.startswith(last) and p.name not in taken]


def record_files(incomplete: str) -> list[str]:
    """FILE: the ``.rvs`` records and the folders that start with what is typed."""
    return _files(incomplete, (".rvs",))


def ledger_files(incomplete: str) -> list[str]:
    """LEDGER: the JSON ledgers ``verify`` reads."""
    return _files(incomplete, (".json",))


def database_files(incomplete: str) -> list[str]:
    """DB: the SQLite files a season is read from."""
    return _files(incomplete, (".db", ".sqlite", ".sqlite3"))


def player_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """``why FILE A B``: the players of FILE's header (for B, all but A)."""
    file = ctx.params.get("file")
    if not isinstance(file, str) or file == "-":
        return []
    given = ctx.params.get("a")
    names = [n for n in header_players(Path(file)) if n != given and n.startswith(incomplete)]
    return [_for_shell(n) for n in names]


def header_players(path: Path) -> tuple[str, ...]:
    """The players a record's header names; () when it cannot be read. Only the header is
    read (up to the first ``hand`` line) and parsed: completion must be instant."""
    from reversis_score.notation.parse import normalise, parse_header
    try:
        start = _regular_start(path)
        if start is None:
            return ()
        lines = list(_header_lines(start.splitlines(keepends=True)))
        header, _problems = parse_header(normalise("".join(lines)))
    except Exception:  # completion must never break the user's shell, whatever the file holds
        return ()
    return header.player_names


def _regular_start(path: Path) -> str | None:
    """The first HEADER_BYTES of a regular file, as text; None for anything else (a FIFO
    would wait for a writer, a device never ends): completion opens nothing else."""
    import stat
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    with os.fdopen(fd, "rb") as handle:
        return handle.read(HEADER_BYTES).decode("utf-8", errors="replace")


def _header_lines(handle) -> Iterator[str]:
    for count, line in enumerate(handle):
        if count >= HEADER_LIMIT or _HAND_LINE.match(line):
            return
        yield line


def any_files(incomplete: str) -> list[str]:
    """A file to write (``--to``, ``--output``): any file or folder."""
    return _files(incomplete, ("",))


def _files(incomplete: str, suffixes: tuple[str, ...]) -> list[str]:
    """Files with one of ``suffixes`` and folders under what is typed. Bash's hook (below)
    goes on into a folder offered alone; the other shells' hooks fall back on every file when
    offered nothing, so for them only folders matching is nothing (they then complete the
    path themselves, without a space after the '/')."""
    folder, slash, start = incomplete.rpartition("/")
    base = Path(folder or "/") if slash else Path(".")
    try:
        entries = sorted(base.iterdir())
    except OSError:
        return []
    prefix = folder + slash
    files, folders = [], []
    for entry in entries:
        if not entry.name.startswith(start) or (entry.name.startswith(".") and not start):
            continue
        if entry.is_dir():
            folders.append(f"{prefix}{entry.name}/")
        elif entry.name.endswith(suffixes):
            files.append(f"{prefix}{entry.name}")
    return files + folders if files or _shell() == "bash" else []


def _shell() -> str:
    """The shell asking (``complete_bash`` → ``bash``), or '' outside completion."""
    return os.environ.get("_REVERSIS_SCORE_COMPLETE", "").rpartition("_")[2]


def _for_shell(value: str) -> str:
    """A value as the shell must receive it: escaped for bash, as it is for the others."""
    if _shell() == "bash":
        return _BASH_SPECIAL.sub(r"\\\1", value)
    return value


# ------------------------------------------------------------------ the bash hook
# Typer's bash hook is `complete -o default`: when nothing fits, bash offers every file and
# folder (for --rules, a player, a record). Ours offers only what the command returns, and
# goes on into a folder offered alone (no space after its '/').
BASH_HOOK = """
%(complete_func)s() {
    local IFS=$'\\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   %(autocomplete_var)s=complete_bash $1 ) )
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then
        compopt -o nospace 2>/dev/null
    fi
    return 0
}

complete -F %(complete_func)s %(prog_name)s
"""


def use_our_bash_hook() -> None:
    """Make --show-completion and --install-completion write BASH_HOOK for bash."""
    from typer import _completion_classes, _completion_shared
    _completion_shared._completion_scripts["bash"] = BASH_HOOK
    _completion_classes.BashComplete.source_template = BASH_HOOK


# ------------------------------------------------------------------ the parameters that complete
# Declared once, used by every command that takes them, so each completes the same way.
RecordFile = Annotated[str, typer.Argument(
    metavar="FILE", show_default=False, autocompletion=record_files,
    help=N_("A record file (.rvs); '-' reads standard input."))]
RecordFiles = Annotated[list[str], typer.Argument(
    metavar="FILE", show_default=False, autocompletion=record_files,
    help=N_("Record files (.rvs); '-' reads standard input."))]
Player = Annotated[str, typer.Argument(metavar="A", autocompletion=player_names, help=N_("One player."))]
OtherPlayer = Annotated[str, typer.Argument(metavar="B", autocompletion=player_names,
                                            help=N_("The other player."))]
