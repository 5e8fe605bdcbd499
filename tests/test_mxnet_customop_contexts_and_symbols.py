"""customop('mxnet') refuses empty arrays and dtypes MXNet lacks clearly; contexts check their
device; per-thread policies; symbol Functions with aux states."""
import threading

import numpy as onp
import pytest

from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat import customop
from minpy_compat.context import Context, cpu, current_context, gpu
from minpy_compat.dispatch import _switch
from minpy_compat.dispatch.policy import set_global_policy
from minpy_compat.errors import ContextError
from mxnet_policy_helpers import rng


@pytest.fixture
def mx():
    return need_mxnet()


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
