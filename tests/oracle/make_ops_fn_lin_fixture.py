"""Record real MindSpore 2.10's answers for the cases in ``ops_fn_lin_cases.py`` and
``ops_fn_lin_cases_more.py``: ``/tmp/msvenv/bin/python make_ops_fn_lin_fixture.py`` (from
this directory) writes ``ops_fn_lin_fixture.json``, which
``tests/test_cell_oracle_ops_fn_lin.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_fn_lin_cases import RealView, linalg_cases  # noqa: E402
from ops_fn_lin_cases_more import fft_cases, math_cases, window_cases  # noqa: E402


def main(path):
    cases = linalg_cases() + fft_cases() + window_cases() + math_cases()
    record_fixture(path, cases, skipped_key=False, ops_view=RealView)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_fn_lin_fixture.json"))
