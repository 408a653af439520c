"""Each test of the languages starts and ends in English, the kit's default."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sailing_kit import set_language


@pytest.fixture(autouse=True)
def _english_around_each_test() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
