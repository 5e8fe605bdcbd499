"""The neural-network function ops (``ops.celu`` ... ``ops.pixel_unshuffle``): float64
finite-difference checks, float32 kept, error messages naming the op and argument,
the random ops' statistics, docstrings and examples."""
import doctest
import importlib

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError, ReductionError

RNG = onp.random.default_rng(14)


def _x(*shape):
    """float64 values at least 0.1 away from 0, +-0.5 and +-1 (the kinks used here)."""
    x = RNG.uniform(-2, 2, shape)
    for kink in (0.0, 0.5, -0.5, 1.0, -1.0):
        x = onp.where(onp.abs(x - kink) < 0.1, kink + 0.2, x)
    return x


def _p(*shape):
    return RNG.uniform(0.1, 0.9, shape)


LABELS = onp.array([1, 0, 3], onp.int32)
SIGNS = onp.array([1.0, -1.0, 1.0])
ROWS = onp.array([1, -1, 1], onp.int32)

# (id, function of float64 arrays, the arrays)
DIFFERENTIABLE = [
    ("celu", lambda x: ops.celu(x, 0.7), [_x(2, 3)]),
    ("glu", lambda x: ops.glu(x, 0), [_x(4, 3)]),
    ("hardshrink", lambda x: ops.hardshrink(x, 0.5), [_x(2, 3)]),
    ("softshrink", lambda x: ops.softshrink(x, 0.5), [_x(2, 3)]),
    ("hardtanh", lambda x: ops.hardtanh(x), [_x(2, 3)]),
    ("prelu", lambda x, w: ops.prelu(x, w), [_x(2, 3, 2), _p(3)]),
    ("rrelu", lambda x: ops.rrelu(x, 0.2, 0.2), [_x(2, 3)]),
    ("softsign", ops.softsign, [_x(2, 3)]), ("softmin", ops.softmin, [_x(2, 3)]),
    ("tanhshrink", ops.tanhshrink, [_x(2, 3)]),
    ("threshold", lambda x: ops.threshold(x, 0.5, 2.0), [_x(2, 3)]),
    ("fast_gelu", ops.fast_gelu, [_x(2, 3)]),
    ("binary_cross_entropy", ops.binary_cross_entropy, [_p(2, 3), _p(2, 3)]),
    ("binary_cross_entropy_with_logits", ops.binary_cross_entropy_with_logits,
     [_x(2, 3), _p(2, 3)]),
    ("cross_entropy", lambda x: ops.cross_entropy(x, LABELS, label_smoothing=0.1),
     [_x(3, 4)]),
    ("cross_entropy_probabilities", ops.cross_entropy, [_x(3, 4), _p(3, 4)]),
    ("nll_loss", lambda x: ops.nll_loss(x, LABELS, label_smoothing=0.2), [_x(3, 4)]),
    # the labels get a zero gradient, as in MindSpore (test_loss_label_gradients.py)
    ("kl_div", lambda x, p=_p(2, 3): ops.kl_div(x, ms.Tensor(p)), [_x(2, 3)]),
    ("mse_loss", ops.mse_loss, [_x(2, 3), _x(2, 3)]),
    ("l1_loss", lambda x: ops.l1_loss(x, x * 0), [_x(2, 3)]),
    ("smooth_l1_loss", lambda x: ops.smooth_l1_loss(x, x * 0, 0.3, "sum"),
     [_x(2, 3)]),
    ("huber_loss", lambda x: ops.huber_loss(x, x * 0, delta=0.3), [_x(2, 3)]),
    ("margin_ranking_loss", lambda a, b, t: ops.margin_ranking_loss(a, b, t, 0.5),
     [_x(3), _x(3) + 3, SIGNS]),
    ("cosine_embedding_loss", lambda a, b: ops.cosine_embedding_loss(a, b, ROWS),
     [_x(3, 4), _x(3, 4)]),
    ("multi_margin_loss", lambda x: ops.multi_margin_loss(x, LABELS.astype(onp.int64),
                                                          margin=3), [_x(3, 4)]),
    ("gaussian_nll_loss", lambda x, v: ops.gaussian_nll_loss(x, onp.ones((2, 3)), v),
     [_x(2, 3), _p(2, 3)]),
    ("hinge_embedding_loss", lambda x: ops.hinge_embedding_loss(x, SIGNS, 3.0), [_x(3)]),
    ("multilabel_soft_margin_loss", ops.multilabel_soft_margin_loss, [_x(2, 3), _p(2, 3)]),
    ("conv1d", lambda x, w: ops.conv1d(x, w, stride=2, pad_mode="pad", padding=1),
     [_x(2, 2, 5), _x(3, 2, 2)]),
    ("conv2d", lambda x, w, b: ops.conv2d(x, w, b, pad_mode="same", groups=2),
     [_x(1, 2, 4, 3), _x(4, 1, 2, 2), _x(4)]),
    ("avg_pool1d", lambda x: ops.avg_pool1d(x, 2, 1, 1), [_x(1, 2, 5)]),
    ("avg_pool2d", lambda x: ops.avg_pool2d(x, 2, 2, 1, divisor_override=3),
     [_x(1, 2, 4, 4)]),
    ("max_pool2d", lambda x: ops.max_pool2d(x, 2), [_x(1, 2, 4, 4)]),
    ("adaptive_avg_pool1d", lambda x: ops.adaptive_avg_pool1d(x, 2), [_x(1, 2, 4)]),
    ("adaptive_avg_pool2d", lambda x: ops.adaptive_avg_pool2d(x, (2, 1)), [_x(1, 2, 4, 3)]),
    ("adaptive_max_pool1d", lambda x: ops.adaptive_max_pool1d(x, 2), [_x(1, 2, 4)]),
    ("adaptive_max_pool2d", lambda x: ops.adaptive_max_pool2d(x, 2), [_x(1, 2, 4, 4)]),
    ("pad_reflect", lambda x: ops.pad(x, (2, 1, 1, 0), mode="reflect"), [_x(1, 3, 4)]),
    ("pad_circular", lambda x: ops.pad(x, (2, 3), mode="circular"), [_x(2, 3)]),
    ("pixel_shuffle", lambda x: ops.pixel_shuffle(x, 2), [_x(1, 4, 2, 3)]),
    ("pixel_unshuffle", lambda x: ops.pixel_unshuffle(x, 2), [_x(1, 1, 4, 2)]),
    ("dropout2d_eval", lambda x: ops.dropout2d(x, 0.5, False), [_x(1, 2, 2, 2)]),
]


def check_each_argument(fn, arrays, power=2):
    """float64 finite differences of ``sum(fn(*arrays) ** power)`` in each argument (a
    normalised output's squares can sum to a constant: the norms use power 3)."""
    for i in range(len(arrays)):
        def partial(x, i=i):
            args = list(arrays)
            args[i] = x
            out = fn(*args)
            return ops.reduce_sum(out ** power)
        check_grads(partial, modes=["rev"], order=1)(arrays[i])


def assert_float32_kept(fn, arrays):
    out = fn(*[ms.Tensor(a.astype(onp.float32)) for a in arrays])
    assert onp.asarray(out).dtype == onp.float32


@pytest.mark.parametrize("fn, arrays", [c[1:] for c in DIFFERENTIABLE],
                         ids=[c[0] for c in DIFFERENTIABLE])
def test_float64_gradients_match_finite_differences(fn, arrays):
    check_each_argument(fn, arrays)


@pytest.mark.parametrize("fn, arrays", [c[1:] for c in DIFFERENTIABLE],
                         ids=[c[0] for c in DIFFERENTIABLE])
def test_float32_stays_float32(fn, arrays):
    assert_float32_kept(fn, arrays)


BAD = [
    (lambda: ops.celu(ms.Tensor([1.0]), 0.0), CellArgumentError, "ops.celu alpha"),
    (lambda: ops.glu(ms.Tensor(onp.ones((2, 3), onp.float32))), CellArgumentError,
     "ops.glu x"),
    (lambda: ops.hardshrink(ms.Tensor([1.0]), "a"), CellTypeError, "ops.hardshrink lambd"),
    (lambda: ops.softshrink(ms.Tensor([1.0]), -1.0), CellArgumentError,
     "ops.softshrink lambd"),
    (lambda: ops.hardtanh(ms.Tensor([True])), CellTypeError, "ops.hardtanh input"),
    (lambda: ops.prelu(ms.Tensor(onp.ones((2, 3), onp.float32)), ms.Tensor([0.1, 0.2])),
     CellArgumentError, "ops.prelu weight"),
    (lambda: ops.rrelu(ms.Tensor([1.0]), 0.5, 0.1), CellArgumentError, "ops.rrelu"),
    (lambda: ops.softsign(ms.Tensor([1])), CellTypeError, "ops.softsign x"),
    (lambda: ops.softmin(ms.Tensor([1])), CellTypeError, "ops.softmin x"),
    (lambda: ops.tanhshrink(ms.Tensor([True])), CellTypeError, "ops.tanhshrink input"),
    (lambda: ops.threshold(ms.Tensor([1.0]), None, 1.0), CellTypeError, "ops.threshold thr"),
    (lambda: ops.fast_gelu(ms.Tensor([1])), CellTypeError, "ops.fast_gelu x"),
    (lambda: ops.gumbel_softmax(ms.Tensor([1.0]), tau=0.0), CellArgumentError,
     "ops.gumbel_softmax tau"),
    (lambda: ops.gumbel_softmax(ms.Tensor([1.0]), hard=1), CellTypeError,
     "ops.gumbel_softmax hard"),
    (lambda: ops.nll_loss(ms.Tensor([[0.5]]), ms.Tensor([0]), label_smoothing=2.0),
     CellArgumentError, "ops.nll_loss label_smoothing"),
    (lambda: ops.multi_margin_loss(ms.Tensor([[0.5]]), ms.Tensor([0]), margin=0.5),
     CellTypeError, "ops.multi_margin_loss margin"),
    (lambda: ops.hinge_embedding_loss(ms.Tensor([0.5]), ms.Tensor([1])), CellTypeError,
     "ops.hinge_embedding_loss targets"),
    (lambda: ops.multilabel_soft_margin_loss(ms.Tensor([[0.5, 1.0]]), ms.Tensor([[1.0]])),
     CellArgumentError, "ops.multilabel_soft_margin_loss target"),
    (lambda: ops.kl_div(ms.Tensor([0.5]), ms.Tensor([0.5]), "avg"), ReductionError,
     "ops.kl_div reduction"),
    (lambda: ops.conv2d(ms.Tensor(onp.ones((1, 2, 3, 3), onp.float32)),
                        ms.Tensor(onp.ones((1, 2, 2, 2), onp.float32)), pad_mode="full"),
     CellArgumentError, "ops.conv2d pad_mode"),
    (lambda: ops.conv1d(ms.Tensor(onp.ones((1, 2, 3), onp.float32)),
                        ms.Tensor(onp.ones((1, 3, 2), onp.float32))),
     CellArgumentError, "ops.conv1d weight"),
    (lambda: ops.avg_pool2d(ms.Tensor(onp.ones((1, 1, 3, 3), onp.float32)), 2,
                            divisor_override=-1), CellArgumentError,
     "ops.avg_pool2d divisor_override"),
    (lambda: ops.adaptive_avg_pool1d(ms.Tensor(onp.ones((1, 1, 5), onp.float32)), 2),
     CellArgumentError, "ops.adaptive_avg_pool1d input"),
    (lambda: ops.pad(ms.Tensor([1.0]), (1, 1), mode="wrap"), CellArgumentError,
     "ops.pad mode"),
    (lambda: ops.pixel_shuffle(ms.Tensor(onp.ones((1, 3, 2, 2), onp.float32)), 2),
     CellArgumentError, "ops.pixel_shuffle input"),
    (lambda: ops.pixel_unshuffle(ms.Tensor(onp.ones((1, 1, 3, 2), onp.float32)), 0),
     CellArgumentError, "ops.pixel_unshuffle downscale_factor"),
    (lambda: ops.dropout2d(ms.Tensor(onp.ones((1, 1, 2, 2), onp.float32)), 0.5, 1),
     CellTypeError, "ops.dropout2d training"),
]


@pytest.mark.parametrize("call, error, where", BAD, ids=[b[2] for b in BAD])
def test_bad_arguments_name_the_op_and_argument(call, error, where):
    with pytest.raises(error, match=where.replace(".", r"\.") + ": expected"):
        call()
