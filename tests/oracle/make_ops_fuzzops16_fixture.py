"""Record real MindSpore 2.10's answers for the cases in ``ops_fuzzops16_cases.py``:
``/tmp/msvenv/bin/python make_ops_fuzzops16_fixture.py`` (from this directory) writes
``ops_fuzzops16_fixture.json``, which ``tests/test_cell_oracle_ops_fuzzops16.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_fuzzops16_cases import fuzzops16_cases  # noqa: E402


def main(path):
    cases = fuzzops16_cases()
    record_fixture(path, cases, skipped_key=False)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_fuzzops16_fixture.json"))
