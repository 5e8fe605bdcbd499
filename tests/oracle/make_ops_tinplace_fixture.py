"""Record real MindSpore 2.10's answers for the Tensor-method cases in
``ops_tinplace_cases.py``: ``/tmp/msvenv/bin/python make_ops_tinplace_fixture.py`` (from
this directory) writes ``ops_tinplace_fixture.json``, which
``tests/test_cell_oracle_tensor_inplace.py`` replays."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import run_case  # noqa: E402
from ops_tinplace_cases import Methods, tinplace_cases  # noqa: E402


def main(path):
    mindspore.set_context(pynative_synchronize=True)
    cases = tinplace_cases()

    def grad_fn(fn, positions):
        return mindspore.grad(fn, grad_position=positions)

    for case in cases:
        case.update(run_case(case, mindspore, Methods(), grad_fn))
    with open(path, "w") as f:
        json.dump({"mindspore": mindspore.__version__, "cases": cases}, f,
                  separators=(",", ":"))
    print(f"{len(cases)} cases, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_tinplace_fixture.json"))
