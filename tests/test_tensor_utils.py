"""MindSpore's utility Tensor methods (``ops/tensor_utils.py``), gradient hooks
(``register_hook``, checked against what MindSpore 2.10's ``ms.grad`` gave) and the
top-level dtype aliases (``ms.float``, ``ms.long``, ...)."""
import subprocess
import sys

import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as mnp
from minpy_compat.errors import HookError

from conftest import check_grad


def T(values, dtype=onp.float32):
    return ms.Tensor(onp.array(values, dtype=dtype))


def test_dtype_moves():
    x = T([[1.0, 2.0], [3.0, 4.0]])
    assert x.to(ms.float64).dtype == onp.float64 and x.to(dtype=ms.int32).dtype == onp.int32
    assert x.to() is x and x.to("cpu") is x and x.to("cpu", ms.float16).dtype == onp.float16
    assert x.to(copy=True) is not x and x.to_("CPU") is x and x.to_() is x
    assert x.type() == "Float32" and x.type(ms.int32).dtype == onp.int32
    assert x.type("float64").dtype == onp.float64
    assert x.type_as(T([1], onp.int8)).dtype == onp.int8
    assert T([-1.0, 300.0, 2.5]).byte().tolist() == [255, 44, 2]
    assert T([2.75, -3.5], onp.float64).short().tolist() == [2, -3]
    assert T([2.75, -3.5]).short().dtype == onp.int16


def test_new_tensors_and_shapes():
    x = T([[1.0, 2.0], [3.0, 4.0]])
    assert x.new_zeros((2, 3)).tolist() == [[0.0] * 3] * 2
    assert x.new_zeros(3, dtype=ms.int32).dtype == onp.int32
    assert x.new_ones([2]).dtype == onp.float32 and x.new_full((2,), 7).tolist() == [7.0, 7.0]
    assert T([1], onp.int32).new_full((2,), 7.5).tolist() == [7, 7]
    assert x.new_empty((2,), dtype=ms.int64).shape == (2,)
    assert x.view_as(T([0.0] * 4)).shape == (4,) and x.reshape_as(T([[0.0] * 4])).shape == (1, 4)
    assert type(x.numpy()) is onp.ndarray and x.ndimension() == 2
    assert x.clone() is not x and x.clone().tolist() == x.tolist()
    assert x.value() is x and x.contiguous() is x
    assert x.T.contiguous().flags.c_contiguous


def test_facts():
    x = T(onp.zeros((2, 3, 4)))
    assert x.stride() == [12, 4, 1] and x.stride(1) == 4 and x.stride(-1) == 1
    assert T(1.0).stride() == []
    assert x.storage_offset() == 0 and x[1].storage_offset() == 12
    assert x[1, 2].storage_offset() == 20
    assert [T([1], d).is_signed() for d in (onp.float32, onp.int8, onp.uint8, bool)] == \
        [True, True, False, False]


def test_float64_finite_differences_and_float32():
    def f(x):
        x = mnp.array(x)  # finite differences pass plain NumPy arrays
        return x.to(ms.float64).view_as(T([0.0] * 6)).clone().contiguous().type_as(x) * x.view_as(
            T([0.0] * 6))
    check_grad(f, onp.random.RandomState(3).uniform(-1, 1, (2, 3)))
    g = ms.grad(lambda x: f(x).sum())(T(onp.ones((2, 3))))
    assert g.dtype == onp.float32


BAD = [
    (lambda: T([1.0]).to(ms.float32, ms.int32), ValueError, r"Tensor\.to: expected a device"),
    (lambda: T([1.0]).to("nonsense-type"), TypeError, r"Tensor\.to dtype: expected a dtype"),
    (lambda: T([1.0]).to_(ms.float32), ValueError, r"Tensor\.to_ device: expected None"),
    (lambda: T([1.0]).type(3.5), TypeError, r"Tensor\.type dtype: expected a dtype"),
    (lambda: T([1.0]).type_as([1]), TypeError, r"Tensor\.type_as other: expected a Tensor"),
    (lambda: T([1.0]).new_zeros(2, 3), TypeError, r"Tensor\.new_zeros dtype: expected"),
    (lambda: T([1.0]).new_ones((2, -1)), TypeError, r"Tensor\.new_ones size: expected"),
    (lambda: T([1.0]).new_full((2,), "x"), TypeError, r"Tensor\.new_full fill_value"),
    (lambda: T([1.0, 2.0]).view_as(T([1.0, 2.0, 3.0])), ValueError,
     r"Tensor\.view_as: expected a Tensor of 2 elements"),
    (lambda: T([1.0]).reshape_as(3), TypeError, r"Tensor\.reshape_as other: expected a Tensor"),
    (lambda: T([1.0]).stride(5), IndexError, r"Tensor\.stride dim: expected an int in \[-1, 1\)"),
    (lambda: T([1.0]).bfloat16(), TypeError, r"Tensor\.bfloat16: expected a dtype NumPy has"),
    (lambda: T([1.0]).to("bfloat16"), TypeError, r"Tensor\.to: expected a dtype NumPy has"),
    (lambda: T([1.0]).register_hook(3), HookError,
     r"Tensor\.register_hook: expected a callable"),
    (lambda: T([1.0]).remove_hook(0), HookError, r"Tensor\.remove_hook handle: expected"),
]


@pytest.mark.parametrize("call,error,match", BAD, ids=[b[2][:30] for b in BAD])
def test_bad_arguments_name_the_method(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_register_hook_as_mindspore():
    """MindSpore 2.10 gave [36, 72] (the hook doubling y's gradient [6, 12]), and the
    hook's None return keeps the gradient."""
    seen = []

    def double(g):
        seen.append(g.tolist())
        return g * 2

    def f(x):
        y = x * 3
        assert y.register_hook(double) is not None
        return (y * y).sum()
    assert ms.grad(f)(T([1.0, 2.0])).tolist() == [36.0, 72.0] and seen == [[6.0, 12.0]]

    def keep(x):
        y = x * 3
        y.register_hook(lambda g: None)
        return (y * y).sum()
    assert ms.grad(keep)(T([1.0, 2.0])).tolist() == [18.0, 36.0]


def test_removed_hook_does_nothing():
    def f(x, remove):
        y = x * 3
        handle = y.register_hook(lambda g: g * 100)
        if remove == "handle":
            handle.remove()
        elif remove == "method":
            y.remove_hook(handle)
        return (y * y).sum()
    for how in ("handle", "method"):
        assert ms.grad(lambda x: f(x, how))(T([1.0])).tolist() == [18.0]


def test_hook_gradient_dtype_is_fitted():
    def f(x):
        y = x * 2
        y.register_hook(lambda g: g.astype(onp.float64))
        return y.sum()
    assert ms.grad(f)(T([1.0])).dtype == onp.float32


def test_dtype_aliases_have_mindspore_values_and_load_lazily():
    assert (ms.float, ms.half, ms.double, ms.single) == (onp.float32, onp.float16, onp.float64,
                                                         onp.float32)
    assert (ms.int, ms.long, ms.short, ms.byte, ms.ubyte, ms.ushort) == (
        onp.int32, onp.int64, onp.int16, onp.int8, onp.uint8, onp.uint16)
    assert (ms.bool, ms.intc, ms.intp, ms.uintc, ms.uintp, ms.cfloat, ms.cdouble) == (
        onp.bool_, onp.int32, onp.int64, onp.uint32, onp.uint64, onp.complex64, onp.complex128)
    code = ("import sys, minpy_compat as ms; assert 'minpy_compat.common.dtype_names' not in "
            "sys.modules; ms.long; assert 'minpy_compat.common.dtype_names' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_method_table_matches_the_modules():
    """``tensor_methods``' stub table names exactly each module's methods."""
    from minpy_compat.ops import tensor_methods
    for module_name, names in tensor_methods.MODULES.items():
        assert sorted(tensor_methods.load(module_name).METHODS) == sorted(names)
        assert all(getattr(ms.Tensor([1.0]), n).__func__.__wrapped__ is  # named Tensor.<n>
                   tensor_methods.load(module_name).METHODS[n] for n in names)


def test_a_dtype_in_the_wrong_place_is_described():
    """``errors.describe`` of a class (ms.float32 is numpy.float32, whose ``shape`` is a
    slot) crashed with 'getset_descriptor object is not iterable'."""
    from minpy_compat.errors import describe
    assert describe(ms.float32) == "class numpy.float32"
    with pytest.raises(ValueError, match=r"Tensor\.to_ device: .*got class numpy\.float32\."):
        T([1.0]).to_(ms.float32)
