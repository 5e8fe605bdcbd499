"""Bad inputs to each Cell added in round 3, at call time (wrong rank, wrong channel count,
int and bool inputs, an empty batch), in eval and training mode: either the Cell computes
(as MindSpore's does: activations and padding take any rank, padding any dtype) or it
raises MindSpore's class (ValueError / TypeError) with a message that starts with the
Cell's name; an empty batch gives an empty batch. Then the regressions the round-3 fuzzer
found, one test each."""
import re

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError

F32 = onp.float32
CELLS = {  # name: (make, a good input shape)
    "Conv1d": (lambda: nn.Conv1d(2, 3, 2), (2, 2, 5)),
    "Conv1dTranspose": (lambda: nn.Conv1dTranspose(2, 3, 2), (2, 2, 5)),
    "Conv2dTranspose": (lambda: nn.Conv2dTranspose(2, 3, 2), (2, 2, 4, 4)),
    "MaxPool1d": (lambda: nn.MaxPool1d(2, 2), (2, 2, 5)),
    "AvgPool1d": (lambda: nn.AvgPool1d(2, 2), (2, 2, 5)),
    "AdaptiveAvgPool1d": (lambda: nn.AdaptiveAvgPool1d(2), (2, 2, 5)),
    "AdaptiveMaxPool1d": (lambda: nn.AdaptiveMaxPool1d(2), (2, 2, 5)),
    "AdaptiveAvgPool2d": (lambda: nn.AdaptiveAvgPool2d(2), (2, 2, 4, 4)),
    "AdaptiveMaxPool2d": (lambda: nn.AdaptiveMaxPool2d(2), (2, 2, 4, 4)),
    "GroupNorm": (lambda: nn.GroupNorm(2, 4), (2, 4, 3, 3)),
    "InstanceNorm1d": (lambda: nn.InstanceNorm1d(2), (2, 2, 5)),
    "InstanceNorm2d": (lambda: nn.InstanceNorm2d(2), (2, 2, 4, 4)),
    "PReLU": (lambda: nn.PReLU(2), (2, 2, 5)),
    "LeakyReLU": (nn.LeakyReLU, (2, 2, 5)),
    "GELU": (nn.GELU, (2, 2, 5)),
    "ELU": (nn.ELU, (2, 2, 5)),
    "SiLU": (nn.SiLU, (2, 2, 5)),
    "Mish": (nn.Mish, (2, 2, 5)),
    "LogSigmoid": (nn.LogSigmoid, (2, 2, 5)),
    "Softmin": (nn.Softmin, (2, 2, 5)),
    "Hardtanh": (nn.Hardtanh, (2, 2, 5)),
    "Tanhshrink": (nn.Tanhshrink, (2, 2, 5)),
    "Softsign": (nn.Softsign, (2, 2, 5)),
    "ConstantPad1d": (lambda: nn.ConstantPad1d(1, 0.5), (2, 2, 5)),
    "ReflectionPad1d": (lambda: nn.ReflectionPad1d(1), (2, 2, 5)),
    "ReplicationPad1d": (lambda: nn.ReplicationPad1d(1), (2, 2, 5)),
    "ZeroPad2d": (lambda: nn.ZeroPad2d(1), (2, 2, 4, 4)),
    "ReflectionPad2d": (lambda: nn.ReflectionPad2d(1), (2, 2, 4, 4)),
    "ReplicationPad2d": (lambda: nn.ReplicationPad2d(1), (2, 2, 4, 4)),
    "Dropout1d": (lambda: nn.Dropout1d(0.5), (2, 2, 5)),
    "Dropout2d": (lambda: nn.Dropout2d(0.5), (2, 2, 4, 4)),
    "Unflatten": (lambda: nn.Unflatten(1, (2, 2)), (2, 4, 5)),
    "RNN": (lambda: nn.RNN(2, 3, batch_first=True), (4, 2, 2)),
    "LSTM": (lambda: nn.LSTM(2, 3, batch_first=True), (4, 2, 2)),
    "GRU": (lambda: nn.GRU(2, 3, batch_first=True), (4, 2, 2)),
}


def _bad(shape):
    return {"rank-1": onp.ones(shape[1:], F32), "rank+1": onp.ones(shape + (2,), F32),
            "vector": onp.ones(shape[-1:], F32),
            "channels": onp.ones(shape[:1] + (shape[1] + 1,) + shape[2:], F32),
            "int": onp.ones(shape, onp.int32), "bool": onp.ones(shape, bool),
            "empty": onp.ones((0,) + shape[1:], F32)}


@pytest.mark.parametrize("train", [False, True])
@pytest.mark.parametrize("name", sorted(CELLS))
def test_bad_inputs_raise_the_mindspore_class_naming_the_cell(name, train):
    make, shape = CELLS[name]
    for label, x in _bad(shape).items():
        cell = make()
        cell.set_train(train)
        try:
            out = cell(ms.Tensor(x))
        except (ValueError, TypeError) as error:
            assert isinstance(error, (CellArgumentError, CellTypeError)), (label, error)
            assert str(error).startswith(f"{name} "), (label, str(error))
            continue
        out = out[0] if isinstance(out, tuple) else out
        assert out.dtype == x.dtype or x.dtype.kind not in "fc" and out.dtype == F32, label
        if label == "empty":
            assert out.shape[0] == 0, out.shape


# ---- regressions the round-3 fuzzer found -----------------------------------------------------
@pytest.mark.parametrize("make, shape", [
    (lambda: nn.Conv1d(2, 3, 2), (2, 5)), (lambda: nn.Conv1dTranspose(2, 3, 2), (2, 2, 5, 1))])
def test_conv1d_rank_errors_name_the_1d_layout(make, shape):
    """Conv1d and Conv1dTranspose asked for "a rank-3 (N, C, H, W) tensor"."""
    with pytest.raises(CellArgumentError, match=r"Conv1d(Transpose)? input: expected a rank-3 "
                                                r"\(N, C, L\) tensor, got shape"):
        make()(ms.Tensor(onp.ones(shape, F32)))


def test_batchnorm1d_rank_error_names_its_layouts():
    """The shared check said (N, C, H, W) to BatchNorm1d too."""
    with pytest.raises(CellArgumentError, match=r"BatchNorm1d input: expected a rank-2 or "
                                                r"rank-3 \(N, C\) or \(N, C, L\) tensor"):
        nn.BatchNorm1d(2)(ms.Tensor(onp.ones((2,), F32)))


def test_groupnorm_errors_name_the_rank_range():
    """GroupNorm listed "rank-2 or rank-3 or ... or rank-32" in every shape error."""
    with pytest.raises(CellArgumentError, match=r"GroupNorm input: expected a rank 2 to 32 "
                                                r"\(N, C, \.\.\.\) tensor with C = 4, got shape "
                                                r"\(2, 3, 3\)\.$"):
        nn.GroupNorm(2, 4)(ms.Tensor(onp.ones((2, 3, 3), F32)))


@pytest.mark.parametrize("train", [False, True])
def test_groupnorm_takes_an_empty_batch(train):
    """An empty batch failed in NumPy's reshape ("cannot reshape array of size 0 into shape
    (0,2,newaxis)"); it gives an empty batch, as InstanceNorm and the convolutions do."""
    cell = nn.GroupNorm(2, 4)
    cell.set_train(train)
    out = cell(ms.Tensor(onp.ones((0, 4, 3, 3), F32)))
    assert out.shape == (0, 4, 3, 3) and out.dtype == F32


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("batch_first", [False, True])
def test_rnns_refuse_a_sequence_without_time_steps(kind, batch_first):
    """Zero time steps ended in NumPy's "need at least one array to stack"."""
    shape = (3, 0, 2) if batch_first else (0, 3, 2)
    with pytest.raises(CellArgumentError, match=rf"{kind} x: expected at least one time step, "
                                                rf"got shape {re.escape(str(shape))}\. Pass a"):
        getattr(nn, kind)(2, 3, batch_first=batch_first)(ms.Tensor(onp.ones(shape, F32)))


@pytest.mark.parametrize("name", ["GELU", "ELU", "Mish"])
@pytest.mark.parametrize("dtype", [onp.int32, onp.bool_])
def test_float_only_activations_name_the_cell(name, dtype):
    """GELU, ELU and Mish refused ints as "ops.gelu input", "ops.elu input_x", "ops.mish x"."""
    with pytest.raises(CellTypeError, match=rf"^{name} input: expected a float16, float32 or "
                                            "float64 Tensor"):
        getattr(nn, name)()(ms.Tensor(onp.ones((2, 3), dtype)))
