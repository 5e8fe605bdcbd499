"""ops.jacfwd, ops.jacrev and ops.vmap: values and structures as MindSpore 2.10 (recorded
cases), float64 finite differences, nesting, Cells, and errors naming the transform."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import (CellTypeError, GradPositionError, GradPositionRangeError,
                                 GradPositionTypeError, VmapError)
from test_cell_transforms import X, Y, TenTimes, _close, f, three, two  # shared

A = ms.Tensor(onp.arange(6, dtype=onp.float32).reshape(2, 3))
JACOBIANS = [ops.jacfwd, ops.jacrev]


# ---- recorded from MindSpore 2.10 (PyNative, CPU) ------------------------------------------
@pytest.mark.parametrize("jac", JACOBIANS, ids=["jacfwd", "jacrev"])
def test_jacobian_matches_mindspore(jac):
    _close(jac(f)(X, Y), onp.diag([8, 20, 36]))
    dx, dy = jac(f, grad_position=(0, 1))(X, Y)
    _close(dy, onp.diag([1, 4, 9]))
    _close(jac(f, grad_position=(1,))(X, Y), onp.diag([1, 4, 9]))  # one position: bare
    (d1x, d1y), (d2x, d2y) = jac(two, grad_position=(0, 1))(X, Y)  # outputs outside
    _close(d1y, onp.diag([1, 2, 3]))
    _close(d2x, onp.eye(3))
    jac_m = jac(lambda m: ops.matmul(m, m))(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))
    assert jac_m.shape == (2, 2, 2, 2)
    _close(jac_m.reshape(-1), [2, 3, 2, 0, 2, 5, 0, 2, 3, 0, 5, 3, 0, 3, 2, 8])


@pytest.mark.parametrize("jac", JACOBIANS, ids=["jacfwd", "jacrev"])
def test_jacobian_has_aux_and_nesting(jac):
    first, aux = jac(three, has_aux=True)(X, Y)
    _close(first, onp.diag([4, 5, 6]))
    assert type(aux) is tuple and len(aux) == 2
    _close(aux[1], [-3, -3, -3])
    cube_sum = lambda x: (x ** 3).sum()  # noqa: E731
    _close(jac(cube_sum)(X), [3, 12, 27])
    _close(jac(jac(cube_sum))(X), onp.diag([6, 12, 18]))


@pytest.mark.parametrize("jac", JACOBIANS, ids=["jacfwd", "jacrev"])
def test_jacobian_of_cells_uses_bprop_and_parameters(jac):
    _close(jac(TenTimes())(X), 10 * onp.eye(3))
    net = nn.Dense(3, 2, weight_init='ones', bias_init='zeros')
    _close(jac(net)(X), onp.ones((2, 3)))


@pytest.mark.parametrize("jac", JACOBIANS, ids=["jacfwd", "jacrev"])
def test_jacobian_float64_finite_differences_and_dtypes(jac):
    rng = onp.random.default_rng(1)
    a, b = rng.normal(size=3), rng.normal(size=(3, 2))

    def h(x, w):
        return ops.tanh(ops.matmul(x, w))
    eps = 1e-6
    numeric = onp.stack([(onp.asarray(h(a + eps * e, b)) - onp.asarray(h(a - eps * e, b)))
                         / (2 * eps) for e in onp.eye(3)], axis=-1)
    got = jac(h)(a, b)
    assert got.dtype == onp.float64
    onp.testing.assert_allclose(onp.asarray(got), numeric, rtol=1e-6, atol=1e-9)
    check_grads(lambda x: jac(h)(x, b), modes=["rev"], order=1)(a)
    assert jac(f)(X, Y).dtype == onp.float32


@pytest.mark.parametrize("jac", JACOBIANS, ids=["jacfwd", "jacrev"])
def test_jacobian_errors_name_the_transform(jac):
    name = jac.__name__
    with pytest.raises(GradPositionRangeError, match=rf"{name}\(f\) grad_position"):
        jac(f, grad_position=5)(X, Y)
    with pytest.raises(GradPositionError, match=rf"{name}\(f\) grad_position: expected "
                                                r"positions >= 0"):
        jac(f, grad_position=-1)
    with pytest.raises(GradPositionTypeError, match=rf"{name}\(f\) grad_position"):
        jac(f, grad_position=[0, 1])
    with pytest.raises(CellTypeError, match=rf"{name} argument 'fn'"):
        jac(3)


# ---- vmap -----------------------------------------------------------------------------------
def add(a, b):
    return a + b


def test_vmap_matches_mindspore():
    _close(ops.vmap(add)(A, A), [[0, 2, 4], [6, 8, 10]])
    _close(ops.vmap(add, in_axes=(0, None))(A, X), [[1, 3, 5], [4, 6, 8]])
    _close(ops.vmap(add, in_axes=(1, 0))(A, ms.Tensor(onp.ones((3, 2), onp.float32))),
           [[1, 4], [2, 5], [3, 6]])
    _close(ops.vmap(add, in_axes=-1)(A, A), [[0, 6], [2, 8], [4, 10]])
    _close(ops.vmap(add, in_axes=(0, None))(A, 2.0), [[2, 3, 4], [5, 6, 7]])
    first, second = ops.vmap(two, out_axes=(0, 1))(A, A)
    _close(first, [[0, 1, 4], [9, 16, 25]])
    _close(second, [[0, 6], [2, 8], [4, 10]])
    _close(ops.vmap(lambda x: (x ** 3).sum())(A), [9, 216])


def test_vmap_nested_in_axes_cells_and_grad():
    pair = (A, ms.Tensor(onp.ones((3, 2), onp.float32)))
    got = ops.vmap(lambda p, z: p[0] * p[1] + z, in_axes=((0, 1), None))(pair, X)
    _close(got, [[1, 3, 5], [4, 6, 8]])
    net = nn.Dense(3, 2, weight_init='ones', bias_init='zeros')
    _close(ops.vmap(net)(A), [[3, 3], [12, 12]])
    _close(ops.vmap(ops.grad(lambda x: (x ** 3).sum()))(A), 3 * onp.asarray(A) ** 2)
    assert ops.vmap(add)(A, A).dtype == onp.float32


def test_vmap_is_differentiable_in_float64():
    rng = onp.random.default_rng(2)
    batch, w = rng.normal(size=(3, 4)), rng.normal(size=3)
    mapped = ops.vmap(lambda r, v: ops.sin(r * v).sum(), in_axes=(1, None), out_axes=0)
    check_grads(lambda b: mapped(b, w), modes=["rev"], order=2)(batch)
    check_grads(lambda v: mapped(batch, v), modes=["rev"], order=1)(w)


def test_vmap_errors_as_mindspore():
    with pytest.raises(VmapError, match=r"vmap\(add\): expected one axis size for every "
                                        r"batched argument, got sizes \[2, 3\]"):
        ops.vmap(add)(A, ms.Tensor(onp.ones((3, 3), onp.float32)))
    with pytest.raises(VmapError, match=r"vmap\(add\) in_axes: expected an int or a tuple, "
                                        r"got a single None"):
        ops.vmap(add, in_axes=None)
    with pytest.raises(VmapError, match=r"vmap\(add\) in_axes: expected 2 axes"):
        ops.vmap(add, in_axes=(0,))(A, A)
    with pytest.raises(VmapError, match=r"vmap\(add\) in_axes: expected an axis in \[-2, 2\)"):
        ops.vmap(add, in_axes=2)(A, A)
    with pytest.raises(VmapError, match=r"vmap\(add\) out_axes: expected an axis in \[-2, 2\)"):
        ops.vmap(add, out_axes=3)(A, A)
    with pytest.raises(VmapError, match=r"vmap\(add\) in_axes: expected an int, None"):
        ops.vmap(add, in_axes=0.5)
    with pytest.raises(VmapError, match=r"vmap\(two\) out_axes: expected an axis for an "
                                        r"output that varies"):
        ops.vmap(two, out_axes=(0, None))(A, A)
    with pytest.raises(CellTypeError, match=r"vmap argument 'fn'"):
        ops.vmap(3)
    assert issubclass(VmapError, RuntimeError)  # MindSpore raises RuntimeError
