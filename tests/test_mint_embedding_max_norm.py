"""``mint.nn.Embedding(max_norm=...)`` and ``mint.nn.functional.embedding``: the looked-up
rows longer than ``max_norm`` are rescaled in the weight itself, in place (MindSpore 2.10's
documented rule, PyTorch's; MindSpore's CPU build has no Embedding kernel to replay), and
the gradient is the plain lookup's (the renorm is an in-place write, not part of the
graph)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import mint, ops
from minpy_compat.mint.nn import functional as F

TABLE = onp.array([[3.0, 4.0], [0.3, 0.4], [0.0, -2.0], [6.0, 8.0]])
IDS = onp.array([[0, 2, 2], [1, 0, 2]], onp.int32)


def _expected(max_norm, norm_type=2.0, used=(0, 1, 2)):
    table = TABLE.copy()
    for row in used:
        norm = onp.linalg.norm(table[row], ord=norm_type)
        if norm > max_norm:
            table[row] *= max_norm / (norm + 1e-7)
    return table


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
@pytest.mark.parametrize("max_norm,norm_type", [(1.0, 2.0), (1.5, 1.0), (10.0, 2.0)])
def test_the_cell_rescales_its_weight_in_place(dtype, max_norm, norm_type):
    cell = mint.nn.Embedding(4, 2, max_norm=max_norm, norm_type=norm_type,
                             _weight=ms.Tensor(TABLE.astype(dtype)))
    out = cell(ms.Tensor(IDS))
    expected = _expected(max_norm, norm_type)  # row 3 is not looked up: it stays
    onp.testing.assert_allclose(onp.asarray(cell.weight), expected, rtol=1e-6)
    onp.testing.assert_allclose(onp.asarray(out), expected[IDS], rtol=1e-6)
    assert onp.asarray(out).dtype == dtype and onp.asarray(cell.weight).dtype == dtype


def test_under_a_gradient_the_weight_is_rewritten_and_the_gradient_is_the_lookups():
    cell = mint.nn.Embedding(4, 2, max_norm=1.0, _weight=ms.Tensor(TABLE.astype(onp.float32)))
    grad_fn = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)(
        cell, cell.trainable_params())
    sens = onp.arange(12, dtype=onp.float32).reshape(2, 3, 2)
    _, (grad,) = grad_fn(ms.Tensor(IDS), ms.Tensor(sens))
    onp.testing.assert_allclose(onp.asarray(cell.weight), _expected(1.0), rtol=1e-6)
    counts = onp.zeros((4, 2), onp.float32)
    onp.add.at(counts, IDS, sens)
    onp.testing.assert_allclose(onp.asarray(grad), counts)


def test_value_and_grad_reads_the_rescaled_rows():
    cell = mint.nn.Embedding(4, 2, max_norm=1.0, _weight=ms.Tensor(TABLE.astype(onp.float32)))
    loss, _ = ms.value_and_grad(lambda x: cell(x).sum(), None, cell.trainable_params())(
        ms.Tensor(IDS))
    onp.testing.assert_allclose(float(loss), _expected(1.0)[IDS].sum(), rtol=1e-6)


def test_the_functional_rescales_a_parameter_in_place():
    weight = ms.Parameter(ms.Tensor(TABLE.astype(onp.float32)), name="table")
    out = F.embedding(ms.Tensor(IDS), weight, max_norm=1.0)
    onp.testing.assert_allclose(onp.asarray(weight), _expected(1.0), rtol=1e-6)
    onp.testing.assert_allclose(onp.asarray(out), _expected(1.0)[IDS], rtol=1e-6)
    again = F.embedding(ms.Tensor(IDS), weight, max_norm=1.0)  # already within the norm
    onp.testing.assert_allclose(onp.asarray(again), onp.asarray(out), rtol=1e-6)


def test_a_bad_max_norm_names_the_function():
    cell = mint.nn.Embedding(4, 2, max_norm="big")
    with pytest.raises(TypeError, match=r"mint.nn.functional.embedding max_norm"):
        cell(ms.Tensor(IDS))
