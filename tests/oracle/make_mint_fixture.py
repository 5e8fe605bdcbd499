"""Record real MindSpore 2.10's answers for ``mint``'s functions (``mint_cases.py``,
``mint_cases_more.py``): ``/tmp/msvenv/bin/python make_mint_fixture.py`` (from this directory)
writes ``mint_fixture.json``, which ``tests/test_cell_oracle_mint.py`` replays."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore  # noqa: E402
from mindspore import mint  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import run_case  # noqa: E402
from mint_cases import MintView, elementwise_cases, reduction_cases  # noqa: E402
from mint_cases_more import (creation_cases, indexing_cases, linear_cases,  # noqa: E402
                             shaping_cases)


def main(path):
    # without it a kernel error surfaces at a later op's sync, blamed on the wrong case
    mindspore.set_context(pynative_synchronize=True)
    cases = elementwise_cases() + reduction_cases() + shaping_cases() + indexing_cases() \
        + creation_cases() + linear_cases()

    def grad_fn(fn, positions):
        return mindspore.grad(fn, grad_position=positions)

    for case in cases:
        case.update(run_case(case, mindspore, MintView(mint), grad_fn))
    with open(path, "w") as f:
        json.dump({"mindspore": mindspore.__version__, "cases": cases}, f,
                  separators=(",", ":"))
    print(f"{len(cases)} cases, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main(os.path.join(HERE, "mint_fixture.json"))
