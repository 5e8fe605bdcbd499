"""MinPy's ``minpy.utils.common.enforce_type``: conversions and the ones refused."""
import math
import sys

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.array import Array
from minpy_compat.errors import ArgumentTypeError
from minpy_compat.utils.common import enforce_type


# ---- common.enforce_type -------------------------------------------------------------------
def test_arguments_are_converted_to_the_type():
    @enforce_type(float)
    def ratio(a, b, scale=1.0):
        return type(a), type(b), type(scale)

    assert ratio(1, onp.float32(2), scale=3) == (float, float, float)


def test_an_array_type_converts_values_not_shapes():
    @enforce_type(np.ndarray)
    def total(x):
        return x

    got = total([1.0, 2.0])
    assert type(got) is Array and got.tolist() == [1.0, 2.0]


def test_method_true_leaves_self_alone():
    class Box:
        @enforce_type(int, method=True)
        def put(self, count):
            return self, count

    box = Box()
    assert box.put(3.0) == (box, 3) and type(box.put(3.0)[1]) is int


def test_nan_converts_to_nan():
    @enforce_type(float)
    def same(x):
        return x

    assert math.isnan(same(onp.float32("nan")))


def test_a_value_that_cannot_be_converted_names_function_argument_and_types():
    @enforce_type(float)
    def scale(x, factor):
        return x * factor

    with pytest.raises(ArgumentTypeError, match=r"scale argument 1 'factor': expected float, "
                                                r"got str 'big'\. Pass a value that float\(\)"):
        scale(1.0, "big")
    with pytest.raises(TypeError, match=r"scale argument 'factor': expected float, got None"):
        scale(1.0, factor=None)


def test_a_conversion_that_would_change_the_value_is_refused():
    @enforce_type(int)
    def repeat(times):
        return times

    with pytest.raises(ArgumentTypeError, match=r"repeat argument 0 'times': expected int .*"
                                                r"got 2\.5, which would become 2\."):
        repeat(2.5)
    with pytest.raises(ArgumentTypeError, match="which would become"):
        enforce_type(float)(lambda n: n)(2 ** 60 + 1)
    assert repeat(4.0) == 4


def test_star_arguments_are_named_by_the_star():
    @enforce_type(int)
    def add(first, *rest):
        return first + sum(rest)

    assert add(1, 2.0, 3) == 6
    with pytest.raises(ArgumentTypeError, match=r"add argument 2 '\*rest': expected int"):
        add(1, 2, "three")


def test_the_wrapper_keeps_the_function_name_and_docstring():
    @enforce_type(float)
    def documented(x):
        """Doc."""
        return x

    assert documented.__name__ == "documented" and documented.__doc__ == "Doc."
    assert sys.modules[documented.__module__] is sys.modules[__name__]
