"""Area nnrest's Cells (SyncBatchNorm, the *Ext Cells, the matrix Cells,
TripletMarginWithDistanceLoss, Jvp/Vjp, AdaFactor) and nn's submodules against MindSpore
2.10, recorded by ``tests/oracle_nn/make_nnrest_fixture.py``."""
import importlib
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn"))
import nnrest_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn",
                       "nnrest_fixture.json")) as _file:
    FIXTURE = json.load(_file)

# MindSpore 2.10's CPU build cannot run these (one line of reason each); ours compute them
# (the mint.nn Cells are replayed in test_cell_oracle_mintnn.py; the rest checked by
# finite differences and NumPy in test_nnrest_cells.py)
NO_CPU_KERNEL = {
    "ap1": "AvgPool1D kernel unregistered", "ap2": "AvgPool2D kernel unregistered",
    "ap3": "AvgPool3DExt kernel unregistered", "emb": "Embedding kernel unregistered",
    "emb_pad": "Embedding kernel unregistered", "l1": "L1LossExt kernel unregistered",
    "l1_none": "L1LossExt kernel unregistered", "ln": "LayerNormExt kernel fails",
    "ln_nobias": "LayerNormExt kernel fails", "logsm": "LogSoftmaxExt kernel unregistered",
    "mp2": "no FuncMaxPool2D on CPU", "det": "no DetTriangle on CPU",
    "inv": "no CholeskyTrsm on CPU", "diag": "no MatrixDiag on CPU",
    "diag_part": "no MatrixDiagPart on CPU", "diag_part_tall": "no MatrixDiagPart on CPU",
    "set_diag": "no MatrixSetDiag on CPU",
}
# Our class names are mint.nn's (nn.DropoutExt is mint.nn.Dropout, as in MindSpore, whose
# class is named DropoutExt): cells_and_names reads 'Dropout' where MindSpore reads it so
EXT_CLASS_NAME = {"drop_eval", "drop2_eval", "prelu", "prelu1"}
ACCEPTED_BAD = {  # MindSpore builds these; ours refuse at once
    "ln_eps_str": (TypeError, "eps"), "drop_p_big": (ValueError, "p"),
    "jvp_not_callable": (TypeError, "Jvp fn"),
}


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_cell_matches_mindspore(case):
    case_id, cls, kwargs, train, _ = case
    record = FIXTURE["cases"][case_id]
    if case_id in NO_CPU_KERNEL:
        assert "error" in record
        pytest.skip(NO_CPU_KERNEL[case_id])
    cell = getattr(nn, cls)(**kwargs)
    if case_id in EXT_CLASS_NAME:
        name = type(cell).__name__
        record = dict(record, cells_and_names=[[n, name] for n, _ in record["cells_and_names"]])
    replay.replay(ms, cell, record, train)


@pytest.mark.parametrize("case", cases.TRANSFORMS, ids=[c[0] for c in cases.TRANSFORMS])
def test_transform_cell_matches_mindspore(case):
    case_id, cls, fn, _ = case
    record = FIXTURE["transforms"][case_id]
    inputs = [ms.Tensor(replay.decode(x)) for x in record["inputs"]]
    v = [ms.Tensor(replay.decode(x)) for x in record["v"]]
    out = getattr(nn, cls)(cases.build_fn(fn))(*inputs, tuple(v) if len(v) > 1 else v[0])
    assert isinstance(out[1], tuple) == (record["structure"] == "'tuple'")
    flat = [out[0]] if not isinstance(out[0], tuple) else list(out[0])
    flat += list(out[1]) if isinstance(out[1], tuple) else [out[1]]
    assert len(flat) == len(record["outputs"])
    for i, (ours, item) in enumerate(zip(flat, record["outputs"])):
        replay.assert_close(ours, item, f"output {i}")


# A Dense bias before a training BatchNorm has a gradient of float32 rounding noise (the
# norm removes it), which AdaFactor scales up to a full step: compared everywhere else
NOISE_GRADIENT = {"af_bn": ("0.bias", "1.moving_mean")}  # the mean follows the bias


@pytest.mark.parametrize("case", cases.OPTIMIZERS, ids=[c[0] for c in cases.OPTIMIZERS])
def test_adafactor_steps_match_mindspore(case):
    run_id, cls, kwargs = case
    record = FIXTURE["optimizers"][run_id]
    optimizer, _ = replay.replay_optimizer(ms, nn, record, cls, kwargs,
                                           skipped=NOISE_GRADIENT.get(run_id, ()))
    ours = [p.name for p in optimizer.get_parameters()]
    theirs = record["optimizer_params"]
    if kwargs.get("beta1") == 0.0:  # MindSpore keeps one unnamed placeholder Parameter
        theirs = [n for n in theirs if not n.startswith("Parameter$")]
    assert sorted(ours) == sorted(theirs)


@pytest.mark.parametrize("case", cases.BAD_TYPES, ids=[c[0] for c in cases.BAD_TYPES])
def test_bad_argument_class_matches_mindspore(case):
    case_id, cls, args, kwargs = case
    expected = FIXTURE["bad_types"][case_id]
    if case_id in ACCEPTED_BAD:
        assert expected is None
        builtin, match = ACCEPTED_BAD[case_id]
    else:
        builtin = {"TypeError": TypeError, "ValueError": ValueError}[expected["builtin"]]
        match = getattr(nn, cls).__name__  # an Ext Cell is mint.nn's, named as there
    with pytest.raises(builtin, match=match):
        getattr(nn, cls)(*args, **kwargs)


@pytest.mark.parametrize("name", cases.SIGNATURE_CELLS)
def test_signature_matches_mindspore(name):
    ours, theirs = replay.signatures(getattr(nn, name), FIXTURE["signatures"][name])
    assert ours == theirs


# MindSpore's names we do not have (distributed, Ascend-only or not yet written)
LACKING = {"AdaSumByDeltaWeightWrapCell", "AdaSumByGradWrapCell",
           "OptTFTWrapper", "thor", "DistributedGradReducer", "GetNextSingleOp",
           "MicroBatchInterleaved", "ParameterUpdate", "PipelineCell", "PipelineGradReducer",
           "VirtualDatasetCellTriple", "rearrange_inputs", "Conv2dThor", "DenseThor",
           "EmbeddingLookupThor", "EmbeddingThor", "FractionalMaxPool3d", "CosineSimilarity"}


@pytest.mark.parametrize("name", sorted(cases.SUBMODULES))
def test_submodule_gives_mindspores_names(name):
    """``from mindspore.nn.<name> import X`` ports: every name MindSpore's submodule has
    (but those listed as lacking) is ``nn``'s own object."""
    module = importlib.import_module(f"minpy_compat.nn.{name}")
    recorded = FIXTURE["submodules"][name]
    for attr in recorded["all"]:
        if attr in LACKING:
            continue
        assert getattr(module, attr) is getattr(nn, attr), attr
    assert all(recorded["has"].values())
    assert getattr(nn, name) is module
