"""The committed translations: the compiled locale/pl/LC_MESSAGES/django.mo (which `make run`
uses, needing no GNU gettext) holds exactly the messages of django.po, and every message of the
.po is translated. Read with Python alone: the .po's entries, and the .mo through `gettext`."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "pl" / "LC_MESSAGES"
ENTRY = re.compile(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', re.M)


def literal(lines: str) -> str:
    return "".join(ast.literal_eval(line) for line in lines.splitlines())


def po_entries() -> dict[str, str]:
    text = (LOCALE / "django.po").read_text(encoding="utf-8")
    entries = {literal(m.group(1)): literal(m.group(2)) for m in ENTRY.finditer(text)}
    entries.pop("")  # the header
    return entries


def test_every_message_is_translated_into_polish() -> None:
    entries = po_entries()
    assert len(entries) > 100
    untranslated = sorted(msgid for msgid, msgstr in entries.items() if not msgstr)
    assert not untranslated
    assert entries["Your move"] == "Twój ruch"


def test_the_committed_mo_is_the_po_compiled() -> None:
    with (LOCALE / "django.mo").open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    compiled = {k: v for k, v in catalog.items() if isinstance(k, str) and k}
    assert compiled == po_entries(), "run `make messages` and commit django.mo"
