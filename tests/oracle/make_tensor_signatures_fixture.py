"""Record real MindSpore 2.10's answers to its spellings of the reduction methods
(``x.sum(1, True)``, ``x.mean(dim=1, keepdim=True)``, ``x.max(dim=0)``, ...):
``/tmp/msvenv/bin/python make_tensor_signatures_fixture.py`` (from this directory) writes
``tensor_signatures_fixture.json``, which ``tests/test_tensor_signatures_oracle.py`` replays.

A case is ``[input, method, args, kwargs]``; ``{"mstype": "float64"}`` is a dtype."""
import json
import os
import sys

import numpy as onp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from oracle_io import error, record  # noqa: E402

INPUTS = {
    "x": onp.array([[1., 5., 2.], [4., 3., 6.]], onp.float32),
    "d": onp.array([[0.5, -1.25, 2.0], [3.5, 0.75, -2.5]], onp.float64),
    "i": onp.array([[1, 5, 2], [4, 3, 6]], onp.int32),
    "b": onp.array([[True, False, True], [True, True, True]]),
    "c": onp.arange(24, dtype=onp.float32).reshape(2, 3, 4) % 7,
}
F64 = {"mstype": "float64"}

CASES = [
    # sum, mean, prod: dim=, keepdim=, a bool second positional, dtype=
    ["x", "sum", [1, True], {}], ["x", "sum", [], {"dim": 1, "keepdim": True}],
    ["x", "sum", [1], {"keepdim": True}], ["x", "sum", [], {"dim": 1, "dtype": F64}],
    ["x", "sum", [1, F64], {}], ["x", "sum", [], {"keepdim": True}],
    ["c", "sum", [], {"dim": [0, 2], "keepdim": True}], ["i", "sum", [], {"dim": 1}],
    ["i", "sum", [], {"dim": 1, "dtype": {"mstype": "float32"}}],
    ["x", "sum", [], {"axis": 1, "keep_dims": True}], ["x", "sum", [], {"axis": 1, "dim": 1}],
    ["x", "mean", [], {"axis": 1, "keep_dims": True}], ["x", "mean", [1, True], {}],
    ["c", "mean", [], {"dim": 0, "keepdim": True}], ["x", "mean", [], {"dim": 1, "dtype": F64}],
    ["x", "mean", [1, True], {"dtype": F64}], ["x", "mean", [1], {"keep_dims": True}],
    ["i", "mean", [], {"dim": 1}],
    ["x", "prod", [1, True], {}], ["x", "prod", [], {"dim": 1, "keepdim": True}],
    ["x", "prod", [], {"axis": 1, "keep_dims": True}], ["x", "prod", [1, True, F64], {}],
    ["x", "prod", [], {"dim": 1, "dtype": F64}], ["i", "prod", [1, True], {}],
    # all, any
    ["b", "all", [], {"dim": 0}], ["b", "all", [0, True], {}],
    ["b", "all", [], {"axis": 1, "keep_dims": True}], ["b", "all", [], {"dim": 1, "keepdim": True}],
    ["b", "any", [], {"dim": 0}], ["b", "any", [1, True], {}],
    ["b", "any", [], {"axis": 0, "keep_dims": True}],
    # argmax, argmin
    ["x", "argmax", [], {"dim": 1, "keepdim": True}], ["x", "argmax", [1, True], {}],
    ["x", "argmax", [], {"axis": 1, "keepdims": True}], ["x", "argmax", [], {"keepdim": True}],
    ["c", "argmax", [], {"dim": 2}], ["x", "argmin", [], {"dim": 0}],
    ["x", "argmin", [0, True], {}], ["x", "argmin", [], {"axis": 0}],
    # max, min: MindSpore's (values, indices) pair with dim
    ["x", "max", [], {"dim": 1}], ["x", "max", [1, True], {}], ["x", "max", [0], {"keepdim": True}],
    ["x", "max", [], {"dim": 0, "keepdim": True}], ["x", "max", [], {"axis": 0, "keepdims": True}],
    ["x", "max", [], {"axis": 1}], ["x", "max", [1], {}], ["c", "max", [], {"dim": -1}],
    ["x", "min", [], {"dim": 1}], ["x", "min", [0, False], {}],
    ["x", "min", [], {"axis": 1, "keepdims": True}], ["x", "min", [1], {}],
    # std, var: ddof second, unbiased=, correction=
    ["x", "std", [1], {}], ["x", "std", [], {"dim": 1}], ["x", "std", [1, 1], {}],
    ["x", "std", [1, 0, True], {}], ["x", "std", [], {"axis": 1, "ddof": 1, "keepdims": True}],
    ["x", "std", [], {"dim": 1, "correction": 1}], ["x", "std", [], {"dim": 1, "keepdim": True}],
    ["x", "std", [1], {"unbiased": False}], ["x", "std", [1, True], {}],
    ["x", "var", [1, True], {}], ["x", "var", [1], {"ddof": 1}], ["x", "var", [1, 0, True], {}],
    ["x", "var", [], {"dim": 1, "correction": 0, "keepdim": True}],
    ["x", "var", [1], {"unbiased": False}],
    # cumsum, cumprod
    ["x", "cumsum", [], {"dim": 0}], ["x", "cumsum", [], {"dim": 1, "dtype": F64}],
    ["i", "cumsum", [], {"dim": 1}], ["x", "cumprod", [], {"dim": 1}],
    ["x", "cumprod", [0], {}], ["x", "cumprod", [], {"dim": 1, "dtype": F64}],
    ["x", "cumsum", [], {"dim": 0, "axis": 0}],
    # where the two APIs conflict
    ["x", "transpose", [0, 1], {}], ["c", "transpose", [0, 1], {}],
]


def decode(value, lib):
    if isinstance(value, dict) and "mstype" in value:
        return getattr(lib, value["mstype"])
    if isinstance(value, list):
        return tuple(decode(v, lib) for v in value)
    return value


def run(case, lib):
    """What ``lib.Tensor(input).<method>(*args, **kwargs)`` gives, recorded."""
    name, method, args, kwargs = case
    x = lib.Tensor(INPUTS[name])
    try:
        return record(getattr(x, method)(*decode(args, lib),
                                         **{k: decode(v, lib) for k, v in kwargs.items()}))
    except (TypeError, ValueError, RuntimeError) as err:  # MindSpore raises in asnumpy too
        return error(err)


if __name__ == "__main__":
    import mindspore
    cases = [{"case": c, "out": run(c, mindspore)} for c in CASES]
    with open(os.path.join(HERE, "tensor_signatures_fixture.json"), "w") as f:
        json.dump({"mindspore": mindspore.__version__, "cases": cases}, f, indent=1)
