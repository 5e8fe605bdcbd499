"""Record real MindSpore 2.10's answers for area primslin's cases
(``ops_primslin_cases.py``, ``ops_primslin_cases_lin.py``):
``/tmp/msvenv/bin/python make_ops_primslin_fixture.py`` (from this directory) writes
``ops_primslin_fixture.json``, which ``tests/test_cell_oracle_ops_primslin.py`` replays.
Complex inputs and outputs go through ``PrimRealView`` on both sides."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_primslin_cases import (PrimRealView, complex_cases, function_cases,  # noqa: E402
                                misc_cases)
from ops_primslin_cases_lin import linalg_prim_cases  # noqa: E402


def main(path):
    cases = complex_cases() + misc_cases() + function_cases() + linalg_prim_cases()
    record_fixture(path, cases, skipped_key=False, ops_view=PrimRealView)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_primslin_fixture.json"))
