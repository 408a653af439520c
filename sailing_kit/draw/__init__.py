"""The pure picture, shared by every game: a scene of simple shapes (rendered to SVG or onto a
canvas), the palette, grid views, dice faces, cards, the wind arrow and the verdict box.

Nothing here imports Jupyter, so rules modules and static pictures may use it freely.
"""
