"""Drawing and widgets shared by every board.

``scene`` and ``palette`` are pure Python (rules modules may draw with them); ``canvas`` and
``board`` need ipywidgets and ipycanvas and are imported only by the boards.
"""
