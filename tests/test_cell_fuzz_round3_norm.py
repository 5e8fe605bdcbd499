"""Cell layer against MindSpore 2.10, third round (continued from
``test_cell_fuzz_round3.py``): BatchNorm, LayerNorm and Embedding. Expected values
were printed by real MindSpore 2.10 (CPU, PyNative) running the same program."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError

from conftest import check_grad
from test_cell_fuzz_round3 import assert_param_grads, close, cubed, ramp


# ---- BatchNorm -------------------------------------------------------------------------------
def batch_norm_1d():
    bn = nn.BatchNorm1d(2, momentum=0.7)
    bn.gamma.set_data(ms.Tensor([1.5, 0.5]))
    bn.beta.set_data(ms.Tensor([0.1, -0.2]))
    return bn


def test_batch_norm_training_eval_and_moving_statistics_match_mindspore():
    bn, x = batch_norm_1d().set_train(), ms.Tensor(ramp((4, 2), 3, 7))
    out = bn(x)
    # MindSpore 2.10: [[-2.36966, 0.47078], [1.58179, 0.02359], [0.92322, -0.42359],
    # [0.26464, -0.87078]]; moving_mean [0.05625, -0.1125], moving_variance [0.8296875, 0.73125]
    # (moving = momentum * moving + (1 - momentum) * batch, the variance unbiased)
    assert out.dtype == onp.float32
    close(out, [[-2.36966, 0.47078], [1.58179, 0.02359], [0.92322, -0.42359],
                [0.26464, -0.87078]])
    close(bn.moving_mean, [0.05625, -0.1125], atol=1e-6)
    close(bn.moving_variance, [0.8296875, 0.73125], atol=1e-6)
    weights = ms.Tensor(ramp((4, 2), 5, 3))
    gx, (gg, gb) = ms.grad(lambda a: (bn(a) ** 2 * weights).sum(), 0,
                           bn.trainable_params())(x)
    # MindSpore 2.10: gx [[0.26778, -0.02094], [0.11659, -0.10529], [0.83761, 0.27361],
    # [-1.22199, -0.14739]], ggamma [-1.71193, 0.89461], gbeta [1.51412, -0.2118];
    # the gradient's forward pass updates the moving statistics once more:
    # [0.095625, -0.19125], [0.71046877, 0.543125]
    close(gx, [[0.26778, -0.02094], [0.11659, -0.10529], [0.83761, 0.27361],
               [-1.22199, -0.14739]])
    close(gg, [-1.71193, 0.89461])
    close(gb, [1.51412, -0.2118])
    close(bn.moving_mean, [0.095625, -0.19125], atol=1e-6)
    close(bn.moving_variance, [0.71046877, 0.543125], atol=1e-6)
    # MindSpore 2.10, set_train(False): the moving statistics normalize
    bn.set_train(False)
    close(bn(x), [[-1.40485, -0.07025], [1.26451, -0.23986], [0.81961, -0.40947],
                  [0.37472, -0.57908]])
    close(bn.moving_mean, [0.095625, -0.19125], atol=1e-6)  # not updated in eval


def test_batch_norm_2d_and_parameter_names_match_mindspore():
    bn = nn.BatchNorm2d(2).set_train()
    out = bn(ms.Tensor(ramp((2, 2, 2, 2), 3, 5)))
    # MindSpore 2.10: out[0, 0] [[-1.38339, 0.56963], [-0.73238, 1.22064]]; moving_mean
    # [0.003125, -0.009375], moving_variance [0.91685265, 0.91238838]
    close(out[0, 0], [[-1.38339, 0.56963], [-0.73238, 1.22064]])
    close(out[1, 1], [[-0.47456, 1.80332], [0.28473, -1.23385]])
    close(bn.moving_mean, [0.003125, -0.009375], atol=1e-6)
    close(bn.moving_variance, [0.91685265, 0.91238838], atol=1e-6)
    # MindSpore 2.10: ['moving_mean', 'moving_variance', 'gamma', 'beta'], requires_grad
    # [False, False, True, True]; Parameter names 'mean', 'variance' alone, '0.moving_mean' in
    # a SequentialCell; affine=False makes gamma and beta untrainable
    assert [k for k, _ in bn.parameters_and_names()] == ["moving_mean", "moving_variance",
                                                         "gamma", "beta"]
    assert [p.requires_grad for p in bn.get_parameters()] == [False, False, True, True]
    assert bn.moving_mean.name == "mean"
    seq = nn.SequentialCell([nn.BatchNorm2d(3)])
    assert [p.name for p in seq.get_parameters()][:2] == ["0.moving_mean", "0.moving_variance"]
    assert nn.BatchNorm2d(3, affine=False).trainable_params() == []


def test_batch_norm_use_batch_statistics():
    x = ms.Tensor(ramp((4, 2), 3, 7))
    always = nn.BatchNorm1d(2, use_batch_statistics=True)
    # MindSpore 2.10: True normalizes with the batch (and updates the moving mean) in eval too
    close(always(x), nn.BatchNorm1d(2).set_train()(x))
    close(always.moving_mean, [0.1 * m for m in onp.asarray(x).mean(0)], atol=1e-6)
    never = nn.BatchNorm1d(2, use_batch_statistics=False).set_train()
    # MindSpore 2.10: False uses the moving statistics (0, 1) in training, no update
    close(never(x), onp.asarray(x) / onp.sqrt(1 + 1e-5))
    close(never.moving_mean, [0, 0])


def test_batch_norm_gradients_match_finite_differences():
    x = ms.Tensor(onp.random.RandomState(5).normal(size=(4, 3, 2)))
    train = nn.BatchNorm1d(3, dtype=onp.float64).set_train()
    check_grad(lambda v: train(v) ** 3, x)
    assert_param_grads(train, cubed, x)
    frozen = nn.BatchNorm2d(3, dtype=onp.float64)
    x4 = ms.Tensor(onp.random.RandomState(6).normal(size=(2, 3, 2, 2)))
    check_grad(lambda v: frozen(v) ** 3, x4)
    assert_param_grads(frozen, cubed, x4)


def test_batch_norm_refuses_bad_arguments_by_name():
    # MindSpore 2.10: ValueError "For 'BatchNorm2d', the in_shape must have 4 dims, but got 2."
    with pytest.raises(CellArgumentError, match="BatchNorm2d input: expected a rank-4"):
        nn.BatchNorm2d(3)(ms.Tensor(onp.ones((2, 3), onp.float32)))
    # MindSpore 2.10: ValueError "For 'BatchNorm1d', the must have 2 dims or 3 dims, but got 4."
    with pytest.raises(CellArgumentError, match="BatchNorm1d input: expected a rank-2 or rank-3"):
        nn.BatchNorm1d(3)(ms.Tensor(onp.ones((2, 3, 1, 1), onp.float32)))
    # MindSpore 2.10: ValueError "... scale.shape[0] should be equal to input_x's channel
    # dimension: 3, bug got scale.shape[0]: 4."
    with pytest.raises(CellArgumentError, match="BatchNorm2d input: expected 4 channels"):
        nn.BatchNorm2d(4)(ms.Tensor(onp.ones((2, 3, 2, 2), onp.float32)))
    # MindSpore 2.10: ValueError "... the 'momentum' must be a number in range [0, 1], got 1.5."
    with pytest.raises(CellArgumentError, match=r"BatchNorm2d momentum: expected a number in"):
        nn.BatchNorm2d(3, momentum=1.5)
    # MindSpore 2.10: ValueError "... 'use_batch_statistics' must be a boolean value or None"
    with pytest.raises(CellTypeError, match="BatchNorm1d use_batch_statistics: expected True"):
        nn.BatchNorm1d(2, use_batch_statistics=1)
    # MindSpore 2.10 trains on one sample silently and its moving variance becomes nan
    with pytest.raises(CellArgumentError, match="BatchNorm1d input: expected at least 2 values"):
        nn.BatchNorm1d(2).set_train()(ms.Tensor(onp.ones((1, 2), onp.float32)))


# ---- LayerNorm and Embedding ------------------------------------------------------------------
def test_layer_norm_matches_mindspore():
    ln = nn.LayerNorm((2, 3), begin_norm_axis=1, begin_params_axis=1,
                      gamma_init=ms.Tensor(ramp((2, 3), 2, 5) + 1), beta_init="zeros")
    out = ln(ms.Tensor(ramp((2, 2, 3))))
    # MindSpore 2.10: [[[-0.69653, 0.69653, -0.74628], [1.19404, 0.49752, -0.39801]],
    # [[0.68098, 0.15133, -1.58896], [0.79448, -0.18916, -0.68098]]]
    assert out.dtype == onp.float32
    close(out, [[[-0.69653, 0.69653, -0.74628], [1.19404, 0.49752, -0.39801]],
                [[0.68098, 0.15133, -1.58896], [0.79448, -0.18916, -0.68098]]])
    # MindSpore 2.10: TypeError "For 'LayerNorm', the type of 'normalized_shape' must be
    # tuple[int] or list[int], but got 4"; gamma/beta shape mismatch -> ValueError
    with pytest.raises(CellTypeError, match="LayerNorm normalized_shape: expected a tuple"):
        nn.LayerNorm(4)
    with pytest.raises(CellArgumentError, match=r"LayerNorm input: expected trailing dimensions"):
        nn.LayerNorm((5,))(ms.Tensor(onp.ones((2, 4), onp.float32)))


@pytest.mark.parametrize("options", [
    dict(normalized_shape=(4,)),
    dict(normalized_shape=(3, 4), begin_norm_axis=1, begin_params_axis=1),
    dict(normalized_shape=(4,), begin_norm_axis=1, begin_params_axis=-1),
])
def test_layer_norm_gradients_match_finite_differences(options):
    ln = nn.LayerNorm(dtype=onp.float64, **options)
    x = ms.Tensor(onp.random.RandomState(7).normal(size=(2, 3, 4)))
    check_grad(lambda v: ln(v) ** 3, x)
    assert_param_grads(ln, cubed, x)


def test_embedding_matches_mindspore():
    emb = nn.Embedding(4, 2, embedding_table=ms.Tensor(ramp((4, 2))))
    ids = ms.Tensor(onp.array([[3, 0], [3, 1]], onp.int32))
    # MindSpore 2.10: [[[1, 0], [-1.25, 0.5]], [[1, 0], [-0.5, 1.25]]]; the table's gradient of
    # 2 * sum: [[2, 2], [2, 2], [0, 0], [4, 4]] (a repeated index accumulates)
    close(emb(ids), [[[1, 0], [-1.25, 0.5]], [[1, 0], [-0.5, 1.25]]])
    (table_grad,) = ms.grad(lambda i: emb(i).sum() * 2, None, emb.trainable_params())(ids)
    close(table_grad, [[2, 2], [2, 2], [0, 0], [4, 4]])
    # MindSpore 2.10: padding_idx=1 starts that row at zero; repr as below
    assert onp.asarray(nn.Embedding(5, 3, padding_idx=1).embedding_table)[1].tolist() == [0] * 3
    assert repr(nn.Embedding(3, 2, embedding_table="zeros")) == (
        "Embedding(vocab_size=3, embedding_size=2, use_one_hot=False, embedding_table=Parameter "
        "(name=embedding_table, shape=(3, 2), dtype=Float32, requires_grad=True), dtype=Float32, "
        "padding_idx=None)")
    table = nn.Embedding(4, 3, embedding_table=ms.Tensor(ramp((4, 3), dtype=onp.float64)))
    assert_param_grads(table, cubed, ids)


def test_embedding_refuses_bad_indices_by_name():
    emb = nn.Embedding(5, 3)
    # MindSpore 2.10: RuntimeError "For 'Gather', the 'input_indices' should be in the range
    # [0, 5), but got 5"
    with pytest.raises(CellArgumentError, match=r"Embedding input: expected indices in \[0, 5\)"):
        emb(ms.Tensor(onp.array([5], onp.int32)))
    # MindSpore 2.10: TypeError for float indices
    with pytest.raises(CellTypeError, match="Embedding input: expected a Tensor of int indices"):
        emb(ms.Tensor([1.0]))
    # MindSpore 2.10: ValueError "For 'Embedding', the 'padding_idx' must be in range of [0, 5)"
    with pytest.raises(CellArgumentError, match="Embedding padding_idx: expected None or an int"):
        nn.Embedding(5, 3, padding_idx=5)
