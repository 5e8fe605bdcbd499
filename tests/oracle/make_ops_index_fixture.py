"""Record real MindSpore 2.10's answers for the cases in ``ops_index_cases*.py``.

Run with a Python that has MindSpore (CPU, PyNative), from this directory:
``/tmp/msvenv/bin/python make_ops_index_fixture.py`` writes ``ops_index_fixture.json``,
which ``tests/test_cell_oracle_ops_index.py`` replays on minpy_compat.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_index_cases import scatter_cases, select_cases  # noqa: E402
from ops_index_cases_more import combine_cases, rearrange_cases  # noqa: E402


def main(path):
    cases = scatter_cases() + select_cases() + rearrange_cases() + combine_cases()
    record_fixture(path, cases, keep=lambda c: hasattr(ops, c["op"]))


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_index_fixture.json"))
