"""Every building function of Republic and Imperium (Black Box rulebook, Appendix I), one class per
card, registered in the power table of engine/powers.py. Importing this package registers them
all."""

from . import brick, concrete, marble, rubble, stone, wood

__all__ = ["brick", "concrete", "marble", "rubble", "stone", "wood"]
