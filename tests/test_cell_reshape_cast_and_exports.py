"""ops.reshape's int shape, ops.cast of NaN, the exported Cells and the assign split out of
ops/functional.py.

The expected numbers are what MindSpore 2.10 (CPU, PyNative) printed for the same inputs,
rounded to 6 decimals; each test's docstring names the call."""
import doctest
import importlib
import pathlib
import warnings

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellTypeError
from minpy_compat.ops import functional
from cell_loss_helpers import T


# ---- ops.reshape, ops.cast ----------------------------------------------------------------
@pytest.mark.parametrize("call", [lambda x: ops.Reshape()(x, 6), lambda x: ops.reshape(x, -1),
                                  lambda x: ops.reshape(x, 6.0), lambda x: ops.reshape(x, "ab"),
                                  lambda x: ops.reshape(x, (2, 3.0))])
def test_reshape_refuses_a_shape_that_is_not_a_tuple_of_ints(call):
    """MindSpore: ops.Reshape()(x, 6), ops.reshape(x, -1), (x, 6.0), (x, 'a') -> TypeError
    'Failed calling Reshape with "Reshape()(input=Tensor, shape=int)"' (here: 'int' object is
    not iterable); a list [3, 2] works."""
    x = T(onp.arange(6).reshape(2, 3))
    with pytest.raises(CellTypeError, match="(ops.reshape|Reshape) shape: expected a tuple "
                                            "or list of ints"):
        call(x)
    assert ops.reshape(x, [3, 2]).shape == (3, 2)
    assert ops.Reshape()(x, (onp.int64(6),)).shape == (6,)


def test_reshape_hints_a_tuple_for_an_int():
    with pytest.raises(CellTypeError, match=r"got int 6. Pass a tuple: \(6,\)"):
        ops.reshape(T([1.0] * 6), 6)


def test_cast_of_nan_and_inf_to_ints_gives_mindspores_values_without_a_warning():
    """MindSpore: Cast([nan, 1.5, inf, -inf, -2.7], int32) -> [-2147483648, 1, -2147483648,
    -2147483648, -2]; int64 -> [-2**63, 1, -2**63, -2**63, -2]; uint8 -> [0, 1, 0, 0, 254];
    bool -> all True (no warning there; NumPy 2 warns 'invalid value encountered in cast')."""
    n = T([onp.nan, 1.5, onp.inf, -onp.inf, -2.7])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        i32 = ops.Cast()(n, ms.int32)
        i64 = ops.cast(n, ms.int64)
        flags = ops.cast(n, ms.bool_)
    onp.testing.assert_array_equal(i32, [-2 ** 31, 1, -2 ** 31, -2 ** 31, -2])
    assert i32.dtype == onp.int32
    onp.testing.assert_array_equal(i64, [-2 ** 63, 1, -2 ** 63, -2 ** 63, -2])
    assert flags.dtype == onp.bool_ and flags.all()


# ---- exports, the functional.py split ----------------------------------------------------
def test_the_new_cells_are_exported():
    for name in ("LogSoftmax", "SmoothL1Loss", "CrossEntropyLoss"):
        assert name in nn.__all__ and getattr(nn, name).__module__.startswith("minpy_compat.nn")


def test_assign_lives_in_ops_writes_and_functional_stays_small():
    writes = importlib.import_module("minpy_compat.ops.writes")
    assert functional.assign_all is writes.assign_all and ops.assign is writes.assign
    result = doctest.testmod(writes)
    assert result.attempted > 0 and result.failed == 0
    assert len(pathlib.Path(functional.__file__).read_text().splitlines()) < 300
