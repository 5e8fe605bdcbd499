"""Record real MindSpore 2.10's answers for the cases in ``ops_fuzzleft_cases.py``:
``/tmp/msvenv/bin/python make_ops_fuzzleft_fixture.py`` (from this directory) writes
``ops_fuzzleft_fixture.json``, which ``tests/test_cell_oracle_ops_fuzzleft.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_fuzzleft_cases import fuzzleft_cases  # noqa: E402


def main(path):
    cases = fuzzleft_cases()
    record_fixture(path, cases, skipped_key=False)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_fuzzleft_fixture.json"))
