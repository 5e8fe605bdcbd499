"""Record real MindSpore 2.10's answers for the cases in ``ops_fn_rand_cases.py``:
``/tmp/msvenv/bin/python make_ops_fn_rand_fixture.py`` (from this directory) writes
``ops_fn_rand_fixture.json``, which ``tests/test_cell_oracle_ops_fn_rand.py`` replays."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_fn_rand_cases import fn_rand_cases  # noqa: E402


def main(path):
    cases = fn_rand_cases()
    record_fixture(path, cases, skipped_key=False)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_fn_rand_fixture.json"))
