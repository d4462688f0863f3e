"""Card names in the reader's language: the one place a card's name is translated.

The engine names every card type in English.
That name is its key in the catalog, in scenarios and in records.
Every card in a game has an id.
Whatever a person reads names cards here.
That is the catalog, the cards of a view or an event (`{id, name, ...}`), and labels.
It is also the mails and the web client.
Names are in the language given, or else the active one (docs/api.md, Languages).
Django's i18n picks the viewer's stored preference, or the browser's Accept-Language.

The Polish names are those of the Polish edition of the Black Box.
That edition has no Crane, Domus Aurea or Tribunal, so those keep their English names.
Its Cyrk carries the Crane's function, but it is the Circus's card.
The engine names a type of the 2005 first edition "<printed name> (2005)".
It takes the Polish name of the Black Box building printed with the same name.
It keeps the suffix too: "Tawerna (2005)".
The Polish edition never printed the 2005 functions.
So the suffix says that the function is the first edition's.

The Geek expansion's ten types were never printed in Polish.
They are an unofficial appendix of the English rulebook.
Their names here are our own translations (`GEEK_POLISH_NAMES`).
Latin names stay where Polish uses the Latin word: Solarium, Triclinium as "Triklinium".
The others are named as a Polish player would name the thing.
See docs/rules.md, The Geek expansion.

Translation only ever replaces a name the view already holds.
A card the viewer cannot see has no name to translate.
So it stays hidden in every language.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

from engine.cards import EDITION_SUFFIX, JACK, ORDER_TYPE

ENGLISH = "en"
POLISH = "pl"
LANGUAGES = (ENGLISH, POLISH)

# The Polish edition's name of each Black Box type (and of the Jack: "senator").
POLISH_NAMES: dict[str, str] = {
    JACK: "Senator",
    "Academy": "Akademia",
    "Amphitheatre": "Amfiteatr",
    "Aqueduct": "Akwedukt",
    "Archway": "Łuk triumfalny",
    "Atrium": "Atrium",
    "Bar": "Tawerna",
    "Basilica": "Sąd",
    "Bath": "Łaźnie",
    "Bridge": "Most",
    "Catacomb": "Katakumby",
    "Circus": "Cyrk",
    "Circus Maximus": "Targ niewolników",
    "Colosseum": "Arena",
    "Dock": "Dok",
    "Forum": "Plac miejski",  # the classic variant's card (Imperium's Forum)
    "Forum Romanum": "Plac miejski",  # the standard card; never in the same deck as Forum
    "Foundry": "Odlewnia",
    "Fountain": "Fontanna",
    "Garden": "Ogród",
    "Gate": "Brama",
    "Insula": "Insula",
    "Latrine": "Latryna",
    "Ludus Magna": "Szkoła gladiatorów",
    "Market": "Targowisko",
    "Palace": "Pałac",
    "Palisade": "Palisada",
    "Prison": "Więzienie",
    "Road": "Ulica",
    "School": "Szkoła",
    "Scriptorium": "Skryptorium",
    "Senate": "Senat",
    "Sewer": "Ściek",
    "Shrine": "Ołtarz",
    "Stairway": "Schody",
    "Statue": "Posąg",
    "Storeroom": "Magazyn",
    "Temple": "Świątynia",
    "Tower": "Wieża",
    "Villa": "Rezydencja",
    "Vomitorium": "Vomitorium",
    "Wall": "Mur obronny",
}
# The Geek expansion's types, in our own Polish (no Polish edition has them).
GEEK_POLISH_NAMES: dict[str, str] = {
    "Castra": "Obóz legionu",
    "Watermill": "Młyn wodny",
    "Domus": "Dom",
    "Watch Post": "Strażnica",
    "Aerarium": "Skarb państwa",  # not "Skarbiec": that is the Vault
    "Castra Praetoria": "Obóz pretorianów",
    "Solarium": "Solarium",
    "Triclinium": "Triklinium",
    "Bacchanalia": "Bachanalia",
    "Plebian Council": "Zgromadzenie plebejskie",
}
POLISH_NAMES.update(GEEK_POLISH_NAMES)
# The 2005 first edition printed the Colosseum as "Coliseum".
PRINTED_AS = {"Coliseum": "Colosseum"}
# Types the Polish edition does not have: their English name stands.
NO_POLISH_NAME = frozenset({"Crane", "Domus Aurea", "Tribunal"})


def _polish(name: str) -> str:
    if name.endswith(EDITION_SUFFIX):
        printed = name.removesuffix(EDITION_SUFFIX)
        black_box = PRINTED_AS.get(printed, printed)
        return POLISH_NAMES.get(black_box, printed) + EDITION_SUFFIX
    return POLISH_NAMES.get(name, name)


NAMES: dict[str, dict[str, str]] = {
    POLISH: {name: _polish(name) for name in [JACK, *ORDER_TYPE]},
}


def language_code(language: str | None = None) -> str:
    """Returns `language`, or the active one, reduced to one of LANGUAGES ("pl-pl" -> "pl")."""
    code = (language or translation.get_language() or ENGLISH).lower()
    return POLISH if code.split("-")[0] == POLISH else ENGLISH


def card_name(name: str, language: str | None = None) -> str:
    """Returns the name of the card type `name` in `language`.

    `name` is the engine's English name.
    `language` defaults to the active language.
    A name that is no card type comes back as it is.
    """
    return NAMES.get(language_code(language), {}).get(name, name)


def localized(data: Any, language: str | None = None) -> Any:
    """Returns `data` with each card's name in `language`.

    `data` is any JSON: a view, a prompt, an event.
    A card is a dict with an integer `id` and a `name`.
    Only names already there are changed. Nothing is added.
    """
    names = NAMES.get(language_code(language))
    return data if names is None else _walk(data, names)


def _walk(data: Any, names: dict[str, str]) -> Any:
    if isinstance(data, list):
        return [_walk(item, names) for item in data]
    if not isinstance(data, dict):
        return data
    out = {key: _walk(value, names) for key, value in data.items()}
    name = data.get("name")
    if isinstance(data.get("id"), int) and isinstance(name, str):
        out["name"] = names.get(name, name)
    return out
