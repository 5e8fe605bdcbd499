"""ops' math, statistics and linear-algebra functions: float64 finite-difference checks
of every differentiable one, and float32 inputs giving float32 values and gradients."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

from conftest import check_grad

rng = onp.random.RandomState(7)


def U(*shape, low=-1.5, high=1.5):
    return rng.uniform(low, high, size=shape)


def _t(x):
    return ms.Tensor(x) if isinstance(x, onp.ndarray) else x


def _call(name, *args, **kwargs):
    def f(*xs):
        out = getattr(ops, name)(*xs, **kwargs)
        return sum(o.sum() for o in out if o.dtype.kind == "f") \
            if isinstance(out, tuple) else out
    return f


SPD = onp.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.8]])
# (name, float64 inputs, kwargs)
CASES = [(n, [U(2, 3, low=-0.9, high=0.9)], {}) for n in
         ("acos", "arccos", "asin", "arcsin", "atanh", "arctanh", "erfinv")] + \
    [(n, [U(2, 3)], {}) for n in
     ("atan", "arctan", "asinh", "arcsinh", "cosh", "sinh", "tan", "expm1", "exp2", "sinc",
      "deg2rad", "rad2deg", "erfc", "negative", "frac", "reciprocal", "positive")] + \
    [(n, [U(2, 3, low=1.1, high=3.0)], {}) for n in
     ("log1p", "log2", "log10", "acosh", "arccosh")] + \
    [(n, [U(2, 3, low=0.3, high=2.0), U(3, low=0.3, high=2.0)], {}) for n in
     ("atan2", "arctan2", "logaddexp", "logaddexp2", "hypot", "fmod", "remainder",
      "true_divide", "divide", "float_power", "xlogy")] + [
    ("copysign", [U(4), onp.array([1.0, -1.0, 2.0, -0.5])], {}),
    ("lerp", [U(3), U(3), U(3)], {}), ("logit", [U(3, low=0.05, high=0.95)], {}),
    ("logit", [U(3, low=0.2, high=0.8)], {"eps": 0.1}),
    ("addcdiv", [U(2, 3), U(2, 3), U(3, low=0.5, high=2.0)], {"value": 0.5}),
    ("addcmul", [U(2, 3), U(2, 3), U(3)], {"value": 2.0}),
    ("logsumexp", [U(3, 4)], {"dim": 1}), ("logsumexp", [U(3, 4)], {"dim": (0, 1),
                                                                    "keepdim": True}),
    ("std", [U(3, 4)], {"axis": 0, "ddof": 1}), ("var", [U(3, 4)], {}),
    ("std_mean", [U(3, 4)], {"axis": 1}), ("var_mean", [U(3, 4)], {"keepdims": True}),
    ("median", [U(3, 4)], {"axis": 0}), ("nansum", [U(3, 4)], {"axis": 1}),
    ("nanmean", [U(3, 4)], {}), ("aminmax", [U(3, 4)], {"axis": 1}),
    ("cummax", [U(3, 4)], {"axis": 1}), ("cummin", [U(3, 4)], {"axis": 0}),
    ("logcumsumexp", [U(3, 4)], {"axis": 1}),
    ("dot", [U(2, 3), U(3, 4)], {}), ("dot", [U(2, 2, 3), U(4, 3, 2)], {}),
    ("inner", [U(2, 3), U(4, 3)], {}), ("outer", [U(3), U(2)], {}), ("ger", [U(3), U(2)], {}),
    ("kron", [U(2, 2), U(2, 3)], {}), ("cross", [U(2, 3), U(2, 3)], {}),
    ("det", [SPD], {}), ("inverse", [SPD], {}), ("matrix_power", [SPD], {"n": 3}),
    ("matrix_power", [SPD], {"n": -2}), ("trace", [U(3, 4)], {}), ("diag", [U(3)], {}),
    ("diagonal", [U(2, 3, 4)], {"offset": -1, "dim1": 1, "dim2": 2}),
    ("diagflat", [U(2, 2)], {"offset": 1}),
    ("diag_embed", [U(2, 3)], {"offset": 1, "dim1": 0, "dim2": 2}),
    ("tril", [U(3, 4)], {"diagonal": -1}), ("triu", [U(2, 3, 3)], {"diagonal": 1}),
    ("addmm", [U(2, 4), U(2, 3), U(3, 4)], {"beta": 0.5, "alpha": 2.0}),
    ("addmv", [U(2), U(2, 3), U(3)], {"beta": 2, "alpha": 0.5}),
    ("baddbmm", [U(2, 2, 4), U(2, 2, 3), U(2, 3, 4)], {"beta": 0.5, "alpha": 2.0}),
    ("tensor_dot", [U(2, 3, 4), U(3, 4, 2)], {"axes": ((1, 2), (0, 1))}),
    ("cdist", [U(3, 2), U(4, 2)], {}), ("cdist", [U(2, 3, 2), U(2, 4, 2)], {"p": 1.0}),
    ("cdist", [U(3, 2), U(4, 2)], {"p": 3.0}), ("dist", [U(2, 3), U(2, 3)], {"p": 3}),
    ("cosine_similarity", [U(2, 3), U(2, 3)], {"dim": 0}),
    ("pdist", [U(4, 3)], {}), ("pdist", [U(4, 3)], {"p": 1.0})]


@pytest.mark.parametrize("name, args, kwargs", CASES,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_float64_gradient_matches_finite_differences(name, args, kwargs):
    check_grad(_call(name, **kwargs), *[_t(a) for a in args])


def test_einsum_gradient_matches_finite_differences():
    check_grad(lambda a, b: ops.einsum("ij,jk->ik", a, b), _t(U(2, 3)), _t(U(3, 4)))


def test_zero_distance_has_zero_gradient():
    x = ms.Tensor([[1.0, 2.0], [1.0, 2.0]])
    for fn in (lambda a: ops.pdist(a), lambda a: ops.cdist(a, a),
               lambda a: ops.dist(a[0], a[1])):
        assert onp.isfinite(ms.grad(lambda a: fn(a).sum())(x)).all()


@pytest.mark.parametrize("name, args, kwargs", CASES,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_float32_stays_float32(name, args, kwargs):
    if name == "float_power":
        pytest.skip("float_power computes in float64, as in MindSpore")
    args32 = [ms.Tensor(a.astype(onp.float32)) for a in args]
    out = getattr(ops, name)(*args32, **kwargs)
    for o in (out if isinstance(out, tuple) else (out,)):
        assert o.dtype in (onp.float32, onp.int64, onp.int32), (name, o.dtype)
    grads = ops.grad(_call(name, **kwargs), grad_position=tuple(range(len(args))))(*args32)
    for g in (grads if isinstance(grads, tuple) else (grads,)):
        assert g.dtype == onp.float32, (name, g.dtype)
