"""Card faces, drawn once per card type as PNG by one renderer.

The web pages use them as <img>. The HTML mails attach them inline, by Content-ID. Both give the
same alt text.

A face shows the card's name and its value. It shows the role and material by colour *and* by
word and shape. So colour-blind players can tell them apart. It says what the building does, in
our own short words (`FUNCTIONS`). The engine's catalog is the authority on materials and values.
"""

from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from functools import lru_cache

from django.utils.text import slugify
from PIL import Image, ImageDraw, ImageFont

from engine.cards import JACK, ORDER_TYPE, ROLE_OF_MATERIAL, VALUE_OF_MATERIAL

# What each building does, in a line or two of our own words. This is not the rulebook's text.
FUNCTIONS: dict[str, str] = {
    "Bar": "When you act as Patron, you may also hire the top card of the deck.",
    "Insula": "You may keep two more clients.",
    "Latrine": "Before you think, you may throw one card from your hand into the Pool.",
    "Road": "Your Stone buildings accept any material.",
    "Circus": "Two cards of one role may stand in for any role when you lead or follow.",
    "Crane": "Any card in your hand may lead or follow Architect.",
    "Dock": "When you act as Laborer, you may also stock a card from your hand.",
    "Market": "Your vault holds two more cards.",
    "Palisade": "Legionaries cannot demand from you (unless they have a Bridge).",
    "Academy": "After a turn in which you worked as Craftsman, you may think once.",
    "Archway": "As Architect you may build with materials straight from the Pool.",
    "Atrium": "As Merchant you may put the top card of the deck into your vault.",
    "Bath": "A client you hire acts at once in the role led.",
    "Foundry": "When finished: one Laborer action for each point of influence.",
    "Gate": "Your Marble foundations already give their powers.",
    "School": "When finished: think once for each point of influence.",
    "Shrine": "You refill your hand to two more cards.",
    "Amphitheatre": "When finished: one Craftsman action for each point of influence.",
    "Aqueduct": "Twice as many clients; as Patron you may also hire from your hand.",
    "Bridge": "Your Legionary reaches every player, takes from stockpiles, ignores Palisades.",
    "Senate": "At the end of a turn you may pick up the Jacks others played.",
    "Storeroom": "Every one of your clients counts as a Laborer too.",
    "Tower": "Rubble fits any building; building out of town costs you no extra action.",
    "Tribunal": "Whenever you think, you may take a Jack as well.",
    "Vomitorium": "Before you think, you may throw your whole hand into the Pool.",
    "Wall": "Legionaries cannot demand from you; one point for every two stockpiled cards.",
    "Catacomb": "Finishing it ends the game at once.",
    "Circus Maximus": "Clients of the role you lead or follow act twice.",
    "Colosseum": "Your Legionary also takes the matching clients of others into your vault.",
    "Domus Aurea": "Your Legionary also knocks down matching empty foundations.",
    "Garden": "When finished: one Patron action for each point of influence.",
    "Prison": "When finished, you may swap it for a building of another player.",
    "Scriptorium": "A single Marble finishes any of your buildings.",
    "Sewer": "The cards you led or followed with may go to your stockpile.",
    "Villa": "One Architect action into it finishes it.",
    "Basilica": "As Merchant you may also vault a card from your hand.",
    "Forum": "Holding a client of every role wins the game.",
    "Forum Romanum": "A client of every role and a stockpile of every material wins the game.",
    "Fountain": "As Craftsman you may work with the top card of the deck.",
    "Ludus Magna": "Each Merchant client also counts as a client of any other role.",
    "Palace": "Lead or follow with several cards: one action for each.",
    "Stairway": "As Architect you may add to another's finished building; its power is shared.",
    "Statue": "Fits any site. Worth three points at the end.",
    "Temple": "You refill your hand to four more cards.",
    # The 2005 first edition's own types (engine/cards.py, FIRST_EDITION_TYPES).
    "Bar (2005)": "As Patron you may hire from your hand, not the Pool, even out of turn.",
    "Dock (2005)": "As Laborer you may stock from your hand, not the Pool, even out of turn.",
    "Atrium (2005)": "As Merchant you may vault a hidden card from your hand, not your stockpile.",
    "Bath (2005)": "A client you hire acts at once; you may send an old client back to the Pool.",
    "Foundry (2005)": "As Laborer you may first stock the top card of the deck.",
    "School (2005)": "Each time you think, you think a second time.",
    "Aqueduct (2005)": "You may keep four more clients.",
    "Bridge (2005)": "Your Legionary reaches every player, ignores Palisades, may act out of turn.",
    "Senate (2005)": "In a turn you led, you may think once your actions are done.",
    "Storeroom (2005)": "When finished: one Laborer action for each point of influence.",
    "Tower (2005)": "Rubble fits any building, and any foundation may go on a Rubble site.",
    "Wall (2005)": "One point for every two stockpiled cards; Legionaries still demand.",
    "Circus Maximus (2005)": "When you lead, any card in your hand may stand in as a Jack.",
    "Coliseum (2005)": "Your Legionary also takes the matching clients of others into your vault.",
    "Fountain (2005)": "Each of your clients works as a Craftsman too.",
    "Prison (2005)": "When finished, you may take over another player's building and its power.",
    "Sewer (2005)": "Before you think, you may throw your whole hand into the Pool.",
    "Basilica (2005)": "Your vault holds twice as many cards.",
    "Scriptorium (2005)": "Your foundations may go on a site of any material.",
    "Stairway (2005)": "Any Architect action that adds a material finishes that building.",
    "Statue (2005)": "Fits any site; three materials finish it. Worth three points at the end.",
    # The Geek expansion's types (engine/cards.py, GEEK_TYPES).
    "Castra": "If a Legionary takes cards from your hand, you may think once at the turn's end.",
    "Watermill": "When you lead or follow Laborer, your Architect clients act afterwards.",
    "Domus": "When finished: one Patron action; a new client of the role led acts this turn.",
    "Watch Post": "As Craftsman you may pull down a finished building, back to hand and stockpile.",
    "Aerarium": "Your influence counts as the highest at the table (not in scoring). When "
    "finished: pay its site to reuse a building's when-finished power.",
    "Castra Praetoria": "When finished, its materials may become clients. Your Legionary may "
    "show your unfinished buildings.",
    "Solarium": "Finishing a building as Architect, you may stock one of its materials.",
    "Triclinium": "When you lead or follow, a client that acted may go to your vault.",
    "Bacchanalia": "When finished: turn up a card per influence; stock, hire, vault, lay or "
    "build with one each, the rest to your hand.",
    "Plebian Council": "More Laborer clients in play than Legionaries, and the most of them, wins.",
    JACK: "Wild: leads or follows any role.",
}

# Material colours, and the text colours on them. They are the game's own, yellow rubble to
# purple marble.
COLOURS: dict[str, tuple[str, str]] = {
    "rubble": ("#e3b72f", "#2b2100"),
    "wood": ("#3f7f35", "#ffffff"),
    "brick": ("#b3382c", "#ffffff"),
    "concrete": ("#7d848b", "#ffffff"),
    "stone": ("#2e66a8", "#ffffff"),
    "marble": ("#7a4aa3", "#ffffff"),
    "jack": ("#222222", "#ffffff"),
}
# A shape per material beside its name, for readers who cannot tell the colours apart.
SHAPES = {
    "rubble": "triangle",
    "wood": "plank",
    "brick": "bricks",
    "concrete": "circle",
    "stone": "diamond",
    "marble": "column",
    "jack": "star",
}

WIDTH, HEIGHT = 240, 320  # Twice the size shown, to stay sharp on phones.


@dataclass(frozen=True)
class Face:
    """What a card face says, for the picture and its alt text."""

    name: str
    material: str  # "jack" for a Jack.
    role: str  # "any role" for a Jack.
    value: int
    function: str

    @property
    def slug(self) -> str:
        return slugify(self.name)

    @property
    def alt(self) -> str:
        if self.material == "jack":
            return f"Jack: {self.function}"
        return (
            f"{self.name}: {self.material.capitalize()}, {self.role.capitalize()}, "
            f"value {self.value}. {self.function}"
        )


def face(name: str) -> Face | None:
    """Returns the face of a card type by name, or None for no card."""
    if name == JACK:
        return Face(JACK, "jack", "any role", 0, FUNCTIONS[JACK])
    order = ORDER_TYPE.get(name)
    if order is None:
        return None
    role = ROLE_OF_MATERIAL[order.material]
    return Face(name, order.material, role, VALUE_OF_MATERIAL[order.material], FUNCTIONS[name])


FACES_BY_SLUG = {f.slug: f for f in (face(n) for n in [JACK, *ORDER_TYPE]) if f is not None}


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size)


def _shape(draw: ImageDraw.ImageDraw, kind: str, box: tuple[int, int, int, int], ink: str) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if kind == "triangle":
        draw.polygon([(x0 + w / 2, y0), (x1, y1), (x0, y1)], fill=ink)
    elif kind == "plank":
        draw.rounded_rectangle((x0, y0 + h * 0.25, x1, y1 - h * 0.25), radius=3, fill=ink)
    elif kind == "bricks":
        half = (y1 - y0) / 2
        draw.rectangle((x0, y0 + 1, x1, y0 + half - 2), fill=ink)
        draw.rectangle((x0, y0 + half + 1, x1, y1 - 1), fill=ink)
    elif kind == "circle":
        draw.ellipse(box, fill=ink)
    elif kind == "diamond":
        draw.polygon([(x0 + w / 2, y0), (x1, y0 + h / 2), (x0 + w / 2, y1), (x0, y0 + h / 2)], ink)
    elif kind == "column":
        draw.rectangle((x0, y0, x1, y0 + 4), fill=ink)
        draw.rectangle((x0 + w * 0.25, y0 + 4, x1 - w * 0.25, y1 - 4), fill=ink)
        draw.rectangle((x0, y1 - 4, x1, y1), fill=ink)
    else:  # star
        cx, cy, r = x0 + w / 2, y0 + h / 2, w / 2
        points = []
        for i in range(10):
            import math

            radius = r if i % 2 == 0 else r * 0.45
            angle = math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
        draw.polygon(points, fill=ink)


def _wrapped(draw: ImageDraw.ImageDraw, text: str, top: int, size: int, ink: str) -> None:
    font = _font(size)
    width = 20 if size >= 20 else 24
    for line in textwrap.wrap(text, width=width):
        draw.text((WIDTH / 2, top), line, font=font, fill=ink, anchor="ma")
        top += size + 5


@lru_cache(maxsize=64)
def png(slug: str) -> bytes:
    """Returns a card type's face as PNG bytes. Drawn once per process."""
    f = FACES_BY_SLUG[slug]
    fill, ink = COLOURS[f.material]
    image = Image.new("RGB", (WIDTH, HEIGHT), "#ffffff")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, WIDTH - 1, HEIGHT - 1), radius=16, fill="#fbf7ee", outline=fill, width=6
    )
    draw.rounded_rectangle((0, 0, WIDTH - 1, 74), radius=16, fill=fill)
    draw.rectangle((0, 50, WIDTH - 1, 74), fill=fill)
    name_size = 28
    while draw.textlength(f.name, font=_font(name_size)) > WIDTH - 80 and name_size > 16:
        name_size -= 1
    draw.text(
        (16, 22),
        f.name,
        font=_font(name_size),
        fill=ink,
        anchor="lm",
        stroke_width=1,
        stroke_fill=ink,
    )
    if f.value:
        draw.ellipse((WIDTH - 50, 8, WIDTH - 12, 46), fill="#f4d35e", outline="#5c4a00", width=2)
        draw.text(
            (WIDTH - 31, 27),
            str(f.value),
            font=_font(24),
            fill="#2b2100",
            anchor="mm",
            stroke_width=1,
            stroke_fill="#2b2100",
        )
    role = "JACK" if f.material == "jack" else f.role.upper()
    material = "any role" if f.material == "jack" else f.material.capitalize()
    _shape(draw, SHAPES[f.material], (16, 52, 36, 70), ink)
    draw.text((44, 61), f"{role} · {material}", font=_font(17), fill=ink, anchor="lm")
    _wrapped(draw, f.function, 94, 20, "#1f1f1f")
    draw.rectangle((6, HEIGHT - 44, WIDTH - 7, HEIGHT - 7), fill=fill)
    _shape(draw, SHAPES[f.material], (16, HEIGHT - 36, 36, HEIGHT - 16), ink)
    word = "JACK" if f.material == "jack" else f.material.upper()
    draw.text(
        (44, HEIGHT - 26),
        word,
        font=_font(18),
        fill=ink,
        anchor="lm",
        stroke_width=1,
        stroke_fill=ink,
    )
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()
