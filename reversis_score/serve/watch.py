"""The folder's changes, learnt from the file system rather than by statting every record.

``Watch(folder)`` runs ``watchfiles`` (inotify on Linux, the platform's own notifications
elsewhere) in a daemon thread. Each batch of changes to a ``.rvs`` record (or a ``.toml``
house-rules file a record may name) raises ``generation`` by one and calls ``on_change``
(``ServeContext`` re-makes the season page then, in the background). A poll of the season's
stamp is then one integer read, the same for 7 records as for 2,000.

Without watchfiles, or when the folder cannot be watched, ``alive`` stays False and the
pages fall back to statting the records on each poll (correct, only slower).
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

LOG = logging.getLogger("reversis_score.serve")
WATCHED = (".rvs", ".toml")
DEBOUNCE_MS = 50  # a tap's write (a temporary file renamed into place) is one batch


def _interesting(_change: object, path: str) -> bool:
    name = Path(path).name
    return name.endswith(WATCHED) and not name.startswith(".")


class Watch:
    """A thread learning of the folder's changes (see the module docstring)."""

    def __init__(self, folder: Path, on_change: Callable[[], None] | None = None) -> None:
        self.folder = folder
        self.on_change = on_change
        self.generation = 0
        self.alive = False
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, wait: float = 5.0) -> bool:
        """Start watching; True once the watch is in place (within ``wait`` seconds)."""
        self._thread = threading.Thread(target=self._run, name="serve-watch", daemon=True)
        self._thread.start()
        self._ready.wait(wait)
        return self.alive

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        try:
            from watchfiles import watch
        except ImportError:
            self._ready.set()
            return
        try:
            changes = watch(self.folder, watch_filter=_interesting, debounce=DEBOUNCE_MS, step=10,
                            stop_event=self._stop, rust_timeout=500, yield_on_timeout=True,
                            raise_interrupt=False, recursive=False, ignore_permission_denied=True)
            for batch in changes:
                if not self.alive:  # the first answer (a timeout, or changes): the watch is set
                    self.alive = True
                    self._ready.set()
                if batch:
                    self.generation += 1
                    if self.on_change is not None:
                        self.on_change()
        except Exception:  # noqa: BLE001  (the pages fall back to statting: say why in the log)
            LOG.exception("serve: the folder cannot be watched; polling the records instead")
        finally:
            self.alive = False
            self._ready.set()
