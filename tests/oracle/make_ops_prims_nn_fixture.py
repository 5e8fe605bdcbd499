"""Record real MindSpore 2.10's answers for the neural-network primitive cases in
``ops_prims_nn_cases.py``: ``/tmp/msvenv/bin/python make_ops_prims_nn_fixture.py``
(from this directory) writes ``ops_prims_nn_fixture.json``, which
``tests/test_cell_oracle_ops_prims_nn.py`` replays on minpy_compat."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_prims_nn_cases import prims_nn_cases  # noqa: E402


def main(path):
    cases = prims_nn_cases()
    shared = our_names()
    record_fixture(path, cases, keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_prims_nn_fixture.json"))
