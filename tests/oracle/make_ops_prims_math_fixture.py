"""Record real MindSpore 2.10's answers for the primitive-class cases (math and array
part, ``ops_prims_math_cases.py``).

Run with a Python that has MindSpore (CPU, PyNative), from this directory:
``/tmp/msvenv/bin/python make_ops_prims_math_fixture.py`` writes
``ops_prims_math_fixture.json``, which ``tests/test_cell_oracle_ops_prims_math.py``
replays on minpy_compat.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore  # noqa: E402
from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import run_case  # noqa: E402
from ops_prims_math_cases import prims_math_cases  # noqa: E402


def main(path):
    # without it a kernel error surfaces at a later op's sync, blamed on the wrong case
    mindspore.set_context(pynative_synchronize=True)
    cases = prims_math_cases()
    kept = [c for c in cases if hasattr(ops, c["op"])]
    missing = sorted({c["op"] for c in cases} - {c["op"] for c in kept})

    def grad_fn(fn, positions):
        return mindspore.grad(fn, grad_position=positions)

    for case in kept:
        case.update(run_case(case, mindspore, ops, grad_fn))
    fixture = {"mindspore": mindspore.__version__, "skipped_ops": missing, "cases": kept}
    with open(path, "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
    print(f"{len(kept)} cases, skipped ops {missing}, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_prims_math_fixture.json"))
