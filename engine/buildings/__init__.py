"""Every building function of Republic and Imperium (Black Box rulebook, Appendix I), one class per
card in the module of its material, registered in the power table of engine/powers.py (bursts.py
holds what the four upon-completion bursts share; geek.py and geek_bacchanalia.py the Geek
expansion's, Appendix III). Importing this package registers them all."""

from . import brick, concrete, first_edition, geek, geek_bacchanalia, marble, rubble, stone, wood

__all__ = [
    "brick",
    "concrete",
    "first_edition",
    "geek",
    "geek_bacchanalia",
    "marble",
    "rubble",
    "stone",
    "wood",
]
