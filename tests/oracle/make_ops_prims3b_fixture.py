"""Run the round-3b primitive cases of ``ops_prims3b_cases.py`` through real MindSpore 2.10
and keep its answers: from this directory, ``/tmp/msvenv/bin/python
make_ops_prims3b_fixture.py`` writes ``ops_prims3b_fixture.json`` (a ``"cases"`` list), and
``tests/test_cell_oracle_ops_prims3b.py`` replays it on minpy_compat (dtypes in the
constructors decoded by ``oracle_io.make_op``, on both sides)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_prims3b_cases import prims3b_cases  # noqa: E402


def main(path):
    shared = our_names()
    record_fixture(path, prims3b_cases(),
                   keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_prims3b_fixture.json"))
