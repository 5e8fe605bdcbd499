"""Record real MindSpore 2.10's result dtypes (or exception types) for binary ops, Tensor
operators and unary float functions over input dtypes (``binary_dtype_cases.py``).

Run with a Python that has MindSpore (CPU, PyNative), from this directory:
``/tmp/msvenv/bin/python make_binary_dtypes_fixture.py`` writes ``binary_dtypes_fixture.json``,
which ``tests/test_ops_binary_dtypes_oracle.py`` replays on minpy_compat.
"""
import json
import os
import sys

import numpy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mindspore as ms  # noqa: E402
from mindspore import ops  # noqa: E402

from binary_dtype_cases import (BINARY_OPS, OPERATORS, UNARY_FLOAT_OPS,  # noqa: E402
                                UNARY_METHODS, binary_pairs, make_operand, outcome,
                                unary_inputs)


def _drain():
    """Let a failed op's pending error surface here, not in the next case."""
    for _ in range(3):
        try:
            ms.runtime.synchronize()
        except Exception:  # noqa: BLE001 - a left-over error from the case just run
            pass


def _outcome(run):
    """``outcome`` run twice when it fails, so an error left over by an earlier case cannot
    be recorded against this one."""
    first = outcome(run)
    _drain()
    if not first.startswith("error:"):
        return first
    second = outcome(run)
    _drain()
    return second


def _operand(name):
    return make_operand(name, ms.Tensor, numpy)


def main(path):
    ms.set_context(pynative_synchronize=True)
    fixture = {"ops": {}, "operators": {}, "unary_ops": {}, "unary_methods": {}}
    pairs = binary_pairs()
    for op in BINARY_OPS:
        fixture["ops"][op] = {f"{a}|{b}": _outcome(
            lambda: getattr(ops, op)(_operand(a), _operand(b))) for a, b in pairs}
    for symbol, function in OPERATORS.items():
        fixture["operators"][symbol] = {f"{a}|{b}": _outcome(
            lambda: function(_operand(a), _operand(b))) for a, b in pairs}
    for op in UNARY_FLOAT_OPS:
        fixture["unary_ops"][op] = {a: _outcome(lambda: getattr(ops, op)(_operand(a)))
                                    for a in unary_inputs()}
    for method in UNARY_METHODS:
        fixture["unary_methods"][method] = {a: _outcome(
            lambda: getattr(_operand(a), method)()) for a in unary_inputs()}
    try:
        ops.add(ms.Tensor(numpy.ones((2, 3), "float32")),
                ms.Tensor(numpy.ones((4,), "float32"))).asnumpy()
    except Exception as error:  # noqa: BLE001 - recorded for the replay
        fixture["broadcast_error"] = {"type": type(error).__name__, "message": str(error)}
    with open(path, "w") as f:
        json.dump(fixture, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(os.path.join(HERE, "binary_dtypes_fixture.json"))
