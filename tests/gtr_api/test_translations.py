"""The committed translations, in both domains (django: the server's text; djangojs: the table
script's): each compiled locale/pl/LC_MESSAGES/*.mo (which `make run` uses, needing no GNU
gettext) holds exactly the messages of its .po, and every message of the .po is translated (none
left fuzzy, as makemessages marks its guesses), plural forms included. Read with Python alone:
the .po's entries, and the .mo through `gettext`."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "pl" / "LC_MESSAGES"
DOMAINS = ("django", "djangojs")
ENTRY = re.compile(r'^(?:msgctxt (".*")\n)?msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', re.M)
PLURAL = re.compile(
    r'^(?:msgctxt (".*")\n)?msgid ((?:".*"\n)+)msgid_plural ((?:".*"\n)+)'
    r'((?:msgstr\[\d\] (?:".*"\n)+)+)',
    re.M,
)
FORMS = re.compile(r'msgstr\[(\d)\] ((?:".*"\n)+)')


def literal(lines: str) -> str:
    return "".join(ast.literal_eval(line) for line in lines.splitlines())


def po_text(domain: str = "django") -> str:
    return (LOCALE / f"{domain}.po").read_text(encoding="utf-8")


def po_entries(domain: str = "django") -> dict[str, str]:
    """msgid (after its context and \x04, as gettext keys it) -> msgstr."""
    entries = {}
    for m in ENTRY.finditer(po_text(domain)):
        context = literal(m.group(1)) + "\x04" if m.group(1) else ""
        entries[context + literal(m.group(2))] = literal(m.group(3))
    entries.pop("")  # the header
    return entries


def po_plurals(domain: str) -> dict[tuple[str, int], str]:
    """(msgid, form) -> msgstr[form], as gettext keys the plural messages."""
    entries = {}
    for m in PLURAL.finditer(po_text(domain)):
        context = literal(m.group(1)) + "\x04" if m.group(1) else ""
        for form in FORMS.finditer(m.group(4)):
            entries[(context + literal(m.group(2)), int(form.group(1)))] = literal(form.group(2))
    return entries


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_into_polish(domain: str) -> None:
    entries, plurals = po_entries(domain), po_plurals(domain)
    untranslated = sorted(msgid for msgid, msgstr in {**entries, **plurals}.items() if not msgstr)
    assert not untranslated
    assert "fuzzy" not in po_text(domain), "a fuzzy entry is not compiled: check it, drop the flag"
    assert 'Language: pl\\n"' in po_text(domain)
    assert "nplurals=4" in po_text(domain)  # Polish: one, few, many, other
    assert {form for _, form in plurals} <= {0, 1, 2, 3}
    assert all((msgid, form) in plurals for msgid, _ in plurals for form in range(4))


def test_the_known_words() -> None:
    entries = po_entries()
    assert len(entries) > 100
    assert entries["Your move"] == "Twój ruch"
    assert entries["role\x04Architect"] == "Murarz"  # the Polish edition's word
    assert po_entries("djangojs")["Sending your move…"] == "Wysyłam twój ruch…"


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_committed_mo_is_the_po_compiled(domain: str) -> None:
    with (LOCALE / f"{domain}.mo").open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    compiled = {k: v for k, v in catalog.items() if isinstance(k, str) and k}
    assert compiled == po_entries(domain), "run `make messages` and commit the .mo"
    compiled_plurals = {k: v for k, v in catalog.items() if isinstance(k, tuple)}
    assert compiled_plurals == po_plurals(domain), "run `make messages` and commit the .mo"
