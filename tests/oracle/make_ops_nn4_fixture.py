"""Record real MindSpore 2.10's answers for the cases in ``ops_nn4_cases.py``:
``/tmp/msvenv/bin/python make_ops_nn4_fixture.py`` (from this directory) writes
``ops_nn4_fixture.json``, which ``tests/test_cell_oracle_ops_nn4.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_nn4_cases import nn4_cases  # noqa: E402


def main(path):
    cases = nn4_cases()
    record_fixture(path, cases, skipped_key=False)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_nn4_fixture.json"))
