"""The docstring examples of the Cell layer's modules run and show what they say."""
import doctest
import importlib

import pytest

MODULES = ["minpy_compat.tensor", "minpy_compat.dtype", "minpy_compat.ms_context",
           "minpy_compat.nn.cell", "minpy_compat.nn.basic", "minpy_compat.nn.loss",
           "minpy_compat.nn.optimizer", "minpy_compat.nn.wrappers", "minpy_compat.ops",
           "minpy_compat.ops.functional", "minpy_compat.ops.primitives", "minpy_compat.ops.grad",
           "minpy_compat.ops.grad_arguments", "minpy_compat.ops.differentiate",
           "minpy_compat.ops.grad_operation", "minpy_compat.ops.any_grad",
           "minpy_compat.ops.reductions", "minpy_compat.ops.shaping",
           "minpy_compat.ops.activations", "minpy_compat.ops.indexing",
           "minpy_compat.ops.creation", "minpy_compat.ops.tensor_methods",
           "minpy_compat.ops.hooks", "minpy_compat.ops.custom", "minpy_compat.ops.custom_info",
           "minpy_compat.common.initializer", "minpy_compat.common.structured"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    import minpy_compat as ms
    try:
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    assert result.attempted > 0 and result.failed == 0
