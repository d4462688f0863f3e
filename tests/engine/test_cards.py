"""The card catalog of both versions (Black Box rulebook, Contents, Appendix I and II; the Polish
edition's card list for materials; docs/rules.md, rulings "material, role and value", "copies per
type" and "the four Republic cards")."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.cards import MATERIALS

# Every Black Box order type, its material (the Polish edition's card list), and the versions it is
# in ("Republic version only" / "Imperium version only" in the Black Box rulebook, Appendix I; the
# four Republic cards' materials from docs/rules.md, ruling "the four Republic cards").
R, IMP, RI = ("republic",), ("imperium",), ("republic", "imperium")
CARD_TABLE = {
    "Academy": ("brick", RI),
    "Amphitheatre": ("concrete", RI),
    "Aqueduct": ("concrete", RI),
    "Archway": ("brick", RI),
    "Atrium": ("brick", RI),
    "Bar": ("rubble", RI),
    "Basilica": ("marble", RI),
    "Bath": ("brick", RI),
    "Bridge": ("concrete", RI),
    "Catacomb": ("stone", RI),
    "Circus": ("wood", IMP),
    "Circus Maximus": ("stone", RI),
    "Colosseum": ("stone", IMP),
    "Crane": ("wood", R),
    "Dock": ("wood", RI),
    "Domus Aurea": ("stone", R),
    "Forum": ("marble", IMP),
    "Forum Romanum": ("marble", R),
    "Foundry": ("brick", RI),
    "Fountain": ("marble", RI),
    "Garden": ("stone", RI),
    "Gate": ("brick", RI),
    "Insula": ("rubble", RI),
    "Latrine": ("rubble", RI),
    "Ludus Magna": ("marble", RI),
    "Market": ("wood", RI),
    "Palace": ("marble", RI),
    "Palisade": ("wood", RI),
    "Prison": ("stone", RI),
    "Road": ("rubble", RI),
    "School": ("brick", RI),
    "Scriptorium": ("stone", RI),
    "Senate": ("concrete", IMP),
    "Sewer": ("stone", RI),
    "Shrine": ("brick", RI),
    "Stairway": ("marble", RI),
    "Statue": ("marble", RI),
    "Storeroom": ("concrete", RI),
    "Temple": ("marble", RI),
    "Tower": ("concrete", RI),
    "Tribunal": ("concrete", R),
    "Villa": ("stone", RI),
    "Vomitorium": ("concrete", RI),
    "Wall": ("concrete", RI),
}

# docs/rules.md, ruling "material, role and value": Rubble-Laborer (yellow) 1,
# Wood-Craftsman (green) 1, Brick-Legionary (red) 2, Concrete-Architect (grey) 2,
# Stone-Merchant (blue) 3, Marble-Patron (purple) 3.
PAIRING = {
    "rubble": ("laborer", 1),
    "wood": ("craftsman", 1),
    "brick": ("legionary", 2),
    "concrete": ("architect", 2),
    "stone": ("merchant", 3),
    "marble": ("patron", 3),
}

VERSION_ONLY = {
    "republic": {"Crane", "Domus Aurea", "Forum Romanum", "Tribunal"},
    "imperium": {"Circus", "Colosseum", "Forum", "Senate"},
}


def test_black_box_holds_159_orders_of_44_types() -> None:
    """Black Box rulebook, Contents: "159 Order cards (of 44 different available types)"."""
    assert len(CARD_TABLE) == 44
    union = {c["name"]: c for v in ("republic", "imperium") for c in engine.catalog(v)}
    assert set(union) == set(CARD_TABLE)
    assert sum(int(c["copies"]) for c in union.values()) == 159


@pytest.mark.parametrize("version", ["republic", "imperium"])
def test_each_version_has_144_orders_of_40_types(version: str) -> None:
    """docs/rules.md, ruling "copies per type": "Each value-1 type has 6 copies, each value-2 and
    value-3 type 3: a version's deck is 144 orders of 40 types"."""
    cat = engine.catalog(version)
    assert len(cat) == 40
    assert len({c["name"] for c in cat}) == 40
    for c in cat:
        assert c["copies"] == (6 if c["value"] == 1 else 3), c
    assert sum(int(c["copies"]) for c in cat) == 144
    assert sum(1 for c in cat if c["value"] == 1) == 8


@pytest.mark.parametrize("version", ["republic", "imperium"])
def test_catalog_matches_the_card_table(version: str) -> None:
    """The card table above (materials, versions) and the material-role-value pairing."""
    for c in engine.catalog(version):
        material, versions = CARD_TABLE[str(c["name"])]
        assert version in versions, c["name"]
        assert c["material"] == material, c["name"]
        assert (c["role"], c["value"]) == PAIRING[material], c["name"]
    expected = {name for name, (_, versions) in CARD_TABLE.items() if version in versions}
    assert {c["name"] for c in engine.catalog(version)} == expected


@pytest.mark.parametrize("version", ["republic", "imperium"])
def test_version_only_types(version: str) -> None:
    """Black Box rulebook, Appendix I "Republic version only" (Crane, Domus Aurea, Forum Romanum,
    Tribunal) and "Imperium version only" (Circus, Colosseum, Forum, Senate); Appendix II "Do not
    mix"."""
    other = "imperium" if version == "republic" else "republic"
    mine = {c["name"] for c in engine.catalog(version)}
    theirs = {c["name"] for c in engine.catalog(other)}
    assert mine - theirs == VERSION_ONLY[version]
    assert not mine & VERSION_ONLY[other]


def test_republic_rulings_for_the_four_republic_cards() -> None:
    """docs/rules.md, ruling "the four Republic cards": Crane Wood/Craftsman/1/6 copies, Domus Aurea
    Stone/Merchant/3/3, Tribunal Concrete/Architect/2/3, Forum Romanum Marble/Patron/3/3."""
    cat = {c["name"]: c for c in engine.catalog("republic")}
    expected = {
        "Crane": ("wood", "craftsman", 1, 6),
        "Domus Aurea": ("stone", "merchant", 3, 3),
        "Tribunal": ("concrete", "architect", 2, 3),
        "Forum Romanum": ("marble", "patron", 3, 3),
    }
    for name, (material, role, value, copies) in expected.items():
        c = cat[name]
        assert (c["material"], c["role"], c["value"], c["copies"]) == (
            material,
            role,
            value,
            copies,
        )


@pytest.mark.parametrize("version", ["republic", "imperium"])
def test_the_table_holds_144_orders_6_jacks_and_36_sites(version: str) -> None:
    """Black Box rulebook, Contents: 6 Jacks, 36 Sites of 6 types; docs/rules.md, ruling "copies per
    type": 144 orders a version.
    Every physical card of a new game has exactly one id."""
    state = engine.new_game(version, players=3, seed=1)
    counts = Counter(state.names)
    assert counts["Jack"] == 6
    for m in MATERIALS:
        assert counts[f"{m.capitalize()} Site"] == 6
    orders = {name: n for name, n in counts.items() if name != "Jack" and "Site" not in name}
    assert sum(orders.values()) == 144
    assert orders == {str(c["name"]): int(c["copies"]) for c in engine.catalog(version)}
