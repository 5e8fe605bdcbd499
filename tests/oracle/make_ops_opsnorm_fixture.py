"""Run the cases of ``ops_opsnorm_cases.py`` through real MindSpore 2.10 and keep its
answers: from this directory, ``/tmp/msvenv/bin/python make_ops_opsnorm_fixture.py``
writes ``ops_opsnorm_fixture.json`` (a ``"cases"`` list), and
``tests/test_cell_oracle_ops_opsnorm.py`` replays it on minpy_compat."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore  # noqa: E402
from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_opsnorm_cases import opsnorm_cases  # noqa: E402
from ops_primslin_cases import PrimRealView  # noqa: E402


def main(path):
    mindspore.set_context(pynative_synchronize=True)
    shared = our_names()
    record_fixture(path, opsnorm_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared,
                   ops_view=PrimRealView)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_opsnorm_fixture.json"))
