"""Bring the French catalogue up to date with the code, then compile it (Babel's tools).

    python tests/catalogue.py            # extract, merge, compile
    python tests/catalogue.py --check    # exit 1 if a message lacks French

Extracts every message (``_``, ``N_``, ``ngettext``) of the modules listed in
``reversis_score.i18n.CATALOGUED`` with Babel's extractor, and of the Jinja2 templates of
``CATALOGUED_TEMPLATES`` with Jinja2's extractor for Babel, merges them into
``reversis_score/locale/fr/LC_MESSAGES/reversis-score.po`` (a translation already there is
kept; a message the code no longer has is dropped) and compiles every ``.po`` of the locale
folder to its ``.mo``. Translate by editing the ``.po`` (msgstr), then run this again.
tests/test_i18n.py checks the same things (every message translated, each ``.mo`` what its
``.po`` says).
"""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reversis_score.i18n import CATALOGUED, CATALOGUED_TEMPLATES, DOMAIN, LOCALE_DIR  # noqa: E402

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "_knob": (2,)}
TEMPLATE_KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}
# As serve/templating.py's environment reads them (Babel's Jinja2 extractor adds the i18n extension).
TEMPLATE_OPTIONS = {"trim_blocks": "True", "lstrip_blocks": "True"}


def templates() -> list[Path]:
    """The templates whose messages are catalogued (i18n.CATALOGUED_TEMPLATES)."""
    package = ROOT / "reversis_score"
    return [p for folder in CATALOGUED_TEMPLATES for p in sorted((package / folder).glob("*.html"))]


def template_messages(path: Path) -> list[tuple[int, str | tuple[str, str]]]:
    """(line, message) of every message of a Jinja2 template ({% trans %}, _(), ngettext())."""
    from jinja2.ext import babel_extract
    return [(line, message) for line, message, _comments, _context in
            extract_from_file(babel_extract, path, keywords=TEMPLATE_KEYWORDS, options=TEMPLATE_OPTIONS)]
PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"


def extracted() -> list[tuple[str | tuple[str, str], str]]:
    """(message id, module) of every message of the package, the catalogued modules first (a
    module not yet catalogued may already send some of its messages through ``_``)."""
    out = []
    rest = sorted(str(p.relative_to(ROOT).with_suffix("")).replace("/", ".")
                  for p in (ROOT / "reversis_score").rglob("*.py"))
    for module in [*CATALOGUED, *(m for m in rest if m not in CATALOGUED)]:
        path = ROOT / (module.replace(".", "/") + ".py")
        for _line, message, _comments, _context in extract_from_file("python", path, keywords=KEYWORDS):
            out.append((message, module))
    for path in templates():
        for _line, message in template_messages(path):
            out.append((message, str(path.relative_to(ROOT))))
    return out


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale="fr")


def merged(old: Catalog) -> Catalog:
    """The catalogue of today's messages, with the translations ``old`` has for them."""
    new = Catalog(locale="fr", domain=DOMAIN, project="reversis-score", version="0.1.0",
                  copyright_holder="reversis-score", charset="utf-8", fuzzy=False)
    new.mime_headers = old.mime_headers  # the header as written: French's two plural forms
    new.header_comment = old.header_comment
    for message, module in extracted():
        key = message if isinstance(message, str) else message[0]
        if new.get(key) is not None:
            continue
        before = old.get(key)
        string = before.string if before is not None else ("" if isinstance(message, str) else ("", ""))
        new.add(message, string, auto_comments=[module])
    return new


def compile_all() -> None:
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        catalog = read(po)
        with po.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)


def untranslated(catalog: Catalog) -> list[str]:
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def main(argv: list[str]) -> int:
    catalog = merged(read(PO))
    missing = untranslated(catalog)
    if "--check" in argv:
        for message in missing:
            print(f"no French for: {message!r}")
        return 1 if missing else 0
    with PO.open("wb") as f:
        write_po(f, catalog, width=100, no_location=True, sort_output=False)
    compile_all()
    for message in missing:
        print(f"no French yet for: {message!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
