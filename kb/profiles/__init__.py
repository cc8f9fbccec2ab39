"""Language profiles: one module per law book language, each defining `PROFILE`.

>>> sorted(available())
['et', 'fi', 'sk', 'tr']
"""

from __future__ import annotations

import importlib
import pkgutil

from kb.profile import Profile


def available() -> list[str]:
    """The languages that have a law-book profile."""
    return [m.name for m in pkgutil.iter_modules(__path__)]


def load_profile(lang: str) -> Profile:
    """The profile of a language's law book.

    >>> load_profile("sk").lang
    'sk'
    """
    if lang not in available():
        raise KeyError(f"no law-book profile for language {lang!r}")
    return importlib.import_module(f"kb.profiles.{lang}").PROFILE
