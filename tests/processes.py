"""Processes seen from /proc (no psutil): a process's children, and whether one still runs.
Used by tests/test_hostile_process.py and bench/stops.py to see that a stopped command leaves
no worker behind."""
from __future__ import annotations

import os
from pathlib import Path


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.add(int(entry))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is still a live process (a zombie waits only for its reaper)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")
