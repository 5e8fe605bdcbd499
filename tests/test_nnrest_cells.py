"""Area nnrest's Cells: float64 finite-difference checks (inputs and Parameters), float32
kept, NumPy values where MindSpore's CPU build has no kernel, and their error messages."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

RNG = onp.random.default_rng(5)


def spd(*shape):
    a = RNG.standard_normal(shape)
    return a @ onp.swapaxes(a, -1, -2) + shape[-1] * onp.eye(shape[-1])


def cells64():
    return [
        (nn.MatDet(), [spd(2, 3, 3)]), (nn.MatInverse(), [spd(3, 3)]),
        (nn.MatrixDiag(), [RNG.standard_normal((2, 3))]),
        (nn.MatrixDiagPart(), [RNG.standard_normal((2, 3, 4))]),
        (nn.MatrixSetDiag(), [RNG.standard_normal((4, 3)), RNG.standard_normal(3)]),
        (nn.TripletMarginWithDistanceLoss(swap=True),
         [RNG.standard_normal((3, 4)) for _ in range(3)]),
        (nn.SyncBatchNorm(3, dtype=ms.float64).set_train(), [RNG.standard_normal((4, 3))]),
    ]


@pytest.mark.parametrize("index", range(7))
def test_cell_matches_finite_differences_in_float64(index):
    cell, inputs = cells64()[index]
    inputs = [ms.Tensor(x) for x in inputs]
    for i in range(len(inputs)):
        def fn(x, i=i):
            args = list(inputs)
            args[i] = x
            return ops.sum(cell(*args) * 1.3)
        check_grads(fn, modes=["rev"], order=1)(inputs[i])


def test_sync_batch_norm_parameters_match_finite_differences():
    cell = nn.SyncBatchNorm(3, dtype=ms.float64).set_train()
    x = ms.Tensor(RNG.standard_normal((2, 3, 2, 2)))
    gamma = ms.Tensor(RNG.standard_normal(3))
    check_grads(lambda g: ops.sum(cell(x) * g.reshape(1, 3, 1, 1)), modes=["rev"])(gamma)
    grads = ops.GradOperation(get_by_list=True)(cell, cell.trainable_params())(x)
    assert [g.shape for g in grads] == [(3,), (3,)]


def test_matrix_cells_equal_numpy_and_keep_float32():
    a = spd(2, 3, 3).astype(onp.float32)
    onp.testing.assert_allclose(nn.MatDet()(ms.Tensor(a)), onp.linalg.det(a), rtol=1e-4)
    onp.testing.assert_allclose(nn.MatInverse()(ms.Tensor(a)), onp.linalg.inv(a), rtol=1e-4,
                                atol=1e-6)
    x = RNG.standard_normal((2, 4, 3)).astype(onp.float32)
    diag = RNG.standard_normal((2, 3)).astype(onp.float32)
    expected = x.copy()
    for b in range(2):
        onp.fill_diagonal(expected[b], diag[b])
    for out in (nn.MatDet()(ms.Tensor(a)), nn.MatInverse()(ms.Tensor(a)),
                nn.MatrixSetDiag()(ms.Tensor(x), ms.Tensor(diag))):
        assert out.dtype == onp.float32
    onp.testing.assert_array_equal(nn.MatrixSetDiag()(ms.Tensor(x), ms.Tensor(diag)), expected)
    onp.testing.assert_array_equal(nn.MatrixDiag()(ms.Tensor(diag))[1], onp.diag(diag[1]))
    onp.testing.assert_array_equal(nn.MatrixDiagPart()(ms.Tensor(x)),
                                   onp.diagonal(x, axis1=-2, axis2=-1))


def test_float32_stays_float32():
    x = ms.Tensor(RNG.standard_normal((4, 3)).astype(onp.float32))
    assert nn.SyncBatchNorm(3)(x).dtype == onp.float32
    assert nn.TripletMarginWithDistanceLoss()(x, x * 2, x * 3).dtype == onp.float32
    out, grad = nn.Vjp(lambda t: t * t)(x, x)
    assert out.dtype == grad.dtype == onp.float32
    assert nn.Jvp(lambda t: t * t)(x, x)[1].dtype == onp.float32


def test_ext_cells_are_mint_cells():
    from minpy_compat import mint
    assert nn.EmbeddingExt is mint.nn.Embedding and nn.PReLUExt is mint.nn.PReLU
    assert nn.LayerNormExt is mint.nn.LayerNorm and nn.AvgPool2dExt is mint.nn.AvgPool2d


@pytest.mark.parametrize("make, error, match", [
    (lambda: nn.SyncBatchNorm(3, process_groups=[[0, 1]]), ValueError,
     "SyncBatchNorm process_groups: expected rank ids in"),
    (lambda: nn.SyncBatchNorm(3)(ms.Tensor(onp.ones((2, 3, 4), onp.float32))), ValueError,
     "SyncBatchNorm input"),
    (lambda: nn.TripletMarginWithDistanceLoss(margin=1), TypeError,
     "TripletMarginWithDistanceLoss margin: expected a float"),
    (lambda: nn.TripletMarginWithDistanceLoss()(*[ms.Tensor([1.0, 2.0])] * 3), ValueError,
     "TripletMarginWithDistanceLoss input: expected Tensors of rank >= 2"),
    (lambda: nn.MatDet()(ms.Tensor(-onp.eye(2, dtype=onp.float32))), ValueError,
     "MatDet input_a: expected symmetric positive definite"),
    (lambda: nn.MatInverse()(ms.Tensor(onp.ones((2, 3), onp.float32))), ValueError,
     "MatInverse input_a: expected a Tensor of square matrices"),
    (lambda: nn.MatrixSetDiag()(ms.Tensor(onp.ones((2, 3), onp.float32)),
                                ms.Tensor(onp.ones(3, onp.float32))), ValueError,
     r"MatrixSetDiag diagonal: expected a Tensor of shape \(2,\)"),
    (lambda: nn.MatrixDiag()(3.0), TypeError, "MatrixDiag input_x: expected a Tensor"),
    (lambda: nn.Vjp(lambda x: x)(ms.Tensor([1.0])), ValueError, "Vjp inputs"),
    (lambda: nn.AdaFactor(nn.Dense(2, 2).trainable_params(), learning_rate=0.1),
     ValueError, "AdaFactor learning_rate: expected None with relative_step=True"),
    (lambda: nn.AdaFactor(nn.Dense(2, 2).trainable_params(), decay_rate=1.5), ValueError,
     "AdaFactor decay_rate"),
    (lambda: nn.AdaFactor(nn.Dense(2, 2).trainable_params(), eps=(1e-30,)), ValueError,
     "AdaFactor eps: expected 2 values"),
    (lambda: nn.AdaFactor(nn.Dense(2, 2).trainable_params(), clip_threshold=1), TypeError,
     "AdaFactor clip_threshold: expected a float"),
])
def test_bad_arguments_name_the_cell(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_every_new_name_has_a_docstring():
    for name in ["SyncBatchNorm", "MatDet", "MatInverse", "MatrixDiag", "MatrixDiagPart",
                 "MatrixSetDiag", "TripletMarginWithDistanceLoss", "Jvp", "Vjp", "AdaFactor"]:
        assert getattr(nn, name).__doc__.strip(), name
