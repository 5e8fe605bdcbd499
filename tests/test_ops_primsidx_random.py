"""Area primsidx's random primitives: the distribution family and parameters checked
through moments with fixed seeds (values need not equal MindSpore's), seeds repeating,
dtypes, and an error test per refused argument; plus the windows' values."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

N = ms.Tensor([200, 100], ms.int32)


def test_truncated_normal_stays_within_two_deviations():
    x = ops.TruncatedNormal(seed=3)(N).asnumpy()
    assert x.dtype == onp.float32 and onp.abs(x).max() <= 2
    assert abs(x.mean()) < 0.02 and abs(x.std() - 0.88) < 0.02  # truncated N(0,1) std 0.880


def test_standard_laplace_has_unit_scale():
    x = ops.StandardLaplace(seed=3)((200, 100)).asnumpy()
    assert abs(x.mean()) < 0.05 and abs(x.var() - 2.0) < 0.1


def test_random_gamma_and_poisson_have_their_means():
    alpha = ms.Tensor(onp.array([0.5, 3.0]))
    g = ops.RandomGamma(seed=4)(N, alpha).asnumpy()
    assert g.shape == (200, 100, 2) and g.dtype == onp.float64
    assert onp.allclose(g.reshape(-1, 2).mean(0), [0.5, 3.0], rtol=0.05)
    p = ops.RandomPoisson(seed=4, dtype=ms.int32)(N, ms.Tensor([1.0, 6.0])).asnumpy()
    assert p.dtype == onp.int32 and onp.allclose(p.reshape(-1, 2).mean(0), [1, 6], rtol=0.05)


def test_cauchy_and_log_normal_have_their_medians():
    onp.random.seed(5)
    c = ops.Cauchy([20000], median=1.0, sigma=2.0)().asnumpy()
    assert abs(onp.median(c) - 1.0) < 0.1 and abs(onp.median(onp.abs(c - 1)) - 2.0) < 0.1
    z = ops.LogNormalReverse(0.5, 0.25)(ms.Tensor(onp.zeros((20000,)))).asnumpy()
    assert z.dtype == onp.float64 and abs(onp.log(z).mean() - 0.5) < 0.01
    assert abs(onp.log(z).std() - 0.25) < 0.01


def test_multinomial_with_replacement_follows_the_weights():
    x = ms.Tensor(onp.array([[1.0, 3.0, 0.0]], onp.float32))
    drawn = ops.multinomial_with_replacement(x, 7, 0, 4000, True).asnumpy()
    assert drawn.dtype == onp.int64 and 2 not in drawn
    assert abs((drawn == 1).mean() - 0.75) < 0.03
    again = ops.MultinomialWithReplacement(4000, True)(x, 7, 0).asnumpy()
    assert (again == drawn).all()
    once = ops.MultinomialWithReplacement(3, False)(ms.Tensor([[1.0, 1.0, 1.0]]), 1, 0)
    assert sorted(once.asnumpy().ravel().tolist()) == [0, 1, 2]


def test_randperm_v2_is_a_seeded_permutation():
    a = ops.RandpermV2(seed=2, dtype=ms.float32)(ms.Tensor(6, ms.int64)).asnumpy()
    b = ops.RandpermV2(seed=2, dtype=ms.float32)(6).asnumpy()
    assert a.dtype == onp.float32 and sorted(a.tolist()) == list(range(6)) and (a == b).all()


def test_windows_match_their_formulas():
    n = ms.Tensor(5, ms.int32)
    assert onp.allclose(ops.BartlettWindow(False)(n).asnumpy(), [0, 0.5, 1, 0.5, 0])
    assert onp.allclose(ops.BlackmanWindow(False, ms.float64)(n).asnumpy(), onp.blackman(5))
    ham = ops.HammingWindow(False, 0.5, 0.5, ms.float64)(ms.Tensor([5], ms.int32))
    assert ham.dtype == onp.float64 and onp.allclose(ham.asnumpy(), onp.hanning(5))


ERRORS = [
    (lambda: ops.TruncatedNormal()((2, 2)), CellTypeError, "TruncatedNormal shape"),
    (lambda: ops.TruncatedNormal()(ms.Tensor([3], ms.int32)), CellArgumentError,
     "TruncatedNormal shape: expected at least 2"),
    (lambda: ops.TruncatedNormal(ms.int32), CellTypeError, "TruncatedNormal dtype"),
    (lambda: ops.StandardLaplace()((2, -2)), CellArgumentError, "StandardLaplace shape"),
    (lambda: ops.RandomGamma()((2,), ms.Tensor([1.0])), CellTypeError, "RandomGamma shape"),
    (lambda: ops.RandomGamma()(N, ms.Tensor([1], ms.int32)), CellTypeError,
     "RandomGamma alpha"),
    (lambda: ops.RandomPoisson(dtype=ms.bool_), CellTypeError, "RandomPoisson dtype"),
    (lambda: ops.Cauchy((2,)), CellTypeError, "Cauchy size: expected a list"),
    (lambda: ops.Cauchy([2, -1]), CellArgumentError, r"Cauchy size\[1\]"),
    (lambda: ops.LogNormalReverse()(ms.Tensor([1], ms.int32)), CellTypeError,
     "LogNormalReverse input"),
    (lambda: ops.multinomial_with_replacement(ms.Tensor([[-0.1, 1.0]]), 1, 0, 2, True),
     CellArgumentError, "ops.multinomial_with_replacement x"),
    (lambda: ops.MultinomialWithReplacement(4)(ms.Tensor([[0.5, 0.5]]), 1, 0),
     CellArgumentError, "^MultinomialWithReplacement numsamples"),
    (lambda: ops.RandpermV2()(-1), CellArgumentError, "RandpermV2 n: expected an int > 0"),
    (lambda: ops.RandpermV2(dtype=ms.int8)(300), CellArgumentError, "RandpermV2 n"),
]


@pytest.mark.parametrize("call, error, words", ERRORS, ids=[e[2][:30] for e in ERRORS])
def test_bad_arguments_name_the_op_and_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


NEW = ["FillDiagonal", "IndexAdd", "IndexFill", "IndexPut", "InplaceAdd", "InplaceIndexAdd",
       "InplaceSub", "InplaceUpdate", "InplaceUpdateV2", "MaskedScatter", "inplace_add",
       "inplace_index_add", "inplace_sub", "inplace_update", "SegmentSum", "EditDistance",
       "UniqueWithPad", "unique_with_pad", "ListDiff", "Cauchy", "RandpermV2", "dense",
       "view_as", "is_nonzero", "tensor_gt", "multinomial_with_replacement"]


@pytest.mark.parametrize("name", NEW)
def test_new_names_are_exported_with_a_docstring(name):
    assert name in ops.__all__ and getattr(ops, name).__doc__.strip()
