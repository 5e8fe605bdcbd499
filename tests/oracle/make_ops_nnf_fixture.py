"""Record real MindSpore 2.10's answers for the neural-network function cases in
``ops_nnf_cases.py``: ``/tmp/msvenv/bin/python make_ops_nnf_fixture.py`` (from this
directory) writes ``ops_nnf_fixture.json``, which ``tests/test_cell_oracle_ops_nnf.py``
replays on minpy_compat."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_nnf_cases import nnf_cases  # noqa: E402


def main(path):
    cases = nnf_cases()
    shared = our_names()
    record_fixture(path, cases, keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_nnf_fixture.json"))
