"""sailing_kit: five sailing and yacht games for the classroom.

Each game lives in its own package (``sailing_kit.race``, ...) with a pure rules engine,
drawing code that turns a state into a picture, and a widget board for Jupyter.
Shared pieces live in :mod:`sailing_kit.core` and :mod:`sailing_kit.widgets`.
``sailing_kit.set_language("hu")`` speaks Hungarian from then on (en, hu, bg, fr, ru).
"""

from sailing_kit.core.i18n import set_language

__all__ = ["set_language"]
__version__ = "0.1.0"
