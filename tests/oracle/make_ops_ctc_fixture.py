"""Run the CTC cases of ``ops_ctc_cases.py`` through real MindSpore 2.10
and keep its answers: from this directory, ``/tmp/msvenv/bin/python
make_ops_ctc_fixture.py`` writes ``ops_ctc_fixture.json`` (a ``"cases"`` list), and
``tests/test_cell_oracle_ops_ctc.py`` replays it on minpy_compat. Cases whose op either
library lacks are left out and named under ``"skipped_ops"``."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mindspore import ops  # noqa: E402

from make_ops_fixture import HERE, our_names  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_ctc_cases import ctc_cases  # noqa: E402


def main(path):
    cases = ctc_cases()
    shared = our_names()
    record_fixture(path, cases, keep=lambda c: hasattr(ops, c["op"]) and c["op"] in shared)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_ctc_fixture.json"))
