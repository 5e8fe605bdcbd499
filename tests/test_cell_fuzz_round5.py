"""Cell layer against MindSpore 2.10, fifth round: the new layers (Conv2d, pools, BatchNorm,
LayerNorm) inside the rest of the Cell machinery: dtypes of their inputs (float16 in,
float16 out; mismatched weights refused), ``Cell.to_float``, and the optimizers' default
weight decay, which skips Parameters named ``*beta*``/``*gamma*``.

Each expected value was printed by real MindSpore 2.10 (CPU, PyNative) running the same
code; the comment or the table row quotes it.
"""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

F16, F32, F64, I32 = onp.float16, onp.float32, onp.float64, onp.int32
T = ms.Tensor
# (2, 1, 2, 2) float16
X16 = onp.array([[[[0.1, 0.7], [1.3, -0.4]]], [[[2.2, 0.05], [-1.1, 0.35]]]], F16)


def same(got, expected, dtype, atol=1e-6):
    assert onp.asarray(got).dtype == onp.dtype(dtype), f"{onp.asarray(got).dtype} != {dtype}"
    onp.testing.assert_allclose(onp.asarray(got, F64), onp.array(expected), rtol=0, atol=atol)


# ---- float16 through the norms and pools -------------------------------------------------
def test_batchnorm_float16_input_gives_float16_computed_in_float32():
    bn = nn.BatchNorm2d(1).set_train()
    # MindSpore: Float16 [-0.3154296875, 0.315673828125, 0.94580078125, -0.8408203125,
    #   1.8916015625, -0.367919921875, -1.576171875, -0.05242919921875]
    same(bn(T(X16)).ravel(), [-0.3154296875, 0.315673828125, 0.94580078125, -0.8408203125,
                              1.8916015625, -0.367919921875, -1.576171875, -0.05242919921875], F16)
    # moving stats stay Float32: [0.039997100830078125] [1.0034376382827759]
    same(bn.moving_mean, [0.039997100830078125], F32)
    same(bn.moving_variance, [1.0034376382827759], F32)
    bn.set_train(False)
    # MindSpore eval: Float16 [0.05987548828125, 0.6591796875, 1.2578125, -0.439208984375,
    #   2.15625, 0.00997161865234375, -1.1376953125, 0.3095703125]
    same(bn(T(X16)).ravel(), [0.05987548828125, 0.6591796875, 1.2578125, -0.439208984375,
                              2.15625, 0.00997161865234375, -1.1376953125, 0.3095703125], F16)
    dx, (dgamma, dbeta) = ops.grad(bn, 0, bn.trainable_params())(T(X16))
    # MindSpore: dx Float16 all 0.998046875; dgamma, dbeta Float32 [2.8748397827148438], [8.]
    same(dx.ravel(), [0.998046875] * 8, F16)
    same(dgamma, [2.8748397827148438], F32, atol=1e-5)
    same(dbeta, [8.0], F32)


def test_batchnorm1d_and_layernorm_float16_inputs_give_float16():
    # MindSpore: BatchNorm1d(4)(float16 (4, 4)) -> Float16; LayerNorm((2,))(X16) -> Float16
    #   [-1.0009765625, 1.0, 0.99951171875, -0.99951171875, 1.0, -1.0009765625, ...]
    rows = T(onp.arange(16, dtype=F16).reshape(4, 4))
    assert nn.BatchNorm1d(4)(rows).dtype == F16
    same(nn.LayerNorm((2,))(T(X16)).ravel(), [-1, 1, 1, -1, 1, -1, -1, 1], F16, atol=2e-3)
    # float16 Parameters with a float32 input give Float32 (the input's dtype)
    assert nn.BatchNorm2d(1, dtype=F16)(T(X16.astype(F32))).dtype == F32
    assert nn.LayerNorm((2,), dtype=F16)(T(X16.astype(F32))).dtype == F32


def test_avgpool_float16_sums_in_float32():
    x = T(onp.array([[[[0.1, 0.2, 0.3], [0.3, 0.4001, 0.7], [1.1, 2.3, 0.01]]]], F16))
    # MindSpore: Float16 [0.25, 0.400146484375, 1.025390625, 0.8525390625]
    # (summing in float16 gives 0.85302734375 for the last window)
    same(nn.AvgPool2d(2, 1)(x).ravel(), [0.25, 0.400146484375, 1.025390625, 0.8525390625], F16,
         atol=0)


# ---- inputs whose dtype the layer cannot take --------------------------------------------
@pytest.mark.parametrize("dtype", [F16, F64, I32])
@pytest.mark.parametrize("make", [lambda: nn.Conv2d(1, 2, 3), lambda: nn.Dense(4, 2)],
                         ids=["Conv2d", "Dense"])
def test_input_dtype_must_match_the_weights(make, dtype):
    # MindSpore: float16, float64 and int32 inputs to float32 weights raise TypeError
    #   "For primitive[Conv2D], the input type must be same." / "For 'MatMul', the type of
    #   'x2' should be same as 'x1', but got 'x1' with type Tensor[Float16] and 'x2' with
    #   type Tensor[Float32]."
    with pytest.raises(TypeError, match="expected dtype float32 .the weight's., got"):
        make()(T(onp.ones((2, 1, 4, 4), dtype)))


def test_weights_of_the_input_dtype_take_it():
    # MindSpore: Dense(dtype=float64) on Float64 -> Float64; Conv2d(dtype=float16) on Float16
    #   -> Float16; on Float32 -> TypeError
    assert nn.Dense(4, 2, dtype=F64)(T(onp.ones((2, 4)))).dtype == F64
    conv = nn.Conv2d(1, 2, 3, dtype=F16)
    assert conv(T(onp.ones((2, 1, 4, 4), F16))).dtype == F16
    with pytest.raises(TypeError, match="expected dtype float16 .the weight's., got float32"):
        conv(T(onp.ones((2, 1, 4, 4), F32)))


@pytest.mark.parametrize("make", [lambda: nn.BatchNorm2d(1), lambda: nn.LayerNorm((4,)),
                                  lambda: nn.MaxPool2d(2, 2), lambda: nn.AvgPool2d(2, 2)],
                         ids=["BatchNorm2d", "LayerNorm", "MaxPool2d", "AvgPool2d"])
def test_norms_and_pools_refuse_int_inputs(make):
    # MindSpore: int32 input -> TypeError ("For primitive[BatchNorm], the input argument
    #   [input_x] must be a type of {Tensor[Float16], Tensor[Float32]}, but got
    #   Tensor[Int32]."; LayerNorm, MaxPool2d and AvgPool2d raise TypeError too)
    with pytest.raises(TypeError, match="input: expected a Tensor of float16, float32"):
        make()(T(onp.ones((2, 1, 4, 4), I32)))


# ---- Cell.to_float -------------------------------------------------------------------------
def test_to_float16_casts_inputs_and_parameters_while_running():
    conv = nn.Conv2d(1, 1, 2, pad_mode="valid", weight_init="ones")
    assert conv.to_float(ms.float16) is conv
    x = T(X16.astype(F32))
    # MindSpore: Float16 [1.7001953125, 1.5]; conv.weight stays Float32
    same(conv(x).ravel(), [1.7001953125, 1.5], F16)
    assert conv.weight.dtype == F32 and isinstance(conv.weight, ms.Parameter)
    dx, (dw,) = ops.grad(conv, 0, conv.trainable_params())(x)
    # MindSpore: dx Float32 all ones; dw Float32 [2.298828125, 0.75, 0.2001953125, -0.0498046875]
    same(dx.ravel(), [1.0] * 8, F32)
    same(dw.ravel(), [2.298828125, 0.75, 0.2001953125, -0.0498046875], F32)


def test_to_float_reaches_sub_cells_and_float32_widens():
    net = nn.SequentialCell([nn.Conv2d(1, 2, 3, weight_init="ones"), nn.BatchNorm2d(2)])
    # MindSpore: to_float(float16) -> Float16 out; Embedding keeps int ids, table cast: Float16
    assert net.to_float(ms.float16)(T(onp.ones((2, 1, 4, 4), F32))).dtype == F16
    emb = nn.Embedding(3, 2, embedding_table="ones").to_float(ms.float16)
    assert emb(T(onp.array([0, 2], I32))).dtype == F16
    # MindSpore: Conv2d.to_float(float32) on a Float16 (or Float64) input -> Float32
    conv = nn.Conv2d(1, 2, 3).to_float(ms.float32)
    assert conv(T(onp.ones((2, 1, 4, 4), F16))).dtype == F32


@pytest.mark.parametrize("dst_type", [ms.int32, ms.float64, "float16"])
def test_to_float_refuses_other_types(dst_type):
    # MindSpore: ValueError "For 'to_float', the argument 'dst_type' must be mstype.float32,
    #   mstype.float16 or mstype.bfloat16, but got type: ..."
    with pytest.raises(ValueError, match="Dense.to_float dst_type: expected ms.float16"):
        nn.Dense(2, 2).to_float(dst_type)


# ---- weight decay skips *beta* and *gamma* -------------------------------------------------
class _Named(nn.Cell):
    def __init__(self):
        super().__init__()
        self.gamma = ms.Parameter(T(onp.ones(1, F32)), name="gamma")
        self.w = ms.Parameter(T(onp.ones(1, F32)), name="w")
        self.betas = ms.Parameter(T(onp.ones(1, F32)), name="my_betas")
        self.ln = nn.LayerNorm((1,))

    def construct(self, x):
        return (x * self.gamma * 0 + x * self.w * 0 + self.betas * 0 * x + self.ln(x)).sum()


# optimizer over [gamma, w, my_betas, ln.gamma, ln.beta] -> MindSpore's values (printed
# rounded to 4 decimals); in groups every Parameter decays
DECAY = {
    "plain": (lambda ps: nn.SGD(ps, 1.0, weight_decay=0.1), [1.0, 0.9, 1.0, 1.0, -1.0]),
    "group": (lambda ps: nn.SGD([{"params": ps}], 1.0, weight_decay=0.1),
              [0.9, 0.9, 0.9, 0.9, -1.0]),
    "group_wd": (lambda ps: nn.SGD([{"params": ps[:2], "weight_decay": 0.2},
                                    {"params": ps[2:]}], 1.0, weight_decay=0.1),
                 [0.8, 0.8, 0.9, 0.9, -1.0]),
    "momentum": (lambda ps: nn.Momentum(ps, 1.0, 0.9, weight_decay=0.1),
                 [1.0, 0.9, 1.0, 1.0, -1.0]),
    "adam": (lambda ps: nn.Adam(ps, 1.0, weight_decay=0.1), [1.0, 0.0, 1.0, 1.0, -1.0]),
}


def test_weight_decay_skips_beta_and_gamma_names_outside_groups():
    for name, (make, expected) in DECAY.items():
        cell = _Named()
        params = cell.trainable_params()
        make(params)(ops.grad(cell, None, params)(T(onp.ones((1, 1), F32))))
        values = onp.concatenate([p.asnumpy() for p in params])
        assert onp.allclose(values, expected, rtol=0, atol=1e-4), (name, values)


def _conv_bn_dense():
    rng = onp.random.RandomState(0)
    conv_w = (rng.randn(2, 1, 3, 3) * 0.5).astype(F32)
    dense_w = (rng.randn(3, 8) * 0.3).astype(F32)
    x, y = rng.randn(4, 1, 4, 4).astype(F32), rng.randn(4, 3).astype(F32)
    net = nn.SequentialCell([
        nn.Conv2d(1, 2, 3, stride=2, weight_init=T(conv_w), has_bias=True, bias_init="zeros"),
        nn.BatchNorm2d(2), nn.ReLU(), nn.Flatten(),
        nn.Dense(8, 3, weight_init=T(dense_w), bias_init="zeros")])
    return net.set_train(), T(x), T(y)


TRAINED = {  # 3 steps, lr 0.1, weight_decay 0.1: loss, BatchNorm gamma, beta (MindSpore)
    "SGD": ({}, 0.95251, [1.0491771697998047, 0.9825125932693481],
            [0.039909739047288895, -0.09524112194776535]),
    "Momentum": ({"momentum": 0.9}, 0.8956, [1.09236741065979, 0.9421742558479309],
                 [0.07451770454645157, -0.2260088324546814]),
    "Adam": ({}, 0.85404, [1.1453496217727661, 0.7746245861053467],
             [0.10211523622274399, -0.2594424784183502]),
}


@pytest.mark.parametrize("name", list(TRAINED))
def test_train_one_step_with_weight_decay_leaves_batchnorm_scale_undecayed(name):
    options, loss, gamma, beta = TRAINED[name]
    net, x, y = _conv_bn_dense()
    optimizer = getattr(nn, name)(net.trainable_params(), learning_rate=0.1, weight_decay=0.1,
                                  **options)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer)
    for _ in range(3):
        last = step(x, y)
    assert abs(float(last) - loss) < 1e-4
    same(net[1].gamma, gamma, F32, atol=1e-5)
    same(net[1].beta, beta, F32, atol=1e-5)
