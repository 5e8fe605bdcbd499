"""Run the CTC cases of ``ops_ctc_cases.py`` through real MindSpore 2.10
and keep its answers: from this directory, ``/tmp/msvenv/bin/python
make_ops_ctc_fixture.py`` writes ``ops_ctc_fixture.json`` (a ``"cases"`` list), and
``tests/test_cell_oracle_ops_ctc.py`` replays it on minpy_compat. Cases whose op either
library lacks are left out and named under ``"skipped_ops"``."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore  # noqa: E402
from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import run_case  # noqa: E402
from ops_ctc_cases import ctc_cases  # noqa: E402

OUT = os.path.join(HERE, "ops_ctc_fixture.json")


def _mindspore_grad(fn, positions):
    return mindspore.grad(fn, grad_position=positions)


def main():
    # a kernel error must surface at its own case, not at a later op's sync
    mindspore.set_context(pynative_synchronize=True)
    shared = our_names()
    cases, skipped = [], set()
    for case in ctc_cases():
        if not hasattr(ops, case["op"]) or case["op"] not in shared:
            skipped.add(case["op"])
            continue
        case.update(run_case(case, mindspore, ops, _mindspore_grad))
        cases.append(case)
    record = {"mindspore": mindspore.__version__, "skipped_ops": sorted(skipped),
              "cases": cases}
    with open(OUT, "w") as f:
        json.dump(record, f, separators=(",", ":"))
    print(f"{len(cases)} cases, skipped {sorted(skipped)}, {os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    main()
