"""Record real MindSpore 2.10's answers to Tensor-method calls
(``tensor_methods_cases*.py``): ``/tmp/msvenv/bin/python make_tensor_methods_fixture.py``
(from this directory) writes ``tensor_methods_fixture.json``, which
``tests/test_cell_oracle_tensor_methods.py`` replays."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import run_case  # noqa: E402
from tensor_methods_cases import METHODS, elementwise_cases, matrix_cases  # noqa: E402
from tensor_methods_cases_more import (indexing_cases, reduction_cases,  # noqa: E402
                                       shaping_cases)


def main(path):
    # without it a kernel error surfaces at a later op's sync, blamed on the wrong case
    mindspore.set_context(pynative_synchronize=True)
    cases = elementwise_cases() + matrix_cases() + shaping_cases() + indexing_cases() \
        + reduction_cases()

    def grad_fn(fn, positions):
        return mindspore.grad(fn, grad_position=positions)

    for case in cases:
        case.update(run_case(case, mindspore, METHODS, grad_fn))
    with open(path, "w") as f:
        json.dump({"mindspore": mindspore.__version__, "cases": cases}, f,
                  separators=(",", ":"))
    print(f"{len(cases)} cases, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main(os.path.join(HERE, "tensor_methods_fixture.json"))
