"""What needs Jupyter: the canvas painter, the board base, the message log, the hot seat and apps.

The pictures themselves are drawn by :mod:`sailing_kit.draw`; only the boards import this package.
The boards paint with the kit's own anywidget canvas (``canvas.py`` and ``canvas.js``), not
ipycanvas: ipycanvas focuses its canvas before it measures a press, so on a scrolled page a
click lands off by the scroll (docs/ipycanvas.md has the details and a reproduction). Any kit
picture can still be painted on an ipycanvas canvas with ``scene.paint(canvas)``.
"""
