"""MindSpore's in-place Tensor methods (``ops/tensor_inplace*.py``): they write into the
Tensor and return it, keep its dtype and shape, differentiate under ``grad`` (float64
finite differences), go through the write journal on a Parameter, and name the method
and argument when refusing one."""
import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as mnp
from minpy_compat.write_journal import undo_writes_on_error

from conftest import check_grad

rng = onp.random.RandomState(23)
I64 = onp.int64


def U(*shape, low=-1.5, high=1.5):
    return rng.uniform(low, high, size=shape)


def T(values, dtype=onp.float32):
    return ms.Tensor(onp.array(values, dtype=dtype))


def _method(name, *args, **kwargs):
    """sum(z.name(*xs[1:], *args)) with z a fresh copy of xs[0] (the input stays as it was)."""
    def f(*xs):
        z = mnp.array(xs[0], copy=True)
        out = getattr(z, name)(*xs[1:], *args, **kwargs)
        assert out is z
        return z
    return f


MASK = onp.array([[True, False, True], [False, True, True]])
IDX = T([[1, 0, 2], [0, 2, 1]], I64)
FD_CASES = [
    ("add_", [U(2, 3), U(2, 3)], (), {"alpha": 2.5}), ("add_", [U(2, 3), U(3)], (), {}),
    ("sub_", [U(2, 3), U(1, 3)], (), {"alpha": -1.5}), ("mul_", [U(2, 3), U(2, 3)], (), {}),
    ("div_", [U(2, 3), U(2, 3, low=0.5, high=2.0)], (), {}),
    ("copy_", [U(2, 3), U(3)], (), {}), ("clamp_", [U(2, 3)], (-0.5, 0.7), {}),
    ("masked_fill_", [U(2, 3)], (T(MASK, bool), 0.5), {}),
    ("index_fill_", [U(2, 3)], (1, T([0, 2], I64), -1.0), {}),
    ("index_add_", [U(2, 3)], (0, T([1, 1], I64), T(U(2, 3), onp.float64)), {"alpha": 2.0}),
    ("scatter_", [U(2, 3)], (1, IDX, T(U(2, 3), onp.float64)), {}),
    ("scatter_add_", [U(2, 3)], (1, T([[1, 1, 0], [2, 2, 2]], I64), T(U(2, 3), onp.float64)),
     {}),
    ("masked_scatter_", [U(2, 3)], (T(MASK, bool), T(U(5), onp.float64)), {}),
    ("index_put_", [U(2, 3)], ((T([0, 1, 0], I64), T([2, 0, 2], I64)),
                               T(U(3), onp.float64)), {}),
    ("index_put_", [U(2, 3)], ((T([0, 0], I64),), T(U(2, 3), onp.float64), True), {}),
    ("put_", [U(2, 3)], (T([1, -1], I64), T(U(2), onp.float64)), {}),
    ("index_copy_", [U(2, 3)], (1, T([2, 0], I64), T(U(2, 2), onp.float64)), {}),
    ("fill_diagonal_", [U(4, 2)], (5.0, True), {}),
    ("addmm_", [U(2, 2), U(2, 3), U(3, 2)], (), {"beta": 0.5, "alpha": 2.0}),
    ("exp_", [U(2, 3)], (), {}), ("log_", [U(2, 3, low=0.2, high=2.0)], (), {}),
    ("sigmoid_", [U(2, 3)], (), {}), ("tanh_", [U(2, 3)], (), {}),
    ("erfinv_", [U(2, 3, low=-0.8, high=0.8)], (), {}),
]


@pytest.mark.parametrize("name,inputs,args,kwargs", FD_CASES,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(FD_CASES)])
def test_float64_finite_differences(name, inputs, args, kwargs):
    check_grad(_method(name, *args, **kwargs), *inputs)


@pytest.mark.parametrize("name,inputs,args,kwargs", FD_CASES,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(FD_CASES)])
def test_float32_stays_float32(name, inputs, args, kwargs):
    xs = [T(x) for x in inputs]
    args = tuple(a.astype(onp.float32) if getattr(a, "dtype", None) == onp.float64 else a
                 for a in args)
    x0 = xs[0].copy()
    out = getattr(x0, name)(*xs[1:], *args, **kwargs)
    assert out is x0 and out.dtype == onp.float32
    grads = ms.grad(lambda *v: _method(name, *args, **kwargs)(*v).sum(),
                    grad_position=tuple(range(len(xs))))(*xs)
    for g in grads if isinstance(grads, tuple) else (grads,):
        assert g.dtype == onp.float32


def test_writes_are_seen_by_every_name_and_view():
    x = T([[1.0, 2.0], [3.0, 4.0]])
    alias, row = x, x[1]
    assert row.mul_(10) is row
    assert alias.tolist() == [[1.0, 2.0], [30.0, 40.0]]
    x.zero_().add_(T([1.0, 2.0]))
    assert alias.tolist() == [[1.0, 2.0], [1.0, 2.0]]


def test_documented_values():
    """The examples of MindSpore's documentation (its CPU build has no kernel for them)."""
    x = T([1.0, 2.0, 3.0, 4.0])
    assert x.masked_scatter_(T([True, True, False, True], bool),
                             T([5.0, 6.0, 7.0])).tolist() == [5, 6, 3, 7]
    src = T([[4, 3, 5], [6, 7, 8]])
    assert src.put_(T([1, 3], I64), T([9.0, 10.0])).tolist() == [[4, 9, 5], [10, 7, 8]]
    ones = T(onp.ones((5, 3)), I64)
    got = ones.index_copy_(0, T([4, 0, 2], I64), T([[1, 2, 3], [4, 5, 6], [7, 8, 9]], I64))
    assert got.tolist() == [[4, 5, 6], [1, 1, 1], [7, 8, 9], [1, 1, 1], [1, 2, 3]]
    assert T(onp.ones((7, 3))).fill_diagonal_(5.0, wrap=True)[:, 0].tolist() == \
        [5, 1, 1, 1, 5, 1, 1]
    assert T([1.0, 2, 3, 4]).index_put_((T([0, 0], I64),), T([9.0, 8.0]),
                                        accumulate=True).tolist() == [18, 2, 3, 4]
    assert T([5, -5], onp.int32).remainder_(3).tolist() == [2, 1]
    assert T([5, -5], onp.int32).floor_divide_(3).tolist() == [1, -2]
    assert T([1.0, -3.0]).div_(2, rounding_mode="trunc").tolist() == [0.0, -1.0]
    assert T([1, 2], onp.int32).fill_(2.7).tolist() == [2, 2]
    assert T([1.5, -2.5]).floor_().tolist() == [1.0, -3.0]
    assert T([[1.0, 3], [5, 6]]).scatter_(1, T([[1], [0]], I64), value=2.0).tolist() == \
        [[1, 2], [2, 6]]


def test_dtype_and_shape_are_kept():
    x = T([1.0, 2.0])
    assert x.add_(T([0.5, 0.5], onp.float64)).dtype == onp.float32
    assert T([1, 2], onp.int32).mul_(3).dtype == onp.int32
    with pytest.raises(TypeError, match=r"Tensor\.add_: expected a result that casts to .*int32"):
        T([1, 2], onp.int32).add_(1.5)
    with pytest.raises(ValueError, match=r"Tensor\.add_: expected a result of the Tensor's own "
                       r"shape \(2,\)"):
        x.add_(T([[1.0, 2.0], [3.0, 4.0]]))


def test_parameter_writes_go_through_the_journal():
    p = ms.Parameter(T([1.0, 2.0]), name="w")
    assert p.add_(1) is p and p.tolist() == [2.0, 3.0]
    with pytest.raises(KeyError):
        with undo_writes_on_error():
            p.mul_(10).clamp_(max=5.0)
            raise KeyError("boom")
    assert p.tolist() == [2.0, 3.0]


def test_grad_through_in_place_of_an_argument():
    """A write into a grad input: the old value gets no gradient, the written one all."""
    def f(a, b):
        a.mul_(b)
        return (a * a).sum()
    ga, gb = ms.grad(f, grad_position=(0, 1))(T([2.0, 3.0]), T([5.0, 7.0]))
    assert ga.tolist() == [100.0, 294.0] and gb.tolist() == [40.0, 126.0]


BAD = [
    (lambda: T([1.0]).add_("a"), TypeError, r"Tensor\.add_ other: expected a number or a Tensor"),
    (lambda: T([1.0]).add_(1, alpha="x"), TypeError, r"Tensor\.add_ alpha: expected a number"),
    (lambda: T([1.0]).div_(2, rounding_mode="round"), ValueError,
     r"Tensor\.div_ rounding_mode: expected None, 'floor' or 'trunc'"),
    (lambda: T([1.0]).fill_(T([1.0, 2.0])), ValueError, r"Tensor\.fill_ value: expected"),
    (lambda: T([1.0]).copy_(T([1.0, 2.0])), ValueError, r"Tensor\.copy_: expected a result"),
    (lambda: T([1.0]).clamp_(), ValueError, r"Tensor\.clamp_: expected min or max"),
    (lambda: T([[1.0]]).scatter_(1, T([[0]], I64)), ValueError,
     r"Tensor\.scatter_: expected one of src or value"),
    (lambda: T([[1.0]]).scatter_(1, T([[0]], I64), 1.0, reduce="mul"), ValueError,
     r"Tensor\.scatter_ reduce: expected 'none' or 'add'"),
    (lambda: T([1.0]).masked_scatter_(T([1], onp.int32), T([1.0])), TypeError,
     r"Tensor\.masked_scatter_ mask: expected a Bool Tensor"),
    (lambda: T([1.0, 2.0]).masked_scatter_(T([True, True], bool), T([1.0])), ValueError,
     r"Tensor\.masked_scatter_ source: expected at least 2 elements"),
    (lambda: T([1.0]).index_put_(T([0], I64), T([1.0])), TypeError,
     r"Tensor\.index_put_ indices: expected a tuple or list"),
    (lambda: T([1.0]).index_put_((T([0], I64),), T([1.0]), accumulate=1), TypeError,
     r"Tensor\.index_put_ accumulate: expected a bool"),
    (lambda: T([1.0]).index_put_((T([0.0]),), T([1.0])), TypeError,
     r"Tensor\.index_put_ indices: expected int or Bool"),
    (lambda: T([1.0]).index_put_((T([0], I64),) * 2, T([1.0])), ValueError,
     r"Tensor\.index_put_ indices: expected at most 1"),
    (lambda: T([1.0]).put_(T([0.0]), T([1.0])), TypeError, r"Tensor\.put_ index: expected an int"),
    (lambda: T([1.0]).put_(T([0, 0], I64), T([1.0])), ValueError,
     r"Tensor\.put_ source: expected 2 elements"),
    (lambda: T([1.0]).put_(T([3], I64), T([1.0])), ValueError,
     r"Tensor\.put_ index: expected positions in \[-1, 1\)"),
    (lambda: T([[1.0]]).index_copy_(2, T([0], I64), T([[1.0]])), ValueError,
     r"Tensor\.index_copy_ dim: expected an int in \[-2, 2\)"),
    (lambda: T([1.0]).fill_diagonal_(1.0), ValueError,
     r"Tensor\.fill_diagonal_: expected a Tensor of rank 2"),
    (lambda: T(onp.ones((2, 3, 2))).fill_diagonal_(1.0), ValueError,
     r"Tensor\.fill_diagonal_: expected all dimensions equal"),
    (lambda: T([1.0]).uniform_(3, 2), ValueError, r"Tensor\.uniform_: expected from_ <= to"),
    (lambda: T([1.0]).normal_(0, -1), ValueError, r"Tensor\.normal_ std: expected"),
    (lambda: T([1.0]).bernoulli_(1.5), ValueError, r"Tensor\.bernoulli_ p: expected"),
    (lambda: T([1.0]).exponential_(0), ValueError, r"Tensor\.exponential_ lambd: expected"),
    (lambda: T([1], onp.int32).random_(5, 2), ValueError, r"Tensor\.random_: expected from_ < to"),
    (lambda: T([1], onp.int32).random_(0.5, 2), TypeError, r"Tensor\.random_: expected int"),
]


@pytest.mark.parametrize("call,error,match", BAD, ids=[b[2][:30] for b in BAD])
def test_bad_arguments_name_the_method(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_random_fills():
    x = T(onp.zeros((200,)))
    assert x.uniform_(2, 3) is x and 2 <= float(x.min()) and float(x.max()) < 3
    assert set(T(onp.zeros(50)).bernoulli_(0.5).tolist()) <= {0.0, 1.0}
    assert float(T(onp.zeros(50)).exponential_(2.0).min()) >= 0
    assert T(onp.zeros(50), onp.float64).normal_(1.0, 0.0).tolist() == [1.0] * 50
    ints = T(onp.zeros(100), onp.int32).random_(2, 5)
    assert ints.dtype == onp.int32 and set(ints.tolist()) <= {2, 3, 4}
    assert set(T(onp.zeros(20), bool).random_().tolist()) <= {False, True}
