"""MindSpore 2.10's random function ops (``ops.rand`` ... ``ops.random_categorical``):
shapes, dtypes, ranges, distributions (statistically, with generous bounds), seeds and
``ms.set_seed``, and a message naming the op and argument for each bad argument."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

N = 20000


def _np(x):
    return onp.asarray(x)


def test_rand_family_shapes_dtypes_and_ranges():
    assert ops.rand(2, 3).shape == (2, 3) and ops.rand((2, 3)).dtype == onp.float32
    assert ops.rand([4], dtype=ms.float64).dtype == onp.float64
    u = _np(ops.rand(N))
    assert 0 <= u.min() and u.max() < 1 and abs(u.mean() - 0.5) < 0.02
    assert ops.rand_like(ops.ones((2, 2), ms.float64)).dtype == onp.float64
    assert ops.rand_like(ops.ones((2,), ms.float64), dtype=ms.float32).dtype == onp.float32
    z = _np(ops.randn(N))
    assert z.dtype == onp.float32 and abs(z.mean()) < 0.05 and abs(z.std() - 1) < 0.05
    assert ops.randn_like(ops.ones((3,), ms.float64)).dtype == onp.float32  # as MindSpore


def test_randint_family():
    r = _np(ops.randint(2, 5, (N,)))
    assert r.dtype == onp.int64 and set(onp.unique(r)) == {2, 3, 4}
    assert ops.randint(0, 3, (2,), dtype=ms.int32).dtype == onp.int32
    like = ops.randint_like(ms.Tensor(onp.zeros((2, 3), onp.int8)), 0, 4)
    assert like.dtype == onp.int8 and like.shape == (2, 3) and _np(like).max() < 4


def test_uniform_normal_and_laplace():
    u = _np(ops.uniform((N,), ms.Tensor(1.0), ms.Tensor(3.0)))
    assert u.dtype == onp.float32 and 1 <= u.min() and u.max() < 3
    assert abs(u.mean() - 2) < 0.03
    i = ops.uniform((2, 3), ms.Tensor(1, ms.int32), ms.Tensor(4, ms.int32), dtype=ms.int32)
    assert i.dtype == onp.int32 and set(_np(i).ravel()) <= {1, 2, 3}
    s = _np(ops.standard_normal((N,)))
    assert s.dtype == onp.float32 and abs(s.std() - 1) < 0.05
    n = _np(ops.normal((N,), ms.Tensor(3.0), ms.Tensor(2.0)))
    assert abs(n.mean() - 3) < 0.1 and abs(n.std() - 2) < 0.1
    assert ops.normal((3,), ms.Tensor(onp.zeros((2, 1), onp.float32)), 1.0).shape == (2, 3)
    assert ops.normal((2,), ms.Tensor(0.0, ms.float64), 1.0).dtype == onp.float64
    lap = _np(ops.laplace((N,), ms.Tensor(1.0), ms.Tensor(2.0)))
    assert lap.dtype == onp.float32 and abs(onp.median(lap) - 1) < 0.1
    assert abs(onp.abs(lap - 1).mean() - 2) < 0.1  # E|X - mu| = lambda
    std = _np(ops.standard_laplace((N,)))
    assert abs(onp.abs(std).mean() - 1) < 0.05


def test_gamma_and_poisson():
    g = ops.random_gamma(ms.Tensor([N], ms.int32), ms.Tensor([1.0, 4.0]))
    assert g.shape == (N, 2) and g.dtype == onp.float32
    assert onp.allclose(_np(g).mean(axis=0), [1.0, 4.0], rtol=0.05)
    assert ops.random_gamma((2,), ms.Tensor([1.0], ms.float64)).dtype == onp.float64
    p = ops.random_poisson(ms.Tensor([N], ms.int32), ms.Tensor([2.0, 5.0]))
    assert p.shape == (N, 2) and p.dtype == onp.float32
    assert onp.allclose(_np(p).mean(axis=0), [2.0, 5.0], rtol=0.05)
    assert (_np(p) == onp.round(_np(p))).all()
    assert ops.random_poisson((3,), ms.Tensor([1.0]), dtype=ms.int32).dtype == onp.int32


def test_multinomial_and_categorical():
    w = ms.Tensor([0.0, 3.0, 1.0, 0.0])
    m = _np(ops.multinomial(w, N))
    assert m.dtype == onp.int32 and set(onp.unique(m)) == {1, 2}
    assert abs((m == 1).mean() - 0.75) < 0.02
    no_rep = _np(ops.multinomial(ms.Tensor([[1.0, 1.0, 1.0]] * 50), 3, replacement=False))
    assert no_rep.shape == (50, 3) and (onp.sort(no_rep, axis=1) == [0, 1, 2]).all()
    c = _np(ops.random_categorical(ms.Tensor([[0.0, onp.log(3.0)]]), N))
    assert c.dtype == onp.int64 and c.shape == (1, N) and abs(c.mean() - 0.75) < 0.02
    assert ops.random_categorical(ms.Tensor([[0.0, 1.0]]), 2, dtype=ms.int32).dtype == onp.int32


def test_bernoulli_shuffle_randperm():
    b = _np(ops.bernoulli(ops.zeros((N,)), 0.3))
    assert b.dtype == onp.float32 and set(onp.unique(b)) == {0, 1} and abs(b.mean() - .3) < .02
    fixed = ops.bernoulli(ops.zeros((3,)), ms.Tensor([0.0, 1.0, 1.0]))
    assert _np(fixed).tolist() == [0.0, 1.0, 1.0]
    assert ops.bernoulli(ms.Tensor(onp.zeros((2,), onp.int32))).dtype == onp.int32
    rows = ms.Tensor(onp.arange(12.0).reshape(6, 2))
    s = _np(ops.shuffle(rows))
    assert sorted(s[:, 0].tolist()) == list(range(0, 12, 2)) and (s[:, 1] == s[:, 0] + 1).all()
    assert _np(ops.shuffle(ms.Tensor(3))) == 3
    perm = ops.randperm(7)
    assert perm.dtype == onp.int64 and sorted(_np(perm).tolist()) == list(range(7))
    assert ops.randperm(3, dtype=ms.float32).dtype == onp.float32


def test_seeds_repeat_and_set_seed_seeds_the_rest():
    assert (_np(ops.rand(5, seed=3)) == _np(ops.rand(5, seed=3))).all()
    assert (_np(ops.randperm(9, seed=4)) == _np(ops.randperm(9, seed=4))).all()
    ms.set_seed(11)
    a = [_np(ops.randn(4)), _np(ops.randint(0, 9, (4,))), _np(ops.shuffle(ops.arange(9)))]
    ms.set_seed(11)
    b = [_np(ops.randn(4)), _np(ops.randint(0, 9, (4,))), _np(ops.shuffle(ops.arange(9)))]
    assert all((x == y).all() for x, y in zip(a, b))


def test_samples_are_constants_under_grad():
    def f(x):
        return (x * ops.rand(3)).sum() + ops.bernoulli(x).sum()
    x = ms.Tensor([1.0, 2.0, 3.0], ms.float64)
    assert ops.grad(f)(x).shape == (3,)


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.rand(2, dtype=ms.int32), CellArgumentError, "ops.rand dtype"),
    (lambda: ops.rand(3, seed="a"), CellTypeError, "ops.rand seed"),
    (lambda: ops.rand(-1), CellArgumentError, "ops.rand size"),
    (lambda: ops.rand_like(ms.Tensor([1, 2])), CellArgumentError, "ops.rand_like dtype"),
    (lambda: ops.randn(2, 2.5), CellTypeError, "ops.randn size"),
    (lambda: ops.randn_like(ops.ones(2), dtype=ms.int64), CellArgumentError,
     "ops.randn_like dtype"),
    (lambda: ops.randint(5, 0, (2,)), CellArgumentError, "ops.randint low"),
    (lambda: ops.randint(0, 5, (2,), dtype=ms.float32), CellArgumentError, "ops.randint dtype"),
    (lambda: ops.randint_like(ops.ones(2), 0, 5), CellArgumentError, "ops.randint_like dtype"),
    (lambda: ops.uniform((2,), 1.0, 2.0), CellTypeError, "ops.uniform minval"),
    (lambda: ops.uniform((2,), ops.ones(()), ops.ones(()), dtype=ms.float64), CellTypeError,
     "ops.uniform dtype"),
    (lambda: ops.standard_normal("2"), CellTypeError, "ops.standard_normal shape"),
    (lambda: ops.normal((2,), "a", 1.0), CellTypeError, "ops.normal mean"),
    (lambda: ops.laplace((2,), 0.0, "b"), CellTypeError, "ops.laplace lambda_param"),
    (lambda: ops.standard_laplace((-2,)), CellArgumentError, "ops.standard_laplace shape"),
    (lambda: ops.random_gamma((2,), ms.Tensor([-1.0])), CellArgumentError,
     "ops.random_gamma alpha"),
    (lambda: ops.random_poisson((2,), ms.Tensor([1, 2])), CellTypeError,
     "ops.random_poisson rate"),
    (lambda: ops.multinomial(ms.Tensor([1.0, 1.0]), 3, False), CellArgumentError,
     "ops.multinomial num_samples"),
    (lambda: ops.random_categorical(ms.Tensor([0.0, 1.0]), 2), CellArgumentError,
     "ops.random_categorical logits"),
    (lambda: ops.bernoulli(ops.ones(3), ms.Tensor([0.5, 0.5])), CellArgumentError,
     "ops.bernoulli p"),
    (lambda: ops.shuffle(ops.ones(3), seed=1.5), CellTypeError, "ops.shuffle seed"),
    (lambda: ops.randperm(-1), CellArgumentError, "ops.randperm n"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
