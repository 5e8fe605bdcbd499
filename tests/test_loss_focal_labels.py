"""nn.FocalLoss with class-index labels (shape (N, 1, ...)): MindSpore 2.10 gathers them
(checked under /tmp/msvenv), so -classes..-1 count from the end and anything outside
[-classes, classes) is an error; ours names the Cell and the range (was NumPy's
IndexError)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError

X = ms.Tensor(onp.random.RandomState(0).randn(4, 3).astype(onp.float32))


def _labels(values):
    return ms.Tensor(onp.array(values, onp.int32).reshape(-1, 1))


def test_negative_indices_count_from_the_end():
    loss = nn.FocalLoss(reduction="none")
    onp.testing.assert_array_equal(loss(X, _labels([0, 1, -1, -3])).asnumpy(),
                                   loss(X, _labels([0, 1, 2, 0])).asnumpy())


@pytest.mark.parametrize("bad", [3, -4])
def test_indices_outside_the_classes_are_refused_by_name(bad):
    with pytest.raises(CellArgumentError, match=r"FocalLoss labels: expected class indices in "
                                                r"\[-3, 3\)"):
        nn.FocalLoss()(X, _labels([0, 1, bad, 0]))
