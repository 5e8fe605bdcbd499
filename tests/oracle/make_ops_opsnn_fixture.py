"""Record real MindSpore 2.10's answers for the cases in ``ops_opsnn_cases.py``:
``/tmp/msvenv/bin/python make_ops_opsnn_fixture.py`` (from this directory) writes
``ops_opsnn_fixture.json``, which ``tests/test_cell_oracle_ops_opsnn.py`` replays on
minpy_compat. It also records, under ``no_cpu_kernel``, the first line of the error each
name of ``ops_opsnn_cases.NO_CPU_KERNEL`` raises on a small float32 call (why they are
left out)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as onp  # noqa: E402
import mindspore  # noqa: E402
from mindspore import Tensor, ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_opsnn_cases import NO_CPU_KERNEL, opsnn_cases  # noqa: E402


def _t(*shape):
    return Tensor(onp.linspace(-1.0, 1.0, int(onp.prod(shape))).reshape(shape).astype("f4"))


def _i(values):
    return Tensor(onp.array(values, dtype="int32"))


CALLS = {  # one small call each, in MindSpore 2.10's signature
    "SoftMarginLoss": lambda: ops.SoftMarginLoss()(_t(2, 3), _t(2, 3)),
    "TripletMarginLoss": lambda: ops.TripletMarginLoss()(_t(2, 3), _t(2, 3), _t(2, 3),
                                                         _t(1)[0]),
    "MultilabelMarginLoss": lambda: ops.MultilabelMarginLoss()(_t(2, 4), _i([[1, -1, 0, 0]] * 2)),
    "RmsNorm": lambda: ops.RmsNorm()(_t(2, 4), _t(4)),
    "rms_norm": lambda: ops.rms_norm(_t(2, 4), _t(4)),
    "add_rms_norm": lambda: ops.add_rms_norm(_t(2, 4), _t(2, 4), _t(4)),
    "layer_norm": lambda: ops.layer_norm(_t(2, 4), (4,), _t(4), _t(4)),
    "add_layer_norm": lambda: ops.add_layer_norm(_t(2, 4), _t(2, 4), _t(4), _t(4)),
    "embedding": lambda: ops.embedding(_i([[0, 2], [1, 3]]), _t(4, 3)),
    "mse_loss_ext": lambda: ops.mse_loss_ext(_t(2, 3), _t(2, 3)),
    "swiglu": lambda: ops.swiglu(_t(2, 4)),
    "rotary_position_embedding": lambda: ops.rotary_position_embedding(
        _t(1, 2, 3, 4), _t(1, 1, 3, 4), _t(1, 1, 3, 4)),
    "ApplyRotaryPosEmb": lambda: ops.ApplyRotaryPosEmb()(
        _t(2, 8).astype("float16"), _t(2, 8).astype("float16"), _t(4, 4).astype("float16"),
        _t(4, 4).astype("float16"), _i([0, 1])),
    "LogSoftmaxExt": lambda: ops.LogSoftmaxExt()(_t(2, 3), 1),
    "adaptive_avg_pool2d_ext": lambda: ops.adaptive_avg_pool2d_ext(_t(1, 2, 5, 5), (2, 3)),
    "BasicLSTMCell": lambda: ops.BasicLSTMCell()(_t(2, 3), _t(2, 4), _t(2, 4), _t(7, 16),
                                                 _t(16)),
    "DynamicRNN": lambda: ops.DynamicRNN()(*(a.astype("float16") for a in (
        _t(2, 1, 16), _t(32, 64), _t(64))), None, _t(1, 1, 16).astype("float16"),
        _t(1, 1, 16).astype("float16")),
    "DynamicGRUV2": lambda: ops.DynamicGRUV2()(*(a.astype("float16") for a in (
        _t(2, 8, 64), _t(64, 48), _t(16, 48), _t(48), _t(48))), None,
        _t(8, 16).astype("float16")),
    "Dilation2D": lambda: ops.Dilation2D((1, 1, 1, 1), (1, 1, 1, 1), "same")(
        _t(1, 3, 5, 5), _t(3, 2, 2)),
    "ExtractImagePatches": lambda: ops.ExtractImagePatches((1, 1, 2, 2), (1, 1, 1, 1),
                                                           (1, 1, 1, 1))(_t(1, 2, 4, 4)),
    "DepthwiseConv2dNative": lambda: ops.DepthwiseConv2dNative(1, 3)(_t(1, 2, 5, 5),
                                                                     _t(1, 2, 3, 3)),
    "SpaceToBatch": lambda: ops.SpaceToBatch(2, [[0, 0], [0, 0]])(_t(1, 1, 2, 2)),
    "BatchToSpace": lambda: ops.BatchToSpace(2, [[0, 0], [0, 0]])(_t(4, 1, 1, 1)),
    "BatchToSpaceNDV2": lambda: ops.BatchToSpaceNDV2()(
        _t(4, 1, 1, 1), Tensor(onp.array([2, 2])), Tensor(onp.zeros((2, 2), "int64"))),
    "DropoutGenMask": lambda: ops.DropoutGenMask()((2, 3), _t(1)[0]),
    "DropoutDoMask": lambda: ops.DropoutDoMask()(_t(2, 3), Tensor(onp.array([255, 0], "uint8")),
                                                 _t(1)[0]),
    "SplitV": lambda: ops.SplitV([1, 2], 1, 2)(_t(2, 3)),
}


def no_cpu_kernel():
    """``{name: first line of its error}``; a name that runs is a LookupError (list it)."""
    found = {}
    for name in NO_CPU_KERNEL:
        try:
            out = CALLS[name]()
            [o.asnumpy() for o in (out if isinstance(out, tuple) else (out,))]
        except (RuntimeError, TypeError, ValueError) as err:
            lines = [line for line in str(err).split("\n")
                     if line.strip() and not line.startswith("-")]
            found[name] = f"{type(err).__name__}: {lines[0][:160] if lines else ''}"
            continue
        raise LookupError(f"ops.{name} runs on this MindSpore: take it out of NO_CPU_KERNEL.")
    return found


def main(path):
    mindspore.set_context(pynative_synchronize=True)
    shared = our_names()
    skipped = no_cpu_kernel()
    record_fixture(path, opsnn_cases(), keep=lambda c: hasattr(ops, c["op"])
                   and c["op"] in shared, no_cpu_kernel=skipped)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_opsnn_fixture.json"))
