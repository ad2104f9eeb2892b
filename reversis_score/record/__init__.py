"""``reversis-score record``: score at the table as the cards fall.

Each module imports only those before it: ``entries`` reads one entry (a command, a `.rvs`
line or a bare answer); ``draft`` holds the hand being recorded as `.rvs` lines and checks it
with the real parser and replay; ``header``, ``play`` and ``session`` are the state a loop
drives (the header, the hands, the hand in progress), with ``words`` for what they say;
``show`` makes the prompts and the toolbar; ``resume`` takes up an existing file; ``store``
writes each new state of the file whole (temporary file, fsync, rename) under a lock;
``terminal`` (with ``complete``) is the loop.
"""
