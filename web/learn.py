"""The pages to learn the game from (issue 30, L8): the card gallery of a ruleset and a short
how-to-play page.

The gallery lists what the API's card catalog lists (`engine.catalog`, games/api/cards.py): every
order card type of a version with its face, its name in the reader's language, material, role,
value, copies and function, the Geek expansion's cards in a section of their own, and the Jack.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.cards import GEEK_NAMES
from games.models import Game
from games.words.cardnames import card_name
from games.words.labels import material_word, role_word

from . import cards

VERSIONS = [v for v, _ in Game.Version.choices]


def card_row(entry: dict[str, Any]) -> dict[str, Any]:
    face = cards.face(str(entry["name"]))
    return {
        **entry,
        "type": entry["name"],
        "shown": card_name(str(entry["name"])),
        "material_name": material_word(entry["material"]),
        "role_name": role_word(entry["role"]),
        "slug": face.slug if face else "",
        "alt": face.alt if face else str(entry["name"]),
    }


def gallery_context(version: str) -> dict[str, Any]:
    """The cards of `version`, the Geek cards apart (none in the first edition)."""
    if version not in VERSIONS:
        version = Game.Version.REPUBLIC
    geek = () if version == Game.Version.FIRST_EDITION else tuple(GEEK_NAMES)
    rows = [card_row(c) for c in engine.catalog(version, geek)]
    jack = cards.face(engine.cards.JACK)
    return {
        "version": version,
        "versions": Game.Version.choices,
        "version_name": Game.Version(version).label,
        "base": [r for r in rows if not r.get("expansion")],
        "geek": [r for r in rows if r.get("expansion")],
        "jack": {"slug": jack.slug, "alt": jack.alt, "function": jack.function} if jack else None,
        "total": sum(int(r["copies"]) for r in rows if not r.get("expansion")),
    }


def rules_context() -> dict[str, Any]:
    """The materials with their roles and values, and the roles' names, in the reader's
    language."""
    from engine.cards import MATERIALS, ROLE_OF_MATERIAL, VALUE_OF_MATERIAL

    return {
        "materials": [
            {
                "material": m,
                "name": material_word(m),
                "role": role_word(ROLE_OF_MATERIAL[m]),
                "value": VALUE_OF_MATERIAL[m],
            }
            for m in MATERIALS
        ],
        "roles": {r: role_word(r) for r in ROLE_OF_MATERIAL.values()},
    }
