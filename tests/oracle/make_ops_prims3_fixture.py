"""Run the round-3 primitive cases of ``ops_prims3_cases.py`` through real MindSpore 2.10
and keep its answers: from this directory, ``/tmp/msvenv/bin/python
make_ops_prims3_fixture.py`` writes ``ops_prims3_fixture.json`` (a ``"cases"`` list), and
``tests/test_cell_oracle_ops_prims3.py`` replays it on minpy_compat (the optimizer
primitives through ``ops_prims3_cases.param_view``, on both sides)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_prims3_cases import param_view, prims3_cases  # noqa: E402


def main(path):
    shared = our_names()
    record_fixture(path, prims3_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared,
                   ops_view=param_view)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_prims3_fixture.json"))
