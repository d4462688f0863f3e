"""What a player is asked to do, in the reader's language.

This is the one translator of the engine's prompt texts (docs/api.md, Languages).
The engine words each prompt in English (`prompt["text"]`).
Its `kind` and fields say what the decision is: `role`, `actions_left`, `demand`, `to`, ...
An English reader gets the engine's text, its seats named ("give to Bob", else "Seat 2").
Any other reader gets the decision worded here from its kind and fields.
Cards are named by games.words.cardnames, roles and materials by games.words.labels.
In Polish they are the Polish edition's words.
A kind this module does not know, such as a new building's, keeps the engine's text.

>>> from django.utils import translation
>>> prompt = {"kind": "act", "role": "laborer", "actions_left": 2}
>>> prompt["text"] = "Laborer: 2 actions left."
>>> with translation.override("pl"):
...     prompt_text(prompt, {})
'Tragarz: pozostały 2 akcje.'
>>> prompt_text(prompt, {})
'Laborer: 2 actions left.'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .cardnames import ENGLISH, card_name, language_code
from .labels import Describer, card_names, material_word, role_word

Words = Callable[[Mapping[str, Any], Describer], str]


def _left(prompt: Mapping[str, Any]) -> int:
    return int(prompt.get("actions_left", 0))


def _either(words: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(words) <= 1:
        return "".join(words)
    return _("%(first)s or %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _demanded(prompt: Mapping[str, Any]) -> str:
    return ", ".join(material_word(m) for m in prompt.get("demand") or [])


def _lead(prompt: Mapping[str, Any], d: Describer) -> str:
    return _("Lead a role, or think.")


def _follow(prompt: Mapping[str, Any], d: Describer) -> str:
    return _("Follow %(role)s, or think.") % {"role": role_word(prompt.get("role", ""))}


def _think(prompt: Mapping[str, Any], d: Describer) -> str:
    left = _left(prompt)
    return ngettext(
        "Think: %(left)s Thinker action left.", "Think: %(left)s Thinker actions left.", left
    ) % {"left": left}


def _act(prompt: Mapping[str, Any], d: Describer) -> str:
    left = _left(prompt)
    text = ngettext("%(role)s: %(left)s action left.", "%(role)s: %(left)s actions left.", left)
    text %= {"role": role_word(prompt.get("role", "")), "left": left}
    if prompt.get("early"):
        text += " " + _("Act now, out of turn order, or skip to wait for your turn.")
    return text


def _complete(prompt: Mapping[str, Any], d: Describer) -> str:
    building = d.card(prompt.get("building"), material=False)
    return _("You may complete your %(card)s now.") % {"card": building}


def _claim(prompt: Mapping[str, Any], d: Describer) -> str:
    return _("Rome demands %(materials)s: take from the Pool.") % {"materials": _demanded(prompt)}


def _give(prompt: Mapping[str, Any], d: Describer) -> str:
    return _("Rome demands %(materials)s: give to %(seat)s.") % {
        "materials": _demanded(prompt),
        "seat": d.seat(prompt.get("to")),
    }


def _bath(prompt: Mapping[str, Any], d: Describer) -> str:
    roles = _either([role_word(r) for r in prompt.get("roles") or [prompt.get("role", "")]])
    text = _("%(card)s: your new client may act now, as %(roles)s.") % {
        "card": card_name("Bath"),
        "roles": roles,
    }
    if prompt.get("waiting"):
        text += " " + _("Your last new client's action waits to join this one out of town.")
    return text


def _foundry(prompt: Mapping[str, Any], d: Describer) -> str:
    return _(
        "%(card)s: you drew %(drawn)s into your Stockpile; you may take a card from the Pool "
        "as well."
    ) % {"card": card_name("Foundry (2005)"), "drawn": d.card(prompt.get("drawn"))}


def _triclinium(prompt: Mapping[str, Any], d: Describer) -> str:
    """One client, or up to `most` when several acted in one action."""
    if prompt.get("most"):
        return _("%(card)s: you may put up to %(most)s clients that acted in your Vault.") % {
            "card": card_name("Triclinium"),
            "most": prompt["most"],
        }
    return _("%(card)s: you may put a client that acted in your Vault.") % {
        "card": card_name("Triclinium")
    }


# The decisions a building's function asks for: the building, and what it offers.
BUILDING_PROMPTS = {
    "stairway": (
        "Stairway",
        gettext_lazy(
            "%(card)s: you may add a material to an opponent's structure to make it public."
        ),
    ),
    "senate": (
        "Senate",
        gettext_lazy("%(card)s: you may take the Jacks your opponents played this turn."),
    ),
    "fountain": (
        "Fountain",
        gettext_lazy("%(card)s: lay the drawn card, build with it, or keep it in hand."),
    ),
    "slay": (
        "Colosseum",
        gettext_lazy("%(card)s: you may throw matching clients to the lions, into your Vault."),
    ),
    "raze": (
        "Domus Aurea",
        gettext_lazy("%(card)s: you may tear down one empty matching foundation per victim."),
    ),
    "steal": ("Prison", gettext_lazy("%(card)s: you may take an opponent's completed structure.")),
    "sewer": (
        "Sewer",
        gettext_lazy("%(card)s: you may put the cards you played this turn into your Stockpile."),
    ),
    # The Geek expansion's (engine/buildings/geek.py, geek_bacchanalia.py).
    "enlist": (
        "Castra Praetoria",
        gettext_lazy("%(card)s: you may make its materials your clients."),
    ),
    "solarium": (
        "Solarium",
        gettext_lazy("%(card)s: you may move one material of the structure to your Stockpile."),
    ),
    "aerarium": (
        "Aerarium",
        gettext_lazy(
            "%(card)s: you may give its Site to a player to use one of his structures' "
            "upon-completion functions."
        ),
    ),
    "bacchanalia": (
        "Bacchanalia",
        gettext_lazy(
            "%(card)s: use the revealed cards (each use once), or skip: the rest go to your hand."
        ),
    ),
}


def _building_prompt(kind: str) -> Words:
    building, words = BUILDING_PROMPTS[kind]
    return lambda prompt, d: str(words) % {"card": card_name(building)}


WORDS: dict[str, Words] = {
    "lead": _lead,
    "follow": _follow,
    "think": _think,
    "act": _act,
    "complete": _complete,
    "claim": _claim,
    "give": _give,
    "bath": _bath,
    "foundry": _foundry,
    "triclinium": _triclinium,
    **{kind: _building_prompt(kind) for kind in BUILDING_PROMPTS},
}


def prompt_text(
    prompt: Mapping[str, Any],
    names: Mapping[int, str],
    seat_names: Mapping[int, str] | None = None,
) -> str:
    """Returns the prompt's words in the active language.

    An English reader gets the engine's own words.
    Others get words made from the prompt's kind.
    Cards are named as `names` names them: the viewer's view, by id (`card_names`).
    Seats are named by `seat_names`, or "seat 1" without it.
    """
    text = str(prompt.get("text", ""))
    words = WORDS.get(str(prompt.get("kind")))
    describer = Describer(names, seat_names=seat_names)
    if words is None or language_code() == ENGLISH:
        # The engine numbers seats from 0 ("give to seat 1"); people read names, or from 1.
        return SEAT_RE.sub(lambda m: describer.seat(int(m.group(1))), text)
    return words(prompt, describer)


SEAT_RE = re.compile(r"\bseat (\d+)")


def localized(prompt: dict[str, Any] | None, view: Any) -> dict[str, Any] | None:
    """Returns `prompt` with its text in the active language.

    An English reader gets the same object.
    Cards are named as `view` names them.
    """
    if prompt is None or language_code() == ENGLISH:
        return prompt
    return {**prompt, "text": prompt_text(prompt, card_names(view))}
