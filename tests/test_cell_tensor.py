"""Tensor, Parameter, ParameterTuple, dtypes and set_context (MindSpore's names)."""
import copy

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dtype as mstype
from minpy_compat.errors import CellArgumentError, CellTypeError, ContextError


def test_python_floats_default_to_float32_and_ints_to_int64():
    assert ms.Tensor([0.1, 0.2]).dtype == ms.float32
    assert ms.Tensor(2.0).dtype == mstype.float32
    assert ms.Tensor(1).dtype == ms.int64 and ms.Tensor([1, 2]).dtype == ms.int64
    assert ms.Tensor(True).dtype == ms.bool_
    assert ms.Tensor(onp.array([1.0])).dtype == ms.float64  # an ndarray keeps its dtype
    assert ms.Tensor(onp.array([1, 2], onp.int32)).dtype == ms.int32
    assert ms.Tensor([1, 2], ms.float16).dtype == ms.float16


def test_tensor_is_our_array_with_mindspore_methods():
    t = ms.Tensor([[1.0, 2.0]], dtype=ms.float32)
    assert isinstance(t, ms.Array) and isinstance(t, ms.Tensor)
    assert t.shape == (1, 2) and type(t.asnumpy()) is onp.ndarray
    assert t.astype(ms.int32).dtype == ms.int32
    assert not isinstance(onp.ones(2).tolist(), ms.Tensor)


def test_tensor_copies_its_data():
    data = onp.ones(2)
    t = ms.Tensor(data)
    data[0] = 5
    assert t[0] == 1


def test_tensor_with_shape_and_init():
    t = ms.Tensor(shape=(2, 3), dtype=ms.float32, init=ms.common.initializer.One())
    onp.testing.assert_array_equal(t, onp.ones((2, 3)))


def test_tensor_without_data_is_refused():
    with pytest.raises(TypeError, match="Tensor: expected input_data"):
        ms.Tensor()


def test_traced_values_are_tensors_and_pass_through():
    seen = []

    def f(x):
        seen.append((isinstance(x, ms.Tensor), ms.Tensor(x) is x))
        return (x * 2).sum()
    ms.ops.grad(f)(ms.Tensor([1.0]))
    assert seen == [(True, True)]


def test_parameter_has_name_and_gives_plain_arrays_from_arithmetic():
    p = ms.Parameter(ms.Tensor([2.0]), name="weight")
    assert p.name == "weight" and p.requires_grad
    assert isinstance(p, ms.Tensor) and issubclass(ms.Parameter, ms.Tensor)
    for result in (p * 2, p + p, p[0:1], p.reshape(1, 1), onp.sum(p), p.T, -p):
        assert not isinstance(result, ms.Parameter)
    assert repr(p) == "Parameter (name=weight, shape=(1,), dtype=Float32, requires_grad=True)"


def test_parameter_in_place_update_keeps_the_parameter():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    alias = p
    p += 1
    assert p is alias and isinstance(p, ms.Parameter)
    onp.testing.assert_array_equal(alias, [2.0, 3.0])


def test_set_data_replaces_in_place_and_keeps_dtype():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    p.set_data(onp.array([3.0, 4.0]))
    onp.testing.assert_array_equal(p, [3.0, 4.0])
    assert p.dtype == ms.float32


def test_set_data_with_another_shape_is_refused():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    with pytest.raises(ValueError, match=r"Parameter 'w'.set_data: expected data of shape \(2,\), "
                                         r"got shape \(3,\)"):
        p.set_data(ms.Tensor([1.0, 2.0, 3.0]))
    assert isinstance(pytest.raises(CellArgumentError, p.set_data, [1.0]).value, ValueError)


def test_parameter_rejects_non_tensors():
    with pytest.raises(CellTypeError, match="Parameter: expected a Tensor, array or number"):
        ms.Parameter("w")
    with pytest.raises(TypeError, match="Parameter.name: expected a str"):
        ms.Parameter(ms.Tensor([1.0])).name = 3


def test_parameter_clone_copy_and_hash():
    p = ms.Parameter(ms.Tensor([1.0]), name="w", requires_grad=False)
    twin = p.clone()
    assert twin is not p and twin.name == "w" and not twin.requires_grad
    twin += 1
    assert p[0] == 1
    zeros = p.clone(init="zeros")
    onp.testing.assert_array_equal(zeros, [0.0])
    deep = copy.deepcopy(p)
    assert isinstance(deep, ms.Parameter) and deep.name == "w"
    assert {p: 1}[p] == 1 and hash(p) != hash(twin)


def test_parameter_tuple_clone_names_with_prefix():
    params = ms.ParameterTuple([ms.Parameter(ms.Tensor([1.0]), name="w"),
                                ms.Parameter(ms.Tensor([2.0, 3.0]), name="b")])
    moments = params.clone(prefix="moments", init="zeros")
    assert [m.name for m in moments] == ["moments.w", "moments.b"]
    assert [m.shape for m in moments] == [(1,), (2,)]
    onp.testing.assert_array_equal(moments[1], [0.0, 0.0])
    with pytest.raises(TypeError, match="ParameterTuple item 0: expected a Parameter"):
        ms.ParameterTuple([ms.Tensor([1.0])])


def test_mstype_names_and_pretty():
    assert mstype.float32 is onp.float32 and ms.bool_ is onp.bool_
    assert mstype.pretty(ms.float32) == "Float32" and mstype.pretty(onp.int64) == "Int64"
    assert mstype.pytype_to_dtype(float) is ms.float64  # MindSpore 2.10: Float64


def gpu_count():
    try:
        import mxnet
    except ImportError:
        return 0
    return mxnet.context.num_gpus()


def test_set_context_accepts_mindspore_modes_and_targets():
    try:
        ms.set_context(mode=ms.GRAPH_MODE, device_target="cpu")
        assert ms.current_context() == ms.cpu(0)
        assert ms.get_context("mode") == ms.GRAPH_MODE
        assert ms.get_context("device_target") == "CPU"
        ms.set_context(ms.gpu(1))  # MinPy's spelling takes a Context
        assert ms.current_context() == ms.gpu(1)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    assert ms.current_context() == ms.cpu(0) and ms.get_context("mode") == ms.PYNATIVE_MODE


def test_gpu_target_needs_a_gpu():
    try:
        if gpu_count():
            ms.set_context(device_target="GPU")
            assert ms.current_context() == ms.gpu(0)
        else:
            with pytest.raises(ContextError, match=r"set_context device_target: expected a device "
                                                   r"this machine can compute on \(gpu\(0\)\), "
                                                   r"got 'GPU'. Use device_target='CPU'"):
                ms.set_context(device_target="GPU")
            assert ms.current_context() == ms.cpu(0)
    finally:
        ms.set_context(device_target="CPU")


def test_set_context_refuses_targets_without_a_context():
    with pytest.raises(ContextError, match="set_context device_target: expected 'CPU' or 'GPU'"):
        ms.set_context(device_target="Ascend")
    with pytest.raises(RuntimeError, match="set_context mode: expected GRAPH_MODE"):
        ms.set_context(mode=3)
    with pytest.raises(RuntimeError, match="get_context: expected one of"):
        ms.get_context("nothing")
    assert ms.get_context("device_target") == "CPU"
