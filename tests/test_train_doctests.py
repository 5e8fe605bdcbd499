"""The docstring examples of the training API and the dataset run and show what they say."""
import doctest
import importlib

import pytest

MODULES = ["minpy_compat.train", "minpy_compat.train.model", "minpy_compat.train.metrics",
           "minpy_compat.train.checkpoint", "minpy_compat.train.early_stopping",
           "minpy_compat.dataset", "minpy_compat.train.metrics_more",
           "minpy_compat.train.lr_callbacks", "minpy_compat.train.loss_scale_manager",
           "minpy_compat.ms_functions"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
