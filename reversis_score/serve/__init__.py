"""``reversis-score serve``: the records of a folder as web pages (the ``[web]`` extra).

A layer on the same stages as the CLI (parse → replay → settle → ledger → render); only
this package and the CLI answer requests. Importing this package imports nothing heavy:
Starlette is loaded by ``serve.app`` only, Jinja2 by ``serve.templating``.

The modules:

- ``app.py``: ``create_app(folder, *, token=None, read_only=False) -> Starlette``, the routes
  of the pages, and the one place where ``entry`` is mounted.
- ``context.py``: ``ServeContext``, what every route reads (``request.app.state.ctx``): the
  folder, the access token, read-only, the templates, and ``ctx.record_path(name)``, the
  only way from a name in a URL to a file (a name outside FOLDER is a 404).
- ``security.py``: the access-token middleware (cookie ``rvs_token``), the host check, the
  Origin check of every unsafe request, and ``csrf_protected`` for the routes that change
  anything (the CSRF token travels as the form field ``csrf`` or the header ``X-CSRF-Token``).
- ``templating.py``: the Jinja2 environment (autoescaped) shared with the offline ``report``.
- ``pages.py``: the routes of the season, session, hand and why pages, and their stamps
  (what live.js polls); ``views.py`` and ``season.py`` make the pages' data from ledgers
  (no web there); ``library.py`` reads each record again when its file changes, keeping
  its ``digest.py`` (a short row per hand, never the whole ledger: bounded memory);
  ``watch.py`` learns of the folder's changes from the file system (watchfiles).
- ``offline.py``: the session and season pages as files, for ``report``.
- ``run.py``: what the ``serve`` command does: the port (one line when busy), token, URL, QR
  code, the season page made at start-up, uvicorn with ``guard.py``'s limits (deadlines for a
  request's head and body, a cap per client address, room kept for new clients); for a
  database, ``--workers`` processes on one socket.
- ``dbsite.py`` and ``dbpages.py``: ``serve DB``, the same pages over a season database
  (SQLite or PostgreSQL), read-only and stateless: every query of the site and its pool, the
  season's version stamp; the routes, each page kept until the database says it changed.
"""
