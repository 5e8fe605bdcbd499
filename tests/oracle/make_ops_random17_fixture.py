"""Record real MindSpore 2.10's answers for the cases in ``ops_random17_cases.py``:
``/tmp/msvenv/bin/python make_ops_random17_fixture.py`` (from this directory) writes
``ops_random17_fixture.json``, which ``tests/test_cell_oracle_ops_random17.py`` replays.
(``record_fixture`` sets ``pynative_synchronize=True``.)"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


from make_ops_fixture import HERE  # noqa: E402
from oracle_io import record_fixture  # noqa: E402
from ops_random17_cases import random17_cases, view  # noqa: E402


def main(path):
    record_fixture(path, random17_cases(), skipped_key=False, ops_view=view)


if __name__ == "__main__":
    main(os.path.join(HERE, "ops_random17_fixture.json"))
