"""Record real MindSpore 2.10's answers for the cases in ``ops_fuzz15_cases.py``:
``/tmp/msvenv/bin/python make_ops_fuzz15_fixture.py`` (from this directory) writes
``ops_fuzz15_fixture.json``, which ``tests/test_cell_oracle_ops_fuzz15.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_fuzz15_cases import fuzz15_cases  # noqa: E402


def main(path):
    cases = fuzz15_cases()
    record_fixture(path, cases, skipped_key=False)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_fuzz15_fixture.json"))
