"""What needs Jupyter: the canvas painter, the board base, the message log, the hot seat and apps.

The pictures themselves are drawn by :mod:`sailing_kit.draw`; only the boards import this package.
"""
