"""The committed translations: the compiled locale/pl/LC_MESSAGES/django.mo (which `make run`
uses, needing no GNU gettext) holds exactly the messages of django.po, and every message of the
.po is translated (none left fuzzy, as makemessages marks its guesses). Read with Python alone:
the .po's entries, and the .mo through `gettext`."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "pl" / "LC_MESSAGES"
ENTRY = re.compile(r'^(?:msgctxt (".*")\n)?msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', re.M)


def literal(lines: str) -> str:
    return "".join(ast.literal_eval(line) for line in lines.splitlines())


def po_text() -> str:
    return (LOCALE / "django.po").read_text(encoding="utf-8")


def po_entries() -> dict[str, str]:
    """msgid (after its context and \x04, as gettext keys it) -> msgstr."""
    entries = {}
    for m in ENTRY.finditer(po_text()):
        context = literal(m.group(1)) + "\x04" if m.group(1) else ""
        entries[context + literal(m.group(2))] = literal(m.group(3))
    entries.pop("")  # the header
    return entries


def test_every_message_is_translated_into_polish() -> None:
    entries = po_entries()
    assert len(entries) > 100
    untranslated = sorted(msgid for msgid, msgstr in entries.items() if not msgstr)
    assert not untranslated
    assert "fuzzy" not in po_text(), "a fuzzy entry is not compiled: check it, drop the flag"
    assert entries["Your move"] == "Twój ruch"
    assert entries["role\x04Architect"] == "Murarz"  # the Polish edition's word


def test_the_committed_mo_is_the_po_compiled() -> None:
    with (LOCALE / "django.mo").open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    compiled = {k: v for k, v in catalog.items() if isinstance(k, str) and k}
    assert compiled == po_entries(), "run `make messages` and commit django.mo"
