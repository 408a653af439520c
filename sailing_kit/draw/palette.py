"""The kit's colours: the Okabe-Ito palette, safe for the common forms of colour blindness.

Colour is never the only cue: boats also carry a letter, options a number, tacks a label.
"""

BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"

OKABE_ITO = (BLACK, ORANGE, SKY_BLUE, BLUISH_GREEN, YELLOW, BLUE, VERMILLION, REDDISH_PURPLE)

WATER = "#EEF6FB"
GRID = "#A9C4D6"
INK = "#1B1B1B"
MUTED = "#6B7B88"
HIGHLIGHT = SKY_BLUE
LAST_MOVE = YELLOW
"""Under the last move (its track, the dice kept, the card played), as game sites mark it."""
WARNING = VERMILLION
"""A target the umpire would penalise."""
MARK = ORANGE
NO_GO = "#C9C9C9"

STARBOARD = BLUE
"""Starboard tack. Sailors use green; blue stays distinct from port for red-green colour blindness."""
PORT = VERMILLION

PLAYERS = (BLUE, VERMILLION, BLUISH_GREEN, REDDISH_PURPLE, ORANGE, SKY_BLUE)
"""One colour per player, in seat order."""
