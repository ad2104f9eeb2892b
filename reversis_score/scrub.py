"""What may be printed: text without secrets, without terminal controls, and not too long.

Every message the program prints passes through ``scrub_secrets`` (the CLI wraps standard
error with ``ScrubbedStream``; the few messages on standard output call it themselves). It
removes the password of every URL-like string, whatever the scheme (``postgresql://``,
``postgres+psycopg://``, ``anything://``) and however badly the URL is written: the user
part runs to the *last* ``@`` before the next blank, so an unencoded ``@`` or ``/`` in the
password is removed too. A ``password=`` (or ``passwd=``, ``pwd=``, ``secret=``,
``token=``) setting is removed wherever it stands.

``printable`` escapes the C0 and C1 control characters (but tab and newline) that a hostile
record could carry in a title or a name: OSC 52 writes the clipboard, ESC[2J clears the
screen. ``shortened`` cuts an echoed value at 80 characters; ``cut`` a name or a title on a
page at 200.

>>> scrub_secrets("error: postgresql://sec:s3@cr@t@db.example/league?sslmode=require: no such file")
'error: postgresql://sec:***@db.example/league?sslmode=require: no such file'
>>> scrub_secrets("x+y://u:p@h/d?host=/tmp&password=hunter2")
'x+y://u:***@h/d?host=/tmp&password=***'
>>> printable("Club \\x1b]52;c;aGk=\\x07night\\x1b[2J")
'Club \\\\x1b]52;c;aGk=\\\\x07night\\\\x1b[2J'
>>> shortened("9" * 100)
'99999999999999999999999999999999999999999999999999999999999999999999999999999… (100 characters)'
"""
from __future__ import annotations

import re
from typing import TextIO

HIDDEN = "***"
MAX_ECHO = 80  # an echoed value longer than this is cut

# A scheme (RFC 3986: a letter, then letters, digits, '+', '-', '.'), '://', then the rest of
# the token up to the next blank: its user part is everything before the last '@' in it.
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s]*")
# A password given as a setting: in a URL's query, a libpq connection string, a message.
_SETTING = re.compile(r"(?i)\b(password|passwd|pwd|secret|token|sslpassword)(\s*=\s*)([^\s&;,'\"]+)")
# C0 controls but tab and newline, DEL, and the C1 controls.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


_KNOWN: set[str] = set()  # the passwords of the URLs this run was given (remember_secrets)
MIN_PIECE = 3  # a piece of a password shorter than this is too common to hunt for


def remember_secrets(words: list[str]) -> None:
    """Note the passwords of the URL-like command-line words, every spelling and every piece
    between '@', ':' and '/': a driver that takes ``s3@cr3t@host`` apart may quote
    ``cr3t@host`` without any URL around it."""
    from urllib.parse import unquote
    for word in words:
        for match in _URL.finditer(word):
            found = _password(match.group())
            found += [m.group(3) for m in _SETTING.finditer(match.group())]
            for secret in found:
                for spelling in {secret, unquote(secret)}:
                    _KNOWN.add(spelling)
                    _KNOWN.update(p for p in re.split(r"[@:/]", spelling) if len(p) >= MIN_PIECE)
    _KNOWN.discard("")


def scrub_secrets(text: str) -> str:
    """``text`` with the password of every URL-like string, every ``password=`` setting and
    every password this run was given (remember_secrets) replaced by ``***``; nothing else
    changes."""
    if "://" in text:
        text = _URL.sub(_without_password, text)
    if "=" in text:
        text = _SETTING.sub(lambda m: m.group(1) + m.group(2) + HIDDEN, text)
    for secret in sorted(_KNOWN, key=len, reverse=True):
        if secret in text:
            text = text.replace(secret, HIDDEN)
    return text


def _password(url: str) -> list[str]:
    """The password of a URL-like string: between the first ':' and the last '@' of its
    user part (none when it has no user part or no ':' in it)."""
    rest = url.partition("://")[2]
    user, colon, password = rest[:max(rest.rfind("@"), 0)].partition(":")
    return [password] if colon and password else []


def _without_password(match: re.Match[str]) -> str:
    url = match.group()
    scheme, _, rest = url.partition("://")
    at = rest.rfind("@")
    if at < 0:
        return url
    user, colon, _ = rest[:at].partition(":")
    return f"{scheme}://{user}{':' + HIDDEN if colon else ''}{rest[at:]}"


def printable(text: str) -> str:
    """``text`` with each control character (but tab and newline) written as ``\\xNN``."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


LONGEST = 200  # characters of a name or a title a page shows (a title's most; a name's is 40)


def cut(value: object, most: int = LONGEST) -> str:
    """``value`` as text, at most ``most`` characters: a longer one ends with "…". A page is
    sized by what it shows, never by what a file says (a title of 10 MiB is one line).

    >>> cut("Anne"), cut("x" * 300)[-3:], len(cut("x" * 300))
    ('Anne', 'xx…', 200)
    """
    text = str(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def shortened(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut at ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit - 3]}… ({len(text):,} characters)"


def safe(text: str) -> str:
    """A message as it may be printed: no secret, no control character."""
    return printable(scrub_secrets(text))


class ScrubbedStream:
    """A text stream (standard error) whose every line is made ``safe`` before it is written.

    A line is held until its newline or a flush, so that a URL written in two pieces is still
    seen whole. Everything else (``isatty``, ``fileno``, ``encoding``) is the wrapped stream's;
    it has no ``buffer``, so nothing can write around it.
    """

    def __init__(self, stream: TextIO) -> None:
        self.wrapped = stream
        self.pending = ""

    def write(self, text: str) -> int:
        if not isinstance(text, str):  # click asks whether the stream takes bytes
            raise TypeError("a text stream")
        self.pending += text
        end = self.pending.rfind("\n")
        if end >= 0:
            lines, self.pending = self.pending[:end + 1], self.pending[end + 1:]
            self.wrapped.write(safe(lines))
        return len(text)

    def flush(self) -> None:
        if self.pending:
            text, self.pending = self.pending, ""
            self.wrapped.write(safe(text))
        self.wrapped.flush()

    def __getattr__(self, name: str):
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self.wrapped, name)


def unwrapped(stream: TextIO) -> TextIO:
    """The stream a ScrubbedStream wraps (for the progress bar, whose cursor moves are control
    sequences: it scrubs the lines it prints itself)."""
    return stream.wrapped if isinstance(stream, ScrubbedStream) else stream
