"""Every building function of Republic and Imperium (Black Box rulebook, Appendix I), one class per
card in the module of its material, registered in the power table of engine/powers.py (bursts.py
holds what the four upon-completion bursts share). Importing this package registers them all."""

from . import brick, concrete, first_edition, marble, rubble, stone, wood

__all__ = ["brick", "concrete", "first_edition", "marble", "rubble", "stone", "wood"]
