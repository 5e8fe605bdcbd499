"""Cell-layer fuzz round 7: MindSpore 2.10 (CPU) faithfulness of containers, Dropout's
arguments, Concat/Stack dtypes and Cast of Python numbers. Each docstring records what
MindSpore printed."""
from collections import OrderedDict

import numpy
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

F32 = ms.Tensor(numpy.ones(2, numpy.float32))
I32 = ms.Tensor(numpy.ones(2, numpy.int32))
F16 = ms.Tensor(numpy.ones(2, numpy.float16))


@pytest.mark.parametrize("join, where", [
    (lambda ts: ops.concat(ts), "ops.concat"), (lambda ts: ops.cat(ts), "ops.cat"),
    (lambda ts: ops.stack(ts), "ops.stack"), (lambda ts: ops.Concat()(ts), "Concat"),
    (lambda ts: ops.Stack()(ts), "Stack")])
@pytest.mark.parametrize("other", [I32, F16], ids=["int32", "float16"])
def test_joining_mixed_dtypes_is_refused(join, where, other):
    """MindSpore: ops.concat((f32, i32)) -> RuntimeError: KernelMod Init Failed: Concat;
    ops.stack -> TypeError: All input must have the same data type!input[1] data type =
    Tensor[Int32]. NumPy would widen float32 and int32 to float64."""
    with pytest.raises(TypeError, match=rf"{where}: expected Tensors of one dtype "
                       rf"\(item 0 is float32\), got {other.dtype} for item 1"):
        join((F32, other))


@pytest.mark.parametrize("value, dtype, expected", [
    (1.5, ms.int32, 1), (3, ms.float32, 3.0), (True, ms.float32, 1.0)])
def test_cast_of_a_python_number_is_a_0d_tensor(value, dtype, expected):
    """MindSpore: ops.cast(1.5, ms.int32) -> Tensor(shape=[], dtype=Int32, value= 1);
    ops.Cast()(3, ms.float32) -> Tensor(shape=[], dtype=Float32, value= 3);
    ops.Cast()(True, ms.float32) -> value= 1."""
    for cast in (ops.cast, ops.Cast()):
        got = cast(value, dtype)
        assert got.shape == () and got.dtype == dtype and got.item() == expected


def test_cast_of_a_list_is_refused_with_a_message():
    """MindSpore: ops.Cast()([1.5, 2.5], ms.int32) -> TypeError: Failed calling Cast with
    "Cast()(input=List<float, float>, dtype=mindspore.dtype)"."""
    with pytest.raises(TypeError, match=r"^Cast input: expected a Tensor or a number, "
                       r"got list \[1.5, 2.5\]"):
        ops.Cast()([1.5, 2.5], ms.int32)


@pytest.mark.parametrize("cells", [
    OrderedDict([(1, nn.ReLU()), (2, nn.Tanh())]), {1: nn.ReLU(), 2: nn.Tanh()}])
def test_sequential_cell_int_keys_are_refused(cells):
    """MindSpore: SequentialCell(OrderedDict([(1, ReLU()), ...])) -> TypeError: For
    'insert_child_to_cell', the type of parameter 'child_name' must be str, but got
    <class 'int'>. Here they became the names '1', '2', which read like positions."""
    with pytest.raises(TypeError, match="SequentialCell key: expected a str, got int 1"):
        nn.SequentialCell(cells)


@pytest.mark.parametrize("key", ["", "a.b"])
def test_sequential_cell_empty_or_dotted_keys_are_refused(key):
    """MindSpore: SequentialCell(OrderedDict([('a.b', ReLU())])) -> KeyError: For
    'insert_child_to_cell', the parameter 'child_name' can not be None and can not contain
    '.'. Here Parameter names became '.weight' or ambiguous 'a.b.weight'."""
    with pytest.raises(KeyError, match=r"SequentialCell key: expected a non-empty str "
                       r"without '\.', got '" + key.replace(".", r"\.") + "'"):
        nn.SequentialCell(OrderedDict([(key, nn.Dense(2, 1))]))


@pytest.mark.parametrize("kwargs, name, got", [
    ({"keep_prob": True}, "keep_prob", "bool True"), ({"p": True}, "p", "bool True"),
    ({"p": False}, "p", "bool False"), ({"p": "0.5"}, "p", "str '0.5'")])
def test_dropout_non_number_probability_is_a_type_error(kwargs, name, got):
    """MindSpore: nn.Dropout(p=True) -> TypeError: For 'Dropout', the type of 'p' should be
    one of '['float', 'int']', but got type 'bool'; keep_prob=True and p='0.5' alike.
    Here they raised a ValueError, which `except TypeError` did not catch."""
    with pytest.raises(TypeError, match=f"Dropout {name}: expected a float, got {got}"):
        nn.Dropout(**kwargs)
