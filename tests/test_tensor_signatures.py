"""MindSpore's spellings of the reduction methods on ``Tensor`` and on traced values
(``minpy_compat/tensor_signatures.py``): each gives what its NumPy spelling gives, with
NumPy's gradients, and a mistake names the method."""
import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array

from conftest import check_grad

X = onp.array([[0.7, -1.2, 2.1, 0.3], [1.5, 0.4, -0.8, 1.9], [-0.6, 2.4, 0.9, -1.4]])
B = X > 0

# (MindSpore's spelling, NumPy's spelling): method, args, kwargs for each
SAME = [
    (("sum", (1, True), {}), ("sum", (), {"axis": 1, "keepdims": True})),
    (("sum", (), {"dim": 1, "keepdim": True}), ("sum", (1,), {"keepdims": True})),
    (("sum", (), {"dim": (0, 1), "keepdim": True, "dtype": onp.float32}),
     ("sum", ((0, 1), onp.float32), {"keepdims": True})),
    (("sum", (1,), {"keepdim": True}), ("sum", (1,), {"keepdims": True})),
    (("sum", (), {"axis": 0, "keep_dims": True}), ("sum", (0,), {"keepdims": True})),
    (("mean", (), {"axis": 1, "keep_dims": True}), ("mean", (1,), {"keepdims": True})),
    (("mean", (0, True), {"dtype": onp.float32}), ("mean", (0, onp.float32), {"keepdims": True})),
    (("prod", (1, True, onp.float32), {}), ("prod", (1, onp.float32), {"keepdims": True})),
    (("prod", (), {"dim": 0}), ("prod", (0,), {})),
    (("std", (1,), {"unbiased": False}), ("std", (1,), {})),
    (("std", (1,), {"unbiased": True, "keepdim": True}),
     ("std", (1,), {"ddof": 1, "keepdims": True})),
    (("std", (1, 1), {}), ("std", (1,), {"ddof": 1})),
    (("std", (0, 2, True), {}), ("std", (0,), {"ddof": 2, "keepdims": True})),
    (("var", (1, True), {}), ("var", (1,), {"ddof": 1})),
    (("var", (), {"dim": 0, "correction": 1}), ("var", (0,), {"ddof": 1})),
    (("var", (), {"dim": 1, "ddof": 0, "keepdim": True}), ("var", (1,), {"keepdims": True})),
    (("max", (), {"axis": 0, "keep_dims": True}), ("max", (0,), {"keepdims": True})),
    (("min", (), {"axis": 1, "keepdim": True}), ("min", (1,), {"keepdims": True})),
    (("max", (), {"keepdim": True}), ("max", (), {"keepdims": True})),
    (("cumsum", (), {"dim": 0}), ("cumsum", (0,), {})),
    (("cumsum", (), {"dim": 1, "dtype": onp.float32}), ("cumsum", (1, onp.float32), {})),
    (("cumprod", (), {"dim": 1}), ("cumprod", (1,), {})),
]
# spellings of methods that give no gradient (bools, indices)
SAME_CONSTANT = [
    (("all", (), {"dim": 0}), ("all", (0,), {})),
    (("all", (0, True), {}), ("all", (0,), {"keepdims": True})),
    (("any", (), {"axis": 1, "keep_dims": True}), ("any", (1,), {"keepdims": True})),
    (("any", (), {"dim": 1, "keepdim": True}), ("any", (1,), {"keepdims": True})),
    (("argmax", (), {"dim": 1, "keepdim": True}), ("argmax", (1,), {"keepdims": True})),
    (("argmax", (1, True), {}), ("argmax", (1,), {"keepdims": True})),
    (("argmin", (), {"dim": 0}), ("argmin", (0,), {})),
    (("argmin", (0, False), {}), ("argmin", (0,), {})),
    (("argmax", (), {"keepdim": True}), ("argmax", (), {})),  # MindSpore: a 0-d index
]


def _ids(cases):
    return [f"{m}{a}{k}".replace(" ", "") for (m, a, k), _ in cases]


def _call(x, spelling):
    """``x.<method>(*args, **kwargs)``; a plain ndarray (finite differences') as a Tensor."""
    method, args, kwargs = spelling
    x = x.view(Array) if type(x) is onp.ndarray else x
    return getattr(x, method)(*args, **dict(kwargs))


def _same(got, want):
    got, want = onp.asarray(getval(got)), onp.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    onp.testing.assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("ours, numpy", SAME + SAME_CONSTANT, ids=_ids(SAME + SAME_CONSTANT))
def test_a_mindspore_spelling_gives_numpys_answer_on_a_tensor(ours, numpy):
    data = B if ours[0] in ("all", "any") else X
    got = _call(ms.Tensor(data, dtype=ms.float64), ours)
    assert isinstance(got, ms.Tensor)
    _same(got, _call(data, numpy))


@pytest.mark.parametrize("ours, numpy", SAME + SAME_CONSTANT, ids=_ids(SAME + SAME_CONSTANT))
def test_a_mindspore_spelling_gives_numpys_answer_while_traced(ours, numpy):
    data, seen = (B if ours[0] in ("all", "any") else X), []

    def f(x):
        seen.append(_call(x * 1.0 if data is X else np.greater(x, 0), ours))
        return np.sum(x)
    grad(f)(X if data is X else B * 1.0 - 0.5)
    _same(seen[0], _call(data, numpy))


def _float64_result(ours):
    """Whether the spelling keeps X's float64 (a float32 ``dtype`` has no float64 FD check)."""
    return not (ours[2].get("dtype") == onp.float32
                or (len(ours[1]) > 2 and ours[1][2] is onp.float32))


FLOAT64_SAME = [case for case in SAME if _float64_result(case[0])]


@pytest.mark.parametrize("ours, numpy", FLOAT64_SAME, ids=_ids(FLOAT64_SAME))
def test_a_mindspore_spelling_has_numpys_gradient(ours, numpy):
    check_grad(lambda x: _call(x, ours), X)
    onp.testing.assert_allclose(grad(lambda x: np.sum(np.sin(_call(x, ours))))(X),
                                grad(lambda x: np.sum(np.sin(_call(x, numpy))))(X))


@pytest.mark.parametrize("name", ["max", "min"])
def test_max_and_min_with_dim_give_values_and_indices_as_mindspore(name):
    x = ms.Tensor(X)
    for spelling in [((), {"dim": 1}), ((1, True), {}), ((1,), {"keepdim": True}),
                     ((), {"dim": -1, "keepdim": False})]:
        values, indices = getattr(x, name)(*spelling[0], **spelling[1])
        keep = spelling[1].get("keepdim", len(spelling[0]) > 1 and spelling[0][1])
        want = getattr(X, name)(1, keepdims=keep)
        _same(values, want)
        _same(indices, getattr(X, "arg" + name)(1, keepdims=keep))
        assert indices.dtype == onp.int64 and isinstance(values, ms.Tensor)
    _same(getattr(x, name)(1), getattr(X, name)(1))  # NumPy's: the values alone


def test_max_with_dim_is_differentiable_through_its_values():
    check_grad(lambda x: _call(x, ("max", (), {"dim": 1}))[0], X)
    check_grad(lambda x: _call(x, ("min", (0, True), {}))[0] * 2.0, X)
    got = grad(lambda x: np.sum(x.max(dim=0, keepdim=True)[0] * x.argmax(dim=0)))(X)
    want = onp.zeros_like(X)
    want[X.argmax(0), onp.arange(4)] = X.argmax(0)
    onp.testing.assert_allclose(got, want)


def test_float32_stays_float32():
    x = ms.Tensor(X.astype(onp.float32))
    for spelling in [("sum", (1, True), {}), ("mean", (), {"dim": 0}), ("std", (1, 1), {}),
                     ("var", (), {"dim": 1, "unbiased": True}), ("cumprod", (), {"dim": 1})]:
        assert _call(x, spelling).dtype == onp.float32
    assert x.max(dim=0)[0].dtype == onp.float32
    assert grad(lambda t: t.sum(dim=1, keepdim=True).sum())(x).dtype == onp.float32


ERRORS = [
    ("sum", (), {"axis": 1, "dim": 1}, r"Tensor\.sum: expected one of axis= and dim=, got both"),
    ("mean", (), {"keepdim": True, "keepdims": True},
     r"Tensor\.mean: expected one of keepdims= and keepdim=, got both"),
    ("cumsum", (), {"dim": 0, "axis": 0}, r"Tensor\.cumsum: expected one of axis= and dim="),
    ("sum", (1, True, None), {}, r"Tensor\.sum: expected at most 2 positional arguments in "
     r"MindSpore's order \(axis, keepdims\), got 3"),
    ("prod", (1, True), {"keepdims": False},
     r"Tensor\.prod: expected each argument once, got keepdims by position and by keyword"),
    ("std", (1,), {"unbiased": True, "ddof": 1},
     r"Tensor\.std: expected one of ddof=, correction= and unbiased=, got unbiased= and ddof="),
    ("var", (), {"correction": 1, "ddof": 1}, r"Tensor\.var: expected one of ddof="),
    ("std", (), {"unbiased": 1}, r"Tensor\.std argument 'unbiased': expected a bool, got int"),
    ("max", (), {"dim": 0, "initial": 1.0},
     r"Tensor\.max: expected only dim and keepdim in MindSpore's \(values, indices\) form, "
     r"got initial="),
    ("min", (), {"dim": (0, 1)}, r"Tensor\.min argument 'dim': expected an int .*got tuple"),
]


@pytest.mark.parametrize("method, args, kwargs, match", ERRORS,
                         ids=[f"{m}-{'-'.join(k)}" for m, _, k, _ in ERRORS])
def test_a_mistaken_spelling_names_the_method(method, args, kwargs, match):
    with pytest.raises(TypeError, match=match):
        _call(ms.Tensor(X), (method, args, kwargs))
    with pytest.raises(TypeError, match=match):
        grad(lambda x: np.sum(_call(x, (method, args, kwargs))))(X)
