"""``mint.nn`` Cells and ``mint.nn.functional`` functions against MindSpore 2.10: outputs,
input and Parameter gradients, names, constructor signatures and the exception class of
bad arguments, recorded by ``tests/oracle_nn/make_mintnn_fixture.py``. Most ``mint``
kernels are Ascend-only in MindSpore 2.10's CPU build: those cases record the error and
are covered by ``tests/test_mintnn.py`` (NumPy references, finite differences)."""
import inspect
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import mint

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import mintnn_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

with open(os.path.join(HERE, "mintnn_fixture.json")) as _file:
    FIXTURE = json.load(_file)
BUILTINS = {"TypeError": TypeError, "ValueError": ValueError}
# MindSpore's classes behind mint.nn names (cells_and_names records the class name)
CLASS_NAMES = {"DropoutExt": "Dropout", "Dropout2dExt": "Dropout2d", "HSigmoid": "Hardsigmoid",
               "HSwish": "Hardswish", "HShrink": "Hardshrink", "SoftShrink": "Softshrink",
               "PReLUExt": "PReLU", "SoftmaxExt": "Softmax", "UpsampleExt": "Upsample",
               "EmbeddingExt": "Embedding", "LayerNormExt": "LayerNorm",
               "MaxPool2dExt": "MaxPool2d", "FnCell": "FnCell"}
# Where we knowingly differ from MindSpore 2.10 (one line of reason each).
ACCEPTED_BAD = {  # case -> (the class raised here, reason)
    "bn_momentum_str": (TypeError, "MindSpore builds BatchNorm2d(momentum='a') and fails "
                                   "in the forward pass; here a TypeError at construction"),
    "crossentropy_reduction": (ValueError, "MindSpore builds CrossEntropyLoss(reduction="
                                           "'avg') and fails later; here at construction"),
    "pixelshuffle_str": (TypeError, "MindSpore builds PixelShuffle('2') and fails later; "
                                    "here a TypeError at construction"),
    "gelu_approx": (ValueError, "MindSpore builds GELU(approximate='fast') and fails later; "
                                "here a ValueError at construction"),
    "pad_tuple_len": (TypeError, "a padding tuple of the wrong length is a TypeError here "
                                 "(as for any non-int padding); MindSpore's is a ValueError"),
}
# MindSpore's BCELoss wraps an inner nn.BCELoss Cell ('bce_loss'); ours computes directly
ACCEPTED_TREE = {"bceloss"}


class FnCell(ms.nn.Cell):
    """A ``mint.nn.functional`` function as a Cell (as the generator records it)."""

    def __init__(self, fn, kwargs):
        super().__init__()
        self.fn, self.kwargs = fn, kwargs

    def construct(self, *inputs):
        return self.fn(*inputs, **self.kwargs)


def _build(name, kwargs):
    if name.startswith("F."):
        return FnCell(getattr(mint.nn.functional, name[2:]), kwargs)
    return getattr(mint.nn, name)(**kwargs)


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_matches_mindspore(case):
    case_id, name, kwargs, train, _ = case
    record = dict(FIXTURE["cases"][case_id])
    if "error" in record:  # MindSpore 2.10's CPU build cannot run it: ours must
        return _computes(case_id, name, kwargs, train)
    record["cells_and_names"] = [[n, CLASS_NAMES.get(c, c)] for n, c in
                                 record["cells_and_names"]]
    if case_id in ACCEPTED_TREE:
        record["cells_and_names"] = record["cells_and_names"][:1]
    cell = _build(name, kwargs)
    if name.startswith("F."):
        record.pop("cells_and_names")
        record["cells_and_names"] = replay.names(cell)["cells_and_names"]
    replay.replay(ms, cell, record, train)


def _computes(case_id, name, kwargs, train):
    """Where MindSpore's CPU kernel is missing, ours runs the case's seeded inputs: a finite
    output of the inputs' float dtype and finite gradients of the inputs' and the
    Parameters' shapes (the values are checked by finite differences in test_mintnn.py
    for the Cells it covers, and against NumPy formulas there)."""
    from minpy_compat import ops
    seed = [c[0] for c in cases.CASES].index(case_id)
    rng = onp.random.default_rng(3000 + seed)
    inputs = [ms.Tensor(cases.make_input(spec, rng)) for spec in cases.CASES[seed][4]]
    cell = _build(name, kwargs)
    cell.set_train(train)
    out = cell(*inputs)
    for item in (out if isinstance(out, tuple) else (out,)):
        if onp.asarray(item).dtype.kind == "f":
            assert onp.isfinite(onp.asarray(item)).all() and onp.asarray(item).dtype == onp.float32
    if not any(onp.asarray(x).dtype.kind == "f" for x in inputs):
        return
    weights = ms.ParameterTuple(cell.trainable_params())
    grads = ops.GradOperation(get_all=True, get_by_list=bool(len(weights)))(
        cell, weights)(*inputs) if len(weights) else (ops.GradOperation(get_all=True)(cell)(
            *inputs), ())
    for grad, value in zip(grads[0], inputs):
        assert grad.shape == value.shape and onp.isfinite(onp.asarray(grad)).all()
    for grad, param in zip(grads[1], weights):
        assert grad.shape == param.shape and onp.isfinite(onp.asarray(grad)).all()


def _signature(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    return [[p.name, repr(p.default) if p.default is not p.empty else None, str(p.kind)]
            for p in params]


@pytest.mark.parametrize("name", cases.SIGNATURE_CELLS)
def test_signature_matches_mindspore(name):
    ours, theirs = _signature(getattr(mint.nn, name)), FIXTURE["signatures"][name]
    cell_own = [["auto_prefix", "True"], ["flags", "None"]]  # Cell's own __init__
    if [p[:2] for p in theirs] in ([], cell_own):  # a Cell with no arguments of its own
        assert [p[:2] for p in ours] in ([], cell_own)
        return
    if name == "Identity":
        return  # MindSpore's takes (*args, **kwargs), ours none
    assert [p[:2] for p in ours] == [p[:2] for p in theirs]


@pytest.mark.parametrize("case", cases.BAD_TYPES, ids=[c[0] for c in cases.BAD_TYPES])
def test_bad_argument_raises_as_mindspore(case):
    case_id, cls, args, kwargs = case
    recorded = FIXTURE["bad_types"][case_id]
    if case_id in ACCEPTED_BAD:
        with pytest.raises(ACCEPTED_BAD[case_id][0], match=cls):
            getattr(mint.nn, cls)(*args, **kwargs)
        return
    with pytest.raises(BUILTINS[recorded["builtin"]], match=cls):
        getattr(mint.nn, cls)(*args, **kwargs)
