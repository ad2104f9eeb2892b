"""``reversis-score record``: score at the table as the cards fall.

``entries`` reads one entry (a command, a `.rvs` line or a bare answer); ``draft`` holds the
hand being recorded as `.rvs` lines and checks it with the real parser and replay;
``header``, ``play`` and ``session`` are the state a loop drives (the header, the hands, the
hand in progress); ``store`` appends each complete line to the file, fsyncs it, and takes up
an existing file; ``show`` says what happened; ``terminal`` (with ``complete``) is the loop.
"""
