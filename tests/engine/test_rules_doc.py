"""docs/rules.md stays true: its card table names, for every order card, the material, the versions
and the file and class that implement it, exactly as the engine's card catalog and power registry
have them; and every ruling the code and the tests cite by name is one the page lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cards import ORDER_TYPE
from engine.powers import POWERS

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
VERSIONS = {
    "both": ("republic", "imperium"),
    "all": ("republic", "imperium", "first_edition"),
    "Republic": ("republic",),
    "Imperium": ("imperium",),
    "Imperium+2005": ("imperium", "first_edition"),
    "2005": ("first_edition",),
}
ROW = re.compile(
    r"^\| (?P<card>[^|]+) \| (?P<material>\w+) \| (?P<versions>[\w+]+) \| "
    r"`(?P<path>[\w/.]+)`: `(?P<cls>\w+)` \| [^|]+ \|$"
)


def card_table() -> dict[str, dict[str, str]]:
    text = RULES.read_text(encoding="utf-8")
    start = text.index("<!-- card-table")
    end = text.index("<!-- end of card-table -->")
    rows = [line for line in text[start:end].splitlines() if line.startswith("| ")][1:]
    table = {}
    for line in rows:
        match = ROW.match(line)
        assert match, f"a card-table row that does not read as one: {line!r}"
        row = match.groupdict()
        assert row["card"] not in table, f"{row['card']} is listed twice"
        table[row["card"]] = row
    return table


def test_the_table_lists_every_card_and_only_those() -> None:
    assert set(card_table()) == set(POWERS) == set(ORDER_TYPE)


@pytest.mark.parametrize("name", sorted(ORDER_TYPE))
def test_each_row_names_the_class_that_implements_the_card(name: str) -> None:
    row = card_table()[name]
    power = type(POWERS[name])
    assert row["cls"] == power.__name__
    assert row["path"] == power.__module__.replace(".", "/") + ".py"
    assert (ROOT / row["path"]).is_file()


@pytest.mark.parametrize("name", sorted(ORDER_TYPE))
def test_each_row_gives_the_catalog_material_and_versions(name: str) -> None:
    row, order = card_table()[name], ORDER_TYPE[name]
    assert row["material"] == order.material.capitalize()
    assert VERSIONS[row["versions"]] == order.versions


def cited_rulings() -> set[tuple[str, str]]:
    """(file, name) for every ruling cited by name: `ruling "name"`, `rulings "a" and "b"`."""
    out = set()
    for folder in ("engine", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            if path == Path(__file__).resolve():
                continue
            text = re.sub(r"\s*\n\s*#?\s*", " ", path.read_text(encoding="utf-8"))
            for m in re.finditer(r'[Rr]ulings? ((?:"[^"]+"(?:,| and)? ?)+)', text):
                out |= {(path.name, name) for name in re.findall(r'"([^"]+)"', m.group(1))}
            out |= {(path.name, name) for name in re.findall(r'docs/rules\.md, "([^"]+)"', text)}
    return out


def test_every_ruling_cited_by_name_is_listed() -> None:
    listed = {
        title.rstrip(".").casefold()
        for title in re.findall(r"^- \*\*(.+?)\*\*", RULES.read_text(encoding="utf-8"), re.M)
    }
    cited = cited_rulings()
    assert len(cited) > 10  # the search finds the citations at all
    missing = sorted((f, name) for f, name in cited if name.casefold() not in listed)
    assert not missing
