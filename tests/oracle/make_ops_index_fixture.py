"""Record real MindSpore 2.10's answers for the cases in ``ops_index_cases*.py``.

Run with a Python that has MindSpore (CPU, PyNative), from this directory:
``/tmp/msvenv/bin/python make_ops_index_fixture.py`` writes ``ops_index_fixture.json``,
which ``tests/test_cell_oracle_ops_index.py`` replays on minpy_compat.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore  # noqa: E402
from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import run_case  # noqa: E402
from ops_index_cases import scatter_cases, select_cases  # noqa: E402
from ops_index_cases_more import combine_cases, rearrange_cases  # noqa: E402


def main(path):
    # without it a kernel error surfaces at a later op's sync, blamed on the wrong case
    mindspore.set_context(pynative_synchronize=True)
    cases = scatter_cases() + select_cases() + rearrange_cases() + combine_cases()
    missing = sorted({c["op"] for c in cases if not hasattr(ops, c["op"])})
    kept = [c for c in cases if hasattr(ops, c["op"])]

    def grad_fn(fn, positions):
        return mindspore.grad(fn, grad_position=positions)

    for case in kept:
        case.update(run_case(case, mindspore, ops, grad_fn))
    with open(path, "w") as f:
        json.dump({"mindspore": mindspore.__version__, "skipped_ops": missing, "cases": kept},
                  f, separators=(",", ":"))
    print(f"{len(kept)} cases, skipped ops {missing}, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_index_fixture.json"))
