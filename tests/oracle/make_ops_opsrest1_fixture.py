"""Record real MindSpore 2.10's answers for area opsrest1's cases
(``ops_opsrest1_cases.py``, ``ops_opsrest1_cases_fn.py``): ``/tmp/msvenv/bin/python
make_ops_opsrest1_fixture.py`` (from this directory) writes ``ops_opsrest1_fixture.json``,
which ``tests/test_cell_oracle_ops_opsrest1.py`` replays. Both sides call the ops through
``rest_view`` (complex values as (real, imag) pairs; the step primitives on Parameters)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_opsrest1_cases import inplace_cases, optim_cases, prim_cases, rest_view  # noqa: E402
from ops_opsrest1_cases_fn import (diag_cases, function_cases,  # noqa: E402
                                   stft_cases)


def main(path):
    cases = (optim_cases() + inplace_cases() + prim_cases() + function_cases() + diag_cases()
             + stft_cases())
    record_fixture(path, cases, skipped_key=False, ops_view=rest_view)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_opsrest1_fixture.json"))
