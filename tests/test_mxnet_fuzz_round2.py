"""A second fuzzing pass over the MXNet backend, the dispatch policies and contexts.

Under prefer_mxnet/only_mxnet: empty arrays, Python numbers that make NumPy widen a
dtype and arguments NumPy refuses give NumPy's results and errors, not MXNet's; 0-d
transposes stay 0-d; NumPy-int axes and shapes work; raw NDArrays reach NumPy-only
ops as their values; an MXArray has ndarray's remaining operators. customop('mxnet')
refuses empty arrays and dtypes MXNet lacks clearly; contexts check their device id;
a CPU-only MXNet build names the CUDA fix;
a thread that set a policy leaves nothing engaged when it ends; a symbol Function
with aux states runs in a second dtype.

Tests that need MXNet take the ``mx`` fixture, which skips them without it.
"""
import threading

import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat import customop, grad
from minpy_compat.context import Context, cpu, current_context, gpu
from minpy_compat.dispatch import _switch
from minpy_compat.dispatch.policy import set_global_policy, wrap_policy
from minpy_compat.errors import ContextError

AxisError = getattr(onp, "exceptions", onp).AxisError  # numpy.exceptions on NumPy 2
rng = onp.random.RandomState(23)
MXNET_POLICIES = ["prefer_mxnet", "only_mxnet"]


@pytest.fixture
def mx():
    return need_mxnet()


def numpy_and(policy, f, *args):
    """``f(*args)`` as plain NumPy data under only_numpy and under ``policy``."""
    with wrap_policy("only_numpy"):
        expected = onp.asarray(f(*args))
    with wrap_policy(policy):
        got = onp.asarray(f(*args))
    return expected, got


def assert_same(expected, got):
    assert got.shape == expected.shape and got.dtype == expected.dtype
    onp.testing.assert_allclose(got, expected, rtol=1e-12, equal_nan=True)


# ---- empty arrays: MXNet 1.x reads a 0 in a shape as "unknown" ---------------------------
E = onp.zeros((0, 3))
EMPTY_CASES = {
    "tanh": lambda: np.tanh(E), "add": lambda: np.add(E, E), "sum_axis": lambda: np.sum(
        onp.zeros((3, 0)), axis=1), "dot": lambda: np.dot(onp.zeros((2, 0)), onp.zeros((0, 3))),
    "concatenate": lambda: np.concatenate([E, E]), "stack": lambda: np.stack([E, E]),
    "reshape": lambda: np.reshape(E, (3, 0)), "transpose": lambda: np.transpose(E),
    "max_axis": lambda: np.max(onp.zeros((3, 0)), axis=0), "ones": lambda: np.ones((0, 3)),
}


@pytest.mark.parametrize("policy", MXNET_POLICIES)
@pytest.mark.parametrize("name", sorted(EMPTY_CASES))
def test_empty_arrays_give_numpys_result(mx, policy, name):
    if policy == "only_mxnet":  # MXNet cannot run them: refused by name, not an MXNetError
        from minpy_compat.errors import PolicyError
        with wrap_policy(policy), pytest.raises(PolicyError, match="only_mxnet policy"):
            EMPTY_CASES[name]()
        return
    assert_same(*numpy_and(policy, EMPTY_CASES[name]))


def test_gradient_of_an_empty_array_is_empty(mx):
    with wrap_policy("prefer_mxnet"):
        g = grad(lambda x: np.sum(np.tanh(x) * 2.0))(E)
    assert onp.shape(g) == (0, 3) and onp.asarray(g).dtype == onp.float64


# ---- Python numbers that widen the dtype under NumPy 1.x's value-based casting -------------
WIDENING = [(onp.float32, (3,), 65536), (onp.float32, (3,), 2 ** 40),
            (onp.float32, (3,), 1e300), (onp.float16, (3,), 70000.0),
            (onp.float16, (3,), 32768), (onp.float32, (), 2.5), (onp.float32, (), 1),
            (onp.float32, (3,), 2.5), (onp.float16, (3,), 1)]


@pytest.mark.parametrize("dtype, shape, number", WIDENING, ids=str)
@pytest.mark.parametrize("op", [np.add, np.multiply, np.subtract, np.maximum], ids=str)
def test_python_numbers_give_numpys_dtype(mx, dtype, shape, number, op):
    x = onp.full(shape, 1.5, dtype=dtype)
    assert_same(*numpy_and("prefer_mxnet", lambda: op(x, number)))
    assert_same(*numpy_and("prefer_mxnet", lambda: op(number, x)))


def test_a_number_that_keeps_the_dtype_still_runs_in_mxnet(mx):
    from minpy_compat.backends.mxnet_array import MXArray
    with wrap_policy("only_mxnet"):
        out = np.multiply(onp.ones(3, onp.float32), 2.5)
    assert type(out) is MXArray and out.dtype == onp.float32


# ---- arguments NumPy refuses: NumPy's own error under every policy -----------------------------
REFUSED = {
    "dot": (ValueError, lambda: np.dot(onp.ones(3), onp.ones(4))),
    "dot_2d": (ValueError, lambda: np.dot(onp.ones((2, 3)), onp.ones((4, 2)))),
    "add": (ValueError, lambda: np.add(onp.ones(3), onp.ones(4))),
    "concatenate": (ValueError, lambda: np.concatenate([onp.ones((2, 3)), onp.ones((2, 4))])),
    "stack": (ValueError, lambda: np.stack([onp.ones(3), onp.ones(4)])),
    "mean_repeated_axis": (ValueError, lambda: np.mean(onp.ones((2, 3)), axis=(0, 0))),
    "sum_axis": (AxisError, lambda: np.sum(onp.ones((2, 3)), axis=-3)),
    "transpose_axis": (AxisError, lambda: np.transpose(onp.ones((2, 3)), (0, 5))),
    "transpose_negative_axis": (AxisError, lambda: np.transpose(onp.ones((2, 3)), (0, -3))),
    "expand_dims": (AxisError, lambda: np.expand_dims(onp.ones(3), 5)),
    "getitem": (IndexError, lambda: (np.ones(3) * 1.0)[5]),
    "ones_negative": (ValueError, lambda: np.ones(-1)),
}


@pytest.mark.parametrize("policy", ["only_numpy"] + MXNET_POLICIES)
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_arguments_numpy_refuses_raise_numpys_error(mx, policy, name):
    error, call = REFUSED[name]
    with wrap_policy("only_numpy"), pytest.raises(error) as expected:
        call()
    with wrap_policy(policy), pytest.raises(error) as got:
        call()
    assert type(got.value) is type(expected.value) and str(got.value) == str(expected.value)


# ---- 0-d values, NumPy ints as axes and shapes ------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
@pytest.mark.parametrize("f", [np.transpose, lambda a: a.T, lambda a: np.transpose(a, ())],
                         ids=["transpose", "T", "transpose_no_axes"])
def test_transpose_of_a_0d_value_is_0d(mx, f, dtype):
    x = onp.asarray(0.75, dtype=dtype)
    assert_same(*numpy_and("prefer_mxnet", f, x))
    with wrap_policy("prefer_mxnet"):
        g = grad(lambda v: np.sum(f(np.tanh(v)) * 3.0))(x)
    assert onp.shape(g) == () and onp.asarray(g).dtype == dtype


def test_transpose_of_a_0d_value_matches_finite_differences(mx):
    with wrap_policy("prefer_mxnet"):
        check_fd(lambda v: np.transpose(np.tanh(v)) * np.exp(v), (onp.asarray(0.3),), (0,))


@pytest.mark.parametrize("axis", [onp.int64(1), onp.int32(0), (onp.int64(0), 1)], ids=str)
def test_numpy_int_axes_reduce_in_mxnet(mx, axis):
    from minpy_compat.dispatch.stats import op_stat
    x = rng.normal(size=(2, 3))
    np.record_op_stat()
    try:
        assert_same(*numpy_and("prefer_mxnet", lambda: np.sum(x, axis=axis)))
        assert op_stat()["calls"]["sum"]["mxnet"] == 1
    finally:
        np.record_op_stat(False)
    with wrap_policy("prefer_mxnet"):
        check_fd(lambda v: np.tanh(np.sum(v, axis=axis)), (x,), (0,))


@pytest.mark.parametrize("shape", [onp.int64(3), (2, onp.int64(3)), [onp.int32(2), 2]], ids=str)
@pytest.mark.parametrize("creation", [np.ones, np.zeros], ids=["ones", "zeros"])
def test_numpy_int_shapes_create_arrays(mx, creation, shape):
    assert_same(*numpy_and("only_mxnet", lambda: creation(shape)))


# ---- MXArray: the rest of ndarray's operators --------------------------------------------------
OPERATORS = {
    "and": lambda a: (a > 0.2) & (a < 0.9), "or": lambda a: (a > 0.9) | (a < 0.2),
    "xor": lambda a: (a > 0.2) ^ True, "invert": lambda a: ~(a > 0.2),
    "floordiv": lambda a: a // 0.3, "rfloordiv": lambda a: 1.0 // a,
    "divmod": lambda a: divmod(a, 0.3)[1], "rdivmod": lambda a: divmod(2.0, a)[0],
    "round": lambda a: onp.round(a, 1) if type(a) is onp.ndarray else round(a, 1),
}


@pytest.mark.parametrize("name", sorted(OPERATORS))
def test_mxarray_operators_equal_numpys(mx, name):
    from minpy_compat.backends import mxnet_backend
    x = onp.arange(1.0, 13.0).reshape(3, 4) / 10
    expected = onp.asarray(OPERATORS[name](x))
    with wrap_policy("prefer_mxnet"):
        got = onp.asarray(OPERATORS[name](mxnet_backend.array(x)))
    assert_same(expected, got)


def test_shifts_of_an_integer_mxarray_equal_numpys(mx):
    from minpy_compat.backends import mxnet_backend
    ints = onp.arange(4)
    with wrap_policy("prefer_mxnet"):
        value = mxnet_backend.array(ints)
        assert_same(ints << 2, onp.asarray(value << 2))
        assert_same(8 >> ints, onp.asarray(8 >> value))


def test_membership_in_an_mxarray_reads_its_values(mx):
    from minpy_compat.backends import mxnet_backend
    values = mxnet_backend.array([[0.5, 1.5], [2.0, 3.0]])
    assert 1.5 in values and 2.5 not in values


def test_a_mask_built_from_an_mxarray_passes_the_gradient(mx):
    from minpy_compat.backends import mxnet_backend
    x = rng.normal(size=(3, 4))
    with wrap_policy("prefer_mxnet"):
        c = mxnet_backend.array(x)
        mask = (c > -0.5) & (c < 0.5)
        check_fd(lambda v: np.sum(np.tanh(v) * mask) + np.sum(v // 0.7), (x,), (0,))


# ---- raw NDArrays reaching an op that runs in NumPy -------------------------------------------
RAW_NDARRAY_CASES = {
    "add_int": lambda a, i: np.add(i, 1), "where": lambda a, i: np.where(a > 1, a, 0),
    "take": lambda a, i: np.take(a, [0], axis=0), "stack_int": lambda a, i: np.stack([i, i]),
    "argmax": lambda a, i: np.argmax(a, axis=1), "cumsum": lambda a, i: np.cumsum(a),
}


@pytest.mark.parametrize("name", sorted(RAW_NDARRAY_CASES))
def test_raw_ndarrays_reach_numpy_as_their_values(mx, name):
    data = onp.arange(6.0).reshape(2, 3)
    expected = onp.asarray(RAW_NDARRAY_CASES[name](data, data.astype(onp.int32)))
    with wrap_policy("prefer_mxnet"):
        got = onp.asarray(RAW_NDARRAY_CASES[name](
            mx.nd.array(data, dtype="float64"), mx.nd.array(data, dtype="int32")))
    assert_same(expected, got)


# ---- customop('mxnet') arguments MXNet cannot hold ----------------------------------------------
@pytest.fixture
def identity(mx):
    @customop("mxnet")
    def passthrough(x):
        return x * 1
    passthrough.def_grad(lambda ans, x: lambda g: g)
    return passthrough


def test_customop_mxnet_refuses_an_empty_array_clearly(identity):
    from minpy_compat.errors import BackendError
    with pytest.raises(BackendError, match=r"passthrough \(customop\('mxnet'\)\) argument 0 "
                       r"'x': expected a non-empty array.*got shape \(0, 3\) float64\. "
                       r"MXNet 1\.x cannot compute on "
                       r"zero-size arrays.*customop\('numpy'\)"):
        identity(onp.zeros((0, 3)))


@pytest.mark.parametrize("dtype", [onp.complex128, onp.int16, onp.uint32])
def test_customop_mxnet_refuses_a_dtype_mxnet_lacks_clearly(identity, dtype):
    from minpy_compat.errors import BackendError
    with pytest.raises(BackendError, match=rf"passthrough \(customop\('mxnet'\)\) argument 0 "
                       rf"'x': expected .*a dtype MXNet has \(bool, float16.*"
                       rf"got shape \(2,\) {onp.dtype(dtype)}\. "
                       r"Cast it first"):
        identity(onp.ones(2, dtype))


@pytest.mark.parametrize("dtype", [onp.float32, onp.int32, onp.uint8, onp.int64])
def test_customop_mxnet_keeps_the_dtypes_mxnet_has(identity, dtype):
    out = identity(onp.arange(3).astype(dtype))
    assert out.dtype == dtype
    onp.testing.assert_array_equal(onp.asarray(out), onp.arange(3))


# ---- contexts ----------------------------------------------------------------------------------
@pytest.mark.parametrize("make, device_id", [(gpu, -1), (cpu, -2), (gpu, "a"), (gpu, 1.5),
                                             (cpu, True), (gpu, None)])
def test_a_device_id_must_be_a_non_negative_int(make, device_id):
    name = make.__name__
    with pytest.raises(ContextError, match=rf"{name}\(device_id\): expected a non-negative "
                       rf"int, got {device_id!r}\. Number devices from 0: {name}\(0\)"):
        make(device_id)


def test_a_context_copies_a_context():
    assert Context(gpu(2)) == gpu(2) and Context(cpu(1)) == cpu(1)
    assert Context("cpu", onp.int64(3)) == cpu(3)  # a NumPy int is an int


def test_computing_on_a_gpu_with_a_cpu_only_mxnet_names_the_cuda_build(mx):
    if mx.runtime.Features().is_enabled("CUDA"):
        pytest.skip("this MXNet is a CUDA build")
    with gpu(1):
        with pytest.raises(ContextError, match=r"computing on gpu\(1\): expected an MXNet build "
                           r"with CUDA, got a CPU-only build \(mxnet 1\.9\.1\): no GPU is "
                           r"available\. Compute on cpu\(\), or .*pip install mxnet-cu112"):
            np.tanh(onp.ones(2))
    assert current_context() == cpu(0)


# ---- policies, per thread -----------------------------------------------------------------------
def test_a_thread_that_set_a_policy_and_ended_leaves_the_dispatcher_as_it_was():
    before = (_switch.engaged, set(_switch._reasons))
    idents = []

    def work():
        idents.append(threading.get_ident())
        set_global_policy("only_numpy")
        with gpu(0):  # a context, too, engages the dispatcher for this thread
            assert _switch.engaged

    threads = [threading.Thread(target=work) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not [key for key in _switch._reasons if key[0] in idents]
    assert (_switch.engaged, set(_switch._reasons)) == before


# ---- symbol Functions ---------------------------------------------------------------------------
def test_a_function_with_aux_states_runs_in_a_second_dtype(mx):
    from minpy_compat.core import Function
    norm = Function(mx.sym.BatchNorm(mx.sym.Variable("x"), name="bn", fix_gamma=False))
    x = rng.normal(size=(4, 3))
    first = norm(x=x, bn_gamma=onp.ones(3), bn_beta=onp.zeros(3))
    second = norm(x=x.astype(onp.float32), bn_gamma=onp.ones(3, onp.float32),
                  bn_beta=onp.zeros(3, onp.float32))
    assert first.dtype == onp.float64 and second.dtype == onp.float32
    onp.testing.assert_allclose(onp.asarray(second), onp.asarray(first), rtol=1e-4, atol=1e-4)
