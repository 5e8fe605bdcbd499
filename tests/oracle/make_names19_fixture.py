"""Record MindSpore 2.10's behaviour of the top-level, ``nn`` and ``common`` names added in
session 19 (``ms.tensor``, ``swap_tensors``, low-precision dtype names, log and syntax-level
switches, ``nn.AdamOffload``, ``nn.no_init_parameters``).

Run with the oracle's interpreter: ``python tests/oracle/make_names19_fixture.py``.
"""
import json
import os
import sys

for key in ("GLOG_v", "GLOG_logtostderr", "GLOG_log_dir", "GLOG_stderrthreshold"):
    os.environ.pop(key, None)
sys.path.insert(0, os.path.dirname(__file__))
import numpy as np  # noqa: E402
import mindspore as ms  # noqa: E402
from mindspore import nn  # noqa: E402
from mindspore.common.initializer import One  # noqa: E402

from log_lines_capture import log_lines  # noqa: E402


def plain(t):
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy().tolist(),
            "class": type(t).__name__}


def tensor_cases():
    return {"ints": plain(ms.tensor([1, 2, 3])), "float": plain(ms.tensor(2.5)),
            "bool": plain(ms.tensor(True)), "f64": plain(ms.tensor(np.ones(2, np.float64))),
            "f16": plain(ms.tensor([1.0, 2.0], ms.float16)),
            "init_one": plain(ms.tensor(dtype=ms.float32, shape=(2, 3), init=One())),
            "int_list_as_float": plain(ms.tensor([1, 2], ms.float32))}


def swap_cases():
    a, b = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])
    ms.swap_tensors(a, b)
    p, q = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w"), ms.Tensor([5.0, 6.0])
    ms.swap_tensors(p, q)
    try:
        ms.swap_tensors(ms.Tensor([1.0]), 3)
        refused = None
    except Exception as error:  # noqa: BLE001 -- the class is what we record
        refused = type(error).__name__
    return {"a": plain(a), "b": plain(b), "p": plain(p), "q": plain(q), "q_name": q.name,
            "not_tensor": refused}


def adam_offload_run(weight_decay):
    net = nn.Dense(3, 2, weight_init=ms.Tensor(np.arange(6.0).reshape(2, 3) / 10, ms.float32),
                   bias_init="zeros")
    opt = nn.AdamOffload(net.trainable_params(), learning_rate=0.1, weight_decay=weight_decay)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x = ms.Tensor(np.linspace(-1, 1, 12).reshape(4, 3), ms.float32)
    y = ms.Tensor(np.linspace(0, 1, 8).reshape(4, 2), ms.float32)
    losses = [float(step(x, y).asnumpy()) for _ in range(4)]
    return {"losses": losses, "weight": net.weight.asnumpy().tolist(),
            "bias": net.bias.asnumpy().tolist()}


def no_init_cases():
    with nn.no_init_parameters():
        net = nn.Dense(3, 2)
    made = net.init_parameters_data()
    return {"names": sorted(p.name for p in made),
            "shapes": {p.name: list(p.shape) for p in net.get_parameters()}}


def main():
    fixture = {
        "tensor": tensor_cases(),
        "swap": swap_cases(),
        "low_precision": {name: [repr(getattr(ms, name)), str(getattr(ms, name))]
                          for name in ("bfloat16", "float8_e4m3fn", "float8_e5m2", "hifloat8",
                                       "qint4x2")},
        "syntax_levels": {name: getattr(ms, name) for name in ("STRICT", "COMPATIBLE", "LAX")},
        "log": {"level": ms.get_level(), "config": ms.get_log_config(),
                "launch_blocking": repr(ms.launch_blocking())},
        "log_lines": {str(level): log_lines("mindspore", sys.executable, level)
                      for level in (None, "1", "3")},
        "adam_offload": {"plain": adam_offload_run(0.0), "decay": adam_offload_run(0.01)},
        "no_init": no_init_cases(),
        "common_same_as_top": sorted(
            name for name in ("tensor", "swap_tensors", "bfloat16", "set_seed", "get_seed",
                              "from_numpy", "is_tensor", "float32", "Tensor", "Parameter")
            if getattr(ms.common, name) is getattr(ms, name)),
    }
    path = os.path.join(os.path.dirname(__file__), "names19_fixture.json")
    with open(path, "w") as f:
        json.dump(fixture, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
