"""Parameter.has_init and init_data as MindSpore 2.10 shows them in PyNative: a Parameter
(from data, from ``initializer(...)``, or cloned) reports ``has_init`` False, and
``init_data()`` returns the Parameter itself with its data (MindSpore 2.10 printed False,
False, False and True for the same code)."""
import numpy as onp

import minpy_compat as ms
from minpy_compat.common.initializer import Constant, initializer


def test_has_init_is_false_for_data_initializer_and_clone():
    from_data = ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)), name="q")
    lazy = ms.Parameter(initializer(Constant(0.25), [3, 2], ms.float32), name="lazy")
    assert from_data.has_init is False
    assert lazy.has_init is False
    assert lazy.clone().has_init is False


def test_init_data_returns_the_parameter_with_its_values():
    lazy = ms.Parameter(initializer(Constant(0.25), [3, 2], ms.float32), name="lazy")
    assert lazy.init_data() is lazy
    onp.testing.assert_array_equal(lazy.asnumpy(), onp.full((3, 2), 0.25, onp.float32))
