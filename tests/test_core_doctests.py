"""The docstring examples of the core modules run and show what they say (the Cell
layer's and the toolkit's have their own test files; the facade's docstrings are NumPy's
own, copied, and are not ours to run)."""
import doctest
import importlib

import pytest

CORE = ["minpy_compat", "minpy_compat.core", "minpy_compat.arguments",
        "minpy_compat.conversion", "minpy_compat.jacobians", "minpy_compat.primitive",
        "minpy_compat.context", "minpy_compat.dispatch.policy"]


@pytest.mark.parametrize("name", CORE)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
