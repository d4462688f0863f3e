"""The card catalog: materials, roles, order cards of both versions, Jacks and Sites.

Authority: the Black Box rulebook (Contents, Appendix I, Appendix II); what it does not give (the
pairing of three materials with their roles, the copies per type, the materials of the four Republic
cards) follows the rulings "material, role and value", "copies per type" and "the four Republic
cards" of docs/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass

REPUBLIC = "republic"
IMPERIUM = "imperium"
FIRST_EDITION = "first_edition"  # the 2005 first edition (engine/buildings/first_edition.py)
VERSIONS = (REPUBLIC, IMPERIUM, FIRST_EDITION)

MATERIALS = ("rubble", "wood", "brick", "concrete", "stone", "marble")
ROLES = ("laborer", "craftsman", "legionary", "architect", "merchant", "patron")
# Material, role and value go together (docs/rules.md, ruling "material, role and value"):
# Rubble-Laborer 1, Wood-Craftsman 1,
# Brick-Legionary 2, Concrete-Architect 2, Stone-Merchant 3, Marble-Patron 3.
ROLE_OF_MATERIAL = dict(zip(MATERIALS, ROLES, strict=True))
MATERIAL_OF_ROLE = dict(zip(ROLES, MATERIALS, strict=True))
VALUE_OF_MATERIAL = {
    "rubble": 1,
    "wood": 1,
    "brick": 2,
    "concrete": 2,
    "stone": 3,
    "marble": 3,
}

JACK = "Jack"
TRAINING_SITES_PER_MATERIAL = 3
# The Black Box holds 6 Jacks and 36 Sites, 6 per material (Black Box rulebook, Contents); the
# 2005 first edition 5 Jacks and 30 Sites (First edition rulebook (2005), Contents).
JACKS_IN_BOX = {REPUBLIC: 6, IMPERIUM: 6, FIRST_EDITION: 5}
SITES_PER_MATERIAL = {REPUBLIC: 6, IMPERIUM: 6, FIRST_EDITION: 5}


@dataclass(frozen=True)
class OrderType:
    """One of the 44 order-card types of the Black Box."""

    name: str
    material: str
    versions: tuple[str, ...]
    function: str
    expansion: str = ""  # "geek": a card of the Geek expansion, in a game only if chosen

    @property
    def role(self) -> str:
        return ROLE_OF_MATERIAL[self.material]

    @property
    def value(self) -> int:
        return VALUE_OF_MATERIAL[self.material]

    @property
    def copies(self) -> int:
        # Value-1 types have 6 copies, value-2 and value-3 types 3 (docs/rules.md, ruling
        # "copies per type").
        return 6 if self.value == 1 else 3


BOTH = (REPUBLIC, IMPERIUM)
ONLY_R = (REPUBLIC,)
ONLY_I = (IMPERIUM,)
# Black Box cards whose function the 2005 first edition prints the same (docs/rules.md, section The
# 2005 first edition); its other twenty-one types are listed in FIRST_EDITION_TYPES below.
SAME_IN_FIRST_EDITION = frozenset(
    {
        "Insula",
        "Latrine",
        "Road",
        "Circus",
        "Market",
        "Palisade",
        "Academy",
        "Archway",
        "Gate",
        "Shrine",
        "Amphitheatre",
        "Vomitorium",
        "Catacomb",
        "Garden",
        "Villa",
        "Forum",
        "Ludus Magna",
        "Palace",
        "Temple",
    }
)

ORDER_TYPES: tuple[OrderType, ...] = (
    # Rubble
    OrderType(
        "Bar",
        "rubble",
        BOTH,
        "Each Patron action may also take the top card of the deck as a client.",
    ),
    OrderType("Insula", "rubble", BOTH, "Maximum Clientele +2."),
    OrderType(
        "Latrine", "rubble", BOTH, "Before a Thinker action you may discard one card to the Pool."
    ),
    OrderType("Road", "rubble", BOTH, "Any material may be used towards Stone structures."),
    # Wood
    OrderType("Circus", "wood", ONLY_I, "You may petition with two cards of the same role."),
    OrderType("Crane", "wood", ONLY_R, "Any card from hand may lead or follow Architect."),
    OrderType(
        "Dock",
        "wood",
        BOTH,
        "Each Laborer action may also take a card from hand into the Stockpile.",
    ),
    OrderType("Market", "wood", BOTH, "Maximum Vault +2."),
    OrderType("Palisade", "wood", BOTH, "Immune to Legionary demands (a Bridge overrides)."),
    # Brick
    OrderType(
        "Academy", "brick", BOTH, "Think once after a turn in which you did a Craftsman action."
    ),
    OrderType("Archway", "brick", BOTH, "Architect may take materials from the Pool."),
    OrderType(
        "Atrium", "brick", BOTH, "Merchant may take the top card of the deck into the Vault."
    ),
    OrderType("Bath", "brick", BOTH, "Each new client may act at once."),
    OrderType("Foundry", "brick", BOTH, "Upon completion: one Laborer action per Influence."),
    OrderType(
        "Gate", "brick", BOTH, "Marble structures give their functions from their foundation."
    ),
    OrderType("School", "brick", BOTH, "Upon completion: one Thinker action per Influence."),
    OrderType("Shrine", "brick", BOTH, "Hand refill size +2."),
    # Concrete
    OrderType(
        "Amphitheatre", "concrete", BOTH, "Upon completion: one Craftsman action per Influence."
    ),
    OrderType("Aqueduct", "concrete", BOTH, "Clientele doubled; Patron may also hire from hand."),
    OrderType(
        "Bridge",
        "concrete",
        BOTH,
        "Legionary ignores Palisades, reaches all, takes from Stockpiles.",
    ),
    OrderType(
        "Senate", "concrete", ONLY_I, "At the end of a turn you may take opponents' played Jacks."
    ),
    OrderType("Storeroom", "concrete", BOTH, "Every client may act as a Laborer."),
    OrderType(
        "Tower", "concrete", BOTH, "Rubble fits any structure; out-of-town sites cost one action."
    ),
    OrderType("Tribunal", "concrete", ONLY_R, "Whenever you Think you may also take a Jack."),
    OrderType(
        "Vomitorium", "concrete", BOTH, "Before a Thinker action you may discard your whole hand."
    ),
    OrderType(
        "Wall", "concrete", BOTH, "Immune to Legionary demands; +1 VP per two Stockpile materials."
    ),
    # Stone
    OrderType("Catacomb", "stone", BOTH, "Upon completion the game ends."),
    OrderType(
        "Circus Maximus", "stone", BOTH, "Each matching client acts twice when you lead or follow."
    ),
    OrderType(
        "Colosseum", "stone", ONLY_I, "Legionary also takes matching clients into your Vault."
    ),
    OrderType(
        "Domus Aurea", "stone", ONLY_R, "Legionary also tears down a matching empty foundation."
    ),
    OrderType("Garden", "stone", BOTH, "Upon completion: one Patron action per Influence."),
    OrderType("Prison", "stone", BOTH, "Upon completion you may steal an opponent's structure."),
    OrderType("Scriptorium", "stone", BOTH, "One Marble completes any structure."),
    OrderType("Sewer", "stone", BOTH, "Cards you led or followed with may go to your Stockpile."),
    OrderType("Villa", "stone", BOTH, "An Architect action into the Villa completes it."),
    # Marble
    OrderType("Basilica", "marble", BOTH, "Each Merchant action may also vault a card from hand."),
    OrderType("Forum", "marble", ONLY_I, "You win with a client of each role."),
    OrderType(
        "Forum Romanum",
        "marble",
        ONLY_R,
        "You win with a client of each role and a material of each type in your Stockpile.",
    ),
    OrderType("Fountain", "marble", BOTH, "Craftsman may use the top card of the deck."),
    OrderType(
        "Ludus Magna", "marble", BOTH, "Each Merchant client counts as a client of any role."
    ),
    OrderType("Palace", "marble", BOTH, "Lead or follow with several cards; one action each."),
    OrderType("Stairway", "marble", BOTH, "Architect may make an opponent's structure public."),
    OrderType("Statue", "marble", BOTH, "Any site; +3 VP."),
    OrderType("Temple", "marble", BOTH, "Hand refill size +4."),
)

ORDER_TYPES = tuple(
    OrderType(t.name, t.material, (*t.versions, FIRST_EDITION), t.function)
    if t.name in SAME_IN_FIRST_EDITION
    else t
    for t in ORDER_TYPES
)

# The 2005 first edition's types whose function (or material) differs from the Black Box card of
# the same printed name. Each is its own type, named "<printed name> (2005)" so that a name says
# one material and one function (First edition rulebook (2005), Appendix - Building Functions;
# docs/rules.md, ruling "first-edition card names").
EDITION_SUFFIX = " (2005)"
ONLY_1E = (FIRST_EDITION,)


def first_edition(name: str, material: str, function: str) -> OrderType:
    return OrderType(name + EDITION_SUFFIX, material, ONLY_1E, function)


FIRST_EDITION_TYPES: tuple[OrderType, ...] = (
    first_edition("Bar", "rubble", "Patron may take clients from hand instead of the Pool."),
    first_edition("Dock", "wood", "Laborer may take cards from hand instead of the Pool."),
    first_edition("Atrium", "brick", "Merchant may take a card from hand instead of Stockpile."),
    first_edition("Bath", "brick", "Each new client acts at once."),
    first_edition("Foundry", "brick", "Each Laborer action may also take the deck's top card."),
    first_edition("School", "brick", "Whenever you think, think twice."),
    first_edition("Aqueduct", "concrete", "Maximum Clientele +4."),
    first_edition("Bridge", "concrete", "Legionary demands from every opponent, past Palisades."),
    first_edition("Senate", "concrete", "Think after your actions in a turn you led."),
    first_edition("Storeroom", "concrete", "Upon completion: one Laborer action per Influence."),
    first_edition(
        "Tower", "concrete", "Rubble fits any structure; any foundation on Rubble Sites."
    ),
    first_edition("Wall", "concrete", "+1 VP per two Stockpile materials."),
    first_edition("Circus Maximus", "stone", "As leader, play any card as a Jack."),
    first_edition("Coliseum", "stone", "Legionary also takes matching clients into your Vault."),
    first_edition("Fountain", "stone", "Every client also counts as a Craftsman."),
    first_edition("Prison", "stone", "Upon completion steal an opponent's structure."),
    first_edition("Sewer", "stone", "Before a Thinker action you may discard your whole hand."),
    first_edition("Basilica", "marble", "Maximum Vault doubled."),
    first_edition("Scriptorium", "marble", "Any foundation on any Site."),
    first_edition("Stairway", "marble", "An Architect action completes the structure it adds to."),
    first_edition("Statue", "marble", "Any Site; three materials; +3 VP."),
)
ORDER_TYPES += FIRST_EDITION_TYPES

# The unofficial Geek expansion (Black Box rulebook, Appendix III): ten types that join a Republic
# or Imperium deck when the game's `geek` option chooses them (engine/buildings/geek.py). The text
# gives no material; each is inferred from the appendix's examples or its function (docs/rules.md,
# section The Geek expansion, ruling "Geek materials").
GEEK = "geek"


def geek(name: str, material: str, function: str) -> OrderType:
    return OrderType(name, material, BOTH, function, GEEK)


GEEK_TYPES: tuple[OrderType, ...] = (
    geek("Castra", "rubble", "Lose a card from hand to a Legionary: think once after the turn."),
    geek("Watermill", "rubble", "Lead or follow Laborer: your Architect clients act after."),
    geek("Domus", "wood", "Upon completion: one Patron action; a matching new client acts."),
    geek("Watch Post", "wood", "A Craftsman action may tear down one of your structures."),
    geek(
        "Aerarium",
        "brick",
        "Your Influence counts as the highest; upon completion its Site re-triggers a function.",
    ),
    geek(
        "Castra Praetoria",
        "brick",
        "Upon completion its materials may become clients; demand with your foundations.",
    ),
    geek("Solarium", "concrete", "An Architect's completion may return one material to Stockpile."),
    geek("Triclinium", "stone", "Leading or following, a client that acted may go to your Vault."),
    geek("Bacchanalia", "marble", "Upon completion reveal a card per Influence and use them."),
    geek("Plebian Council", "marble", "You win with more Laborer than Legionary clients in play."),
)
GEEK_NAMES: tuple[str, ...] = tuple(t.name for t in GEEK_TYPES)
ORDER_TYPES += GEEK_TYPES

ORDER_TYPE: dict[str, OrderType] = {t.name: t for t in ORDER_TYPES}


def site_name(material: str) -> str:
    return f"{material.capitalize()} Site"


SITE_MATERIAL: dict[str, str] = {site_name(m): m for m in MATERIALS}


def order_types(version: str, geek: tuple[str, ...] | list[str] = ()) -> tuple[OrderType, ...]:
    """The 40 order types of one version (a ruleset), in catalog order, and the Geek types named
    in `geek` (the game's `geek` option)."""
    return tuple(
        t for t in ORDER_TYPES if version in t.versions and (not t.expansion or t.name in geek)
    )


def material_named(name: str) -> str | None:
    """The material a material's or a role's name stands for, in any case ("Brick", "legionary");
    None for any other name."""
    low = name.casefold()
    return low if low in MATERIALS else MATERIAL_OF_ROLE.get(low)


def material_of(name: str) -> str | None:
    """The material of an order card or a Site by name; None for a Jack."""
    order = ORDER_TYPE.get(name)
    if order is not None:
        return order.material
    return SITE_MATERIAL.get(name)


def is_order(name: str) -> bool:
    return name in ORDER_TYPE


def _facts(name: str) -> dict[str, object]:
    order = ORDER_TYPE.get(name)
    if order is not None:
        return {
            "kind": "order",
            "material": order.material,
            "role": order.role,
            "value": order.value,
        }
    material = SITE_MATERIAL.get(name)
    if material is not None:
        return {
            "kind": "site",
            "material": material,
            "role": None,
            "value": VALUE_OF_MATERIAL[material],
        }
    return {"kind": "jack", "material": None, "role": None, "value": None}


# What a card is, by name, as views show it beside its id: an order card's material, role and
# value; a Site's material and value (the Influence it gives); a Jack has none of them.
CARD_FACTS: dict[str, dict[str, object]] = {
    name: _facts(name) for name in [*ORDER_TYPE, *SITE_MATERIAL, JACK]
}


def catalog(version: str, geek: tuple[str, ...] | list[str] = ()) -> list[dict[str, object]]:
    """The public card table of one version (with the Geek types named in `geek`), as JSON."""
    return [
        {
            "name": t.name,
            "material": t.material,
            "role": t.role,
            "value": t.value,
            "copies": t.copies,
            "function": t.function,
            **({"expansion": t.expansion} if t.expansion else {}),
        }
        for t in order_types(version, geek)
    ]
