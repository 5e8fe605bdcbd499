"""Record MindSpore 2.10 on ``fuzznn16_cases*.py`` into ``fuzznn16_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_fuzznn16_fixture.py
MindSpore 2.10's CPU build does not write ``add_``, ``sub_``, ``mul_``, ``div_``, ``exp_``
(they return the result, the Tensor stays as it was: ``Parameter([1.]).add_(1)`` stays 1)
and lacks the kernels of ``clamp_``, ``masked_fill_``, ``fill_``, ``zero_``, ``sigmoid_``,
``tanh_``. Those are bridged here by writing the out-of-place result through ``copy_``
(which works, gradient included), as ``make_mintoptim_fixture.py`` does for the optimizers.
"""
import json
import os
import sys

import mindspore as ms
from mindspore import mint, nn, ops

_OUT_OF_PLACE = {
    "add_": lambda s, other, alpha=1: s + other * alpha,
    "sub_": lambda s, other, alpha=1: s - other * alpha,
    "mul_": lambda s, other: s * other, "div_": lambda s, other: s / other,
    "exp_": ops.exp, "sigmoid_": ops.sigmoid, "tanh_": ops.tanh,
    "clamp_": lambda s, min=None, max=None: ops.clamp(s, min, max),
    "masked_fill_": lambda s, mask, value: ops.masked_fill(s, mask, ms.Tensor(value, s.dtype)),
    "fill_": lambda s, value: ops.zeros_like(s) + value, "zero_": ops.zeros_like,
}


def _bridge(name, fn):
    def method(self, *args, **kwargs):
        self.copy_(fn(self + 0, *args, **kwargs))  # a copy: the write keeps its input
        return self
    return method


for _name, _fn in _OUT_OF_PLACE.items():
    setattr(ms.Tensor, _name, _bridge(_name, _fn))

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fuzznn16_cases as cases  # noqa: E402
import fuzznn16_cases2 as cases2  # noqa: E402

if __name__ == "__main__":
    ms.set_context(pynative_synchronize=True)
    modules = {"ms": ms, "mint": mint, "nn": nn, "ops": ops}
    fixture = {"mindspore": ms.__version__,
               "cases": {c[0]: cases.run(modules, c)
                         for c in cases.cell_cases() + cases2.cases()}}
    with open(os.path.join(HERE, "fuzznn16_fixture.json"), "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
    print(len(fixture["cases"]), "cases;",
          sum("error" in v for v in fixture["cases"].values()), "errors")
