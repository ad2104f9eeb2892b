"""``reversis-score record``: score at the table as the cards fall.

``entries`` reads one entry (a command, a `.rvs` line or a bare answer); ``draft`` holds the
hand being recorded as `.rvs` lines and checks it with the real parser and replay; ``session``
is the state a loop drives (header, hands, the hand in progress); ``store`` appends each
complete line to the file and fsyncs it; ``show`` says what happened; ``terminal`` is the loop.
"""
