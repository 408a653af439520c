"""sailing_kit: five sailing and yacht games for the classroom.

Each game lives in its own package (``sailing_kit.race``, ...) with a pure rules engine,
drawing code that turns a state into a picture, and a widget board for Jupyter.
Shared pieces live in :mod:`sailing_kit.core` and :mod:`sailing_kit.widgets`.
"""

__version__ = "0.1.0"
