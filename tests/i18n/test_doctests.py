"""The runnable examples in the docstrings of the language modules hold."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from cardsuite.cli import _help_words, _language
from cardsuite.core import message
from cardsuite.i18n import language, reasons


@pytest.mark.parametrize("module", [language, message, _language, _help_words, reasons], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
